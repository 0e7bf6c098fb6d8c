import dayjs, { type Dayjs } from "dayjs";

/** The news list's date: short US form, month abbreviation, day, year ("Jan 5, 2026"). */
const SHORT_US = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

export function shortUsDate(date: Date): string {
  return SHORT_US.format(date);
}

/** The editor's date picker shows "January 5, 2026 9:30 AM" (the spec's "MMMM d, yyyy h:mm aa"). */
export const PUBLISHED_AT_FORMAT = "MMMM D, YYYY h:mm A";

export function formatPublishedAt(date: Date | Dayjs): string {
  return dayjs(date).format(PUBLISHED_AT_FORMAT);
}
