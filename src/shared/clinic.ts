/**
 * The clinic's details (Settings, "Clinic details", super admins): the one source of the name,
 * address, phone, e-mail, opening hours, map position and social addresses that the public pages
 * (header, footer, Get in Touch, map, JSON-LD, share tags, legal texts), the acknowledgement mail and
 * the portal show. The values below are the defaults a new site starts with (the spec's Millcreek,
 * UT 84124; the phone, e-mail and street are reserved fictional ones, 555-01xx and .example).
 * No zod here: the public pages import this module and its formatting helpers, and carry no zod.
 */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Monday for monday (built, not written out: the public pages carry this module). */
export const WEEKDAY_NAMES = Object.fromEntries(WEEKDAYS.map((day) => [day, day[0]!.toUpperCase() + day.slice(1)])) as Record<
  Weekday,
  string
>;

/** The spec's name of the clinic: the default of the setting, and the site's own wording (page titles). */
export const SPEC_CLINIC_NAME = "Millcreek Regenerative Wellness";

/** One weekday: closed, or open from `opens` to `closes` (24-hour HH:MM, opens before closes). */
export interface DayHours {
  closed: boolean;
  opens: string;
  closes: string;
}

export interface ClinicDetails {
  name: string;
  shortName: string;
  street: string;
  city: string;
  /** Two capital letters (UT). */
  state: string;
  /** 5 digits, or ZIP+4. */
  zip: string;
  /** The display form, (801) 555-0147; the tel: address is derived (phoneHref). */
  phone: string;
  email: string;
  privacyOfficerPhone: string;
  hours: Record<Weekday, DayHours>;
  latitude: number;
  longitude: number;
  /** https:// addresses; an empty one hides that network's icon. */
  social: { facebook: string; instagram: string; youtube: string };
}

const open = (opens: string, closes: string): DayHours => ({ closed: false, opens, closes });
const CLOSED: DayHours = { closed: true, opens: "09:00", closes: "17:00" };

export const DEFAULT_CLINIC: ClinicDetails = {
  name: SPEC_CLINIC_NAME,
  shortName: "Millcreek Wellness",
  street: "3300 S Highland Dr, Suite 200",
  city: "Millcreek",
  state: "UT",
  zip: "84124",
  phone: "(801) 555-0147",
  email: "care@millcreekwellness.example",
  privacyOfficerPhone: "(801) 555-0199",
  hours: {
    monday: open("09:00", "17:00"),
    tuesday: open("09:00", "17:00"),
    wednesday: open("09:00", "17:00"),
    thursday: open("09:00", "17:00"),
    friday: open("09:00", "17:00"),
    saturday: CLOSED,
    sunday: CLOSED,
  },
  latitude: 40.6989,
  longitude: -111.8404,
  social: {
    facebook: "https://www.facebook.com/millcreekregenerative",
    instagram: "https://www.instagram.com/millcreekregenerative",
    youtube: "https://www.youtube.com/@millcreekregenerative",
  },
};

/**
 * A date on which the clinic keeps other hours than its weekday's (a holiday: the clinic's date
 * overrides, issue 38): closed, or open from `opens` to `closes` (24-hour HH:MM). `date` is local, YYYY-MM-DD.
 */
export interface SpecialDay {
  date: string;
  closed: boolean;
  opens: string;
  closes: string;
}

/** The clinic's details as the public pages read them: with its special days of the coming weeks. */
export type PublicClinic = ClinicDetails & { specialDays: SpecialDay[] };

/** How many days ahead the site shows the clinic's special days (docs/decisions/0078-booking-race-bench-holidays.md). */
export const SPECIAL_DAYS_AHEAD = 60;

/**
 * schema.org specialOpeningHoursSpecification: one entry per special day, valid that day only; a closed
 * day opens and closes at 00:00 (how schema.org and search engines write "closed all day").
 */
export function specialOpeningHoursSpecification(days: readonly SpecialDay[]): Array<Record<string, unknown>> {
  return days.map((day) => ({
    "@type": "OpeningHoursSpecification",
    validFrom: day.date,
    validThrough: day.date,
    opens: day.closed ? "00:00" : day.opens,
    closes: day.closed ? "00:00" : day.closes,
  }));
}

