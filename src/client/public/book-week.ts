import { CLINIC_TIME_ZONE } from "../../shared/clinic-date";

/**
 * The Book page's addresses and its week (issue 38), small enough for the route table: the page's code
 * itself is its own chunk (pages/BookPage.tsx).
 */
export const BOOK_DAYS = 7;

/** The clinic's local date of an instant (YYYY-MM-DD). */
export function clinicDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The week the page shows: from `day` (today when none, or one in the past). */
export function bookWeek(day: string | undefined): { from: string; to: string } {
  const today = clinicDay(new Date());
  const from = day && /^\d{4}-\d{2}-\d{2}$/.test(day) && day > today ? day : today;
  return { from, to: addDays(from, BOOK_DAYS - 1) };
}

export const bookPath = (slug: string, day?: string, start?: string) =>
  `/services/${encodeURIComponent(slug)}/book${day ? `/${day}` : ""}${start ? `/${encodeURIComponent(start)}` : ""}`;
