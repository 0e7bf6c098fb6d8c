import { clinicToday, formatDateTime } from "../../dates";

/** en-US, short month, with hour and minute, in the clinic's time zone: "Nov 22, 2026, 9:05 AM" (../../dates.ts). */
export function submittedAt(date: Date): string {
  return formatDateTime(date);
}

/** contact-submissions-YYYY-MM-DD.csv, with the clinic's current date (as the server names it). */
export function exportFilename(now = new Date()): string {
  return `contact-submissions-${clinicToday(now)}.csv`;
}
