/**
 * Dates as the clinic's visitors read them: "Jan 5, 2026", the calendar day in Utah (America/Denver).
 *
 * Written out rather than asked of Intl because a browser's first Intl formatter sets up its locale and
 * time zone data: 20-60 ms of main thread in Chromium here, in the middle of hydrating the news pages
 * (a long task on a slow phone). Utah keeps Mountain Time with the United States' daylight saving rule
 * of 2007: UTC-6 from the second Sunday of March at 2:00 (09:00 UTC) to the first Sunday of November at
 * 2:00 (08:00 UTC), UTC-7 otherwise. Outside the years that rule is known to hold here, Intl answers.
 * tests/clinic-date.test.ts compares this with Intl, hour by hour, over every year it covers: a change
 * of the rule in the time zone data shows there first.
 */
/** The clinic's time zone (Utah): the portal shows every date and time in it (issue 36), as the site does. */
export const CLINIC_TIME_ZONE = "America/Denver";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
export const RULE_YEARS = { from: 2007, to: 2040 } as const;
const HOUR = 3_600_000;

/** The UTC time of the n-th Sunday of a month (month 0-11) at `hourUtc`. */
function nthSunday(year: number, month: number, n: number, hourUtc: number): number {
  const firstDay = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const day = 1 + ((7 - firstDay) % 7) + (n - 1) * 7;
  return Date.UTC(year, month, day, hourUtc);
}

let intlFormat: Intl.DateTimeFormat | undefined;

/** The clinic's wall clock at `date`, as a Date whose UTC fields read Utah's; null outside RULE_YEARS. */
function utahWallClock(date: Date): Date | null {
  const time = date.getTime();
  const year = date.getUTCFullYear();
  if (year < RULE_YEARS.from || year > RULE_YEARS.to) return null;
  const summer = time >= nthSunday(year, 2, 2, 9) && time < nthSunday(year, 10, 1, 8);
  return new Date(time - (summer ? 6 : 7) * HOUR);
}

/** How a language writes a short date from Utah's year, month (0-11) and day ("Jan 5, 2026" in English). */
export type ShortDateFormat = (year: number, month: number, day: number) => string;
export const englishShortDate: ShortDateFormat = (year, month, day) => `${MONTHS[month]} ${day}, ${year}`;

export function formatClinicShortDate(date: Date, format: ShortDateFormat = englishShortDate): string {
  const local = utahWallClock(date);
  if (!local) {
    intlFormat ??= new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "numeric", day: "numeric", timeZone: CLINIC_TIME_ZONE });
    const [year, month, day] = intlFormat.format(date).split("-").map(Number);
    return format(year!, month! - 1, day!);
  }
  return format(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
}

/** The clinic's calendar day at `date` as "YYYY-MM-DD" (Utah's day, not the server's). */
export function clinicDay(date: Date): string {
  const local = utahWallClock(date);
  if (local) return local.toISOString().slice(0, 10);
  return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: CLINIC_TIME_ZONE }).format(date);
}

// ---------------------------------------------------------------- dates and times in words (the portal, the e-mails)

/** An en-US formatter of instants in the clinic's time zone (made when asked: the public pages use none). */
export const inClinicTimeZone = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: CLINIC_TIME_ZONE });

/** Recent ICU puts a narrow no-break space before AM/PM; a plain space reads and searches the same everywhere. */
export const plainSpaces = (text: string) => text.replace(/\u202f/g, " ");

const longFormats = new Map<boolean, Intl.DateTimeFormat>();

/**
 * "Monday, November 23, 2026 at 9:05 AM MST" in Utah, or with `seconds` "... at 9:05:07 AM MST": the
 * full form the e-mails (src/server/mail/text.ts) and the portal's tooltips (src/client/admin/dates.ts)
 * both write, so a mail and the screen it links to say the same hour for the same moment.
 */
export function formatClinicDateTimeLong(value: Date | string, { seconds = false } = {}): string {
  let format = longFormats.get(seconds);
  if (!format) {
    format = inClinicTimeZone({
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" as const } : {}),
      timeZoneName: "short",
    });
    longFormats.set(seconds, format);
  }
  return plainSpaces(format.format(new Date(value)));
}
