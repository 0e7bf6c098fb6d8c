import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { CLINIC_TIME_ZONE, clinicDay, formatClinicDateTimeLong, inClinicTimeZone, plainSpaces } from "../../shared/clinic-date";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Every date and time the portal shows, in the clinic's time zone (Utah, America/Denver; issue 36),
 * whatever the browser's: the site, its e-mails and the portal say the same hour for the same moment,
 * across daylight saving too. The one module of the portal that formats an instant; en-US words, as
 * admin-portal.md asks ("Dates are shown in en-US short-month format with hour and minute"). What the
 * e-mails write too (the clinic's zone, the long form) is src/shared/clinic-date.ts's.
 *
 * A date picker works in the browser's zone (antd's dayjs), so an instant goes into one as the clinic's
 * wall clock read as a local time (toPicker) and comes back as that wall clock in the clinic's zone
 * (fromPicker): staff pick 9:30 AM and it is 9:30 AM in Utah.
 */
const DATE_TIME = inClinicTimeZone({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
const TIME = inClinicTimeZone({ hour: "numeric", minute: "2-digit" });
const DAY = inClinicTimeZone({ month: "short", day: "numeric", year: "numeric" });
const WALL_CLOCK = new Intl.DateTimeFormat("en-CA", {
  timeZone: CLINIC_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** "Mar 5, 2025, 3:04 PM" in Utah. */
export function formatDateTime(value: Date | string): string {
  return plainSpaces(DATE_TIME.format(new Date(value)));
}

/** "Wednesday, March 5, 2025 at 3:04:05 PM MST", for a tooltip when the seconds (and the zone) matter. */
export function formatDateTimeFull(value: Date | string): string {
  return formatClinicDateTimeLong(value, { seconds: true });
}

/** "3:04 PM" in Utah. */
export function formatTime(value: Date | string): string {
  return plainSpaces(TIME.format(new Date(value)));
}

/** "Mar 5, 2025": the clinic's calendar day of an instant. */
export function formatDay(value: Date | string): string {
  return DAY.format(new Date(value));
}

/** Today in the clinic's calendar, "YYYY-MM-DD". */
export function clinicToday(now = new Date()): string {
  return clinicDay(now);
}

/** The first moment of a clinic's calendar day ("2026-03-08"), as an ISO instant. */
export function clinicDayStart(day: string): string {
  return dayjs.tz(`${day}T00:00:00`, CLINIC_TIME_ZONE).toISOString();
}

/** The last moment of a clinic's calendar day (the next day's first, less a millisecond), as an ISO instant. */
export function clinicDayEnd(day: string): string {
  const next = dayjs(day).add(1, "day").format("YYYY-MM-DD");
  return new Date(dayjs.tz(`${next}T00:00:00`, CLINIC_TIME_ZONE).valueOf() - 1).toISOString();
}

/** An instant as a date picker's value: the clinic's wall clock, read as a local time. */
export function toPicker(value: Date | string = new Date()): Dayjs {
  const parts = Object.fromEntries(WALL_CLOCK.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  return dayjs(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`);
}

/** A date picker's value (the clinic's wall clock) as the instant it names in Utah. */
export function fromPicker(value: Dayjs): Date {
  return dayjs.tz(value.format("YYYY-MM-DDTHH:mm:ss"), CLINIC_TIME_ZONE).toDate();
}