/** The logo is a built file, not a setting. */
export const LOGO_PATH = "/images/logo.svg";

/** The digits of a US phone number (10, without the leading 1), or null when it is not one. */
export function phoneDigits(phone: string): string | null {
  if (!/^[\d\s().+-]+$/.test(phone)) return null;
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  // North American numbering: neither the area code nor the exchange starts with 0 or 1.
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

/** (801) 555-0147 for any accepted way of writing it. */
export function formatPhone(phone: string): string {
  const digits = phoneDigits(phone);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/** tel:+18015550147 for a stored phone (always the display form: 10 digits). */
export const phoneHref = (phone: string) => `tel:+1${phone.replace(/\D/g, "").slice(-10)}`;

/** Millcreek, UT 84124 */
export const cityStateZip = (clinic: ClinicDetails) => `${clinic.city}, ${clinic.state} ${clinic.zip}`;
/** 3300 S Highland Dr, Suite 200, Millcreek, UT 84124 */
export const fullAddress = (clinic: ClinicDetails) => `${clinic.street}, ${cityStateZip(clinic)}`;

/** 9:00 AM from 09:00. */
export function formatTime(time: string, format: TimeFormat = englishTime): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return format(h, String(m).padStart(2, "0"));
}

/** How a language writes a time of day from its hour (0-23) and minutes ("9:00 AM" in English). */
export type TimeFormat = (hour: number, minutes: string) => string;
const englishTime: TimeFormat = (h, m) => `${h % 12 || 12}:${m} ${h < 12 ? "AM" : "PM"}`;

/** The words hoursRows writes the hours in (English by default: the mail, JSON-LD). */
export interface HoursWords {
  closed: string;
  weekdays: Record<Weekday, string>;
  time: TimeFormat;
}

/**
 * The hours as the site shows them: consecutive open days with the same hours on one line
 * ("Monday - Friday", "9:00 AM - 5:00 PM"), each closed day on its own ("Saturday", "Closed").
 */
export function hoursRows(
  hours: ClinicDetails["hours"],
  words: HoursWords = { closed: "Closed", weekdays: WEEKDAY_NAMES, time: englishTime },
): Array<{ days: string; time: string }> {
  const { weekdays } = words;
  const rows: Array<{ days: string; time: string }> = [];
  let start = 0;
  while (start < WEEKDAYS.length) {
    const day = hours[WEEKDAYS[start]!];
    let end = start;
    while (!day.closed && end + 1 < WEEKDAYS.length && sameHours(day, hours[WEEKDAYS[end + 1]!])) end++;
    const first = weekdays[WEEKDAYS[start]!];
    rows.push({
      days: end > start ? `${first} - ${weekdays[WEEKDAYS[end]!]}` : first,
      time: day.closed ? words.closed : `${formatTime(day.opens, words.time)} - ${formatTime(day.closes, words.time)}`,
    });
    start = end + 1;
  }
  return rows;
}

const sameHours = (a: DayHours, b: DayHours) => !b.closed && a.opens === b.opens && a.closes === b.closes;

/** schema.org openingHoursSpecification: one entry per set of days with the same hours; closed days are left out. */
export function openingHoursSpecification(hours: ClinicDetails["hours"]): Array<Record<string, unknown>> {
  const groups = new Map<string, string[]>();
  for (const day of WEEKDAYS) {
    const h = hours[day];
    if (h.closed) continue;
    const key = `${h.opens}-${h.closes}`;
    groups.set(key, [...(groups.get(key) ?? []), WEEKDAY_NAMES[day]]);
  }
  return [...groups].map(([key, dayOfWeek]) => {
    const [opens, closes] = key.split("-");
    return { "@type": "OpeningHoursSpecification", dayOfWeek, opens, closes };
  });
}

/** The social addresses that are set, for JSON-LD sameAs and the icons. */
export function socialLinksOf(
  clinic: ClinicDetails,
): Array<{ platform: "facebook" | "instagram" | "youtube"; label: string; url: string }> {
  const labels = { facebook: "Facebook", instagram: "Instagram", youtube: "YouTube" } as const;
  return (Object.keys(labels) as Array<keyof typeof labels>)
    .filter((platform) => clinic.social[platform])
    .map((platform) => ({ platform, label: labels[platform], url: clinic.social[platform] }));
}
