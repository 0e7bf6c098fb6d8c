import dayjs, { type Dayjs } from "dayjs";
import { formatDay } from "../../dates";

/** The news list's date: short US form, month abbreviation, day, year ("Jan 5, 2026"), the clinic's day. */
export function shortUsDate(date: Date): string {
  return formatDay(date);
}

/** The editor's date picker shows "January 5, 2026 9:30 AM" (the spec's "MMMM d, yyyy h:mm aa"), the clinic's wall clock. */
export const PUBLISHED_AT_FORMAT = "MMMM D, YYYY h:mm A";

/** A picker's value (the clinic's wall clock: ../../dates.ts, toPicker) in the picker's words. */
export function formatPublishedAt(date: Dayjs): string {
  return dayjs(date).format(PUBLISHED_AT_FORMAT);
}
