import { z } from "zod";
import { NOT_A_PAGE, PAGE_PATH, PAGE_PATH_MAX, UTM_VALUE, UTM_VALUE_MAX } from "../visit-rules";

/**
 * First-party analytics (issue 25): what a public page's script tells the server (a beacon, one per
 * page view and per step of the inquiry form), and what the Analytics screen reads back. Nothing here
 * can name a visitor: no address, no browser string, no query string but a campaign's utm values, a
 * referrer as its domain only, and no tie to an inquiry (a sent inquiry's conversion token is checked;
 * only a hash of it is kept, until it expires).
 */

export const VISIT_KINDS = ["view", "start", "sent"] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** A public page's path: no query string, no fragment, no /admin, /api, /trpc or /uploads. */
const publicPath = z
  .string()
  .max(PAGE_PATH_MAX)
  .regex(PAGE_PATH)
  .refine((path) => !NOT_A_PAGE.test(path), "Not a public page");
/** A utm value or a service's slug as it may appear in an address: short, plain. */
const label = z.string().trim().max(UTM_VALUE_MAX).regex(UTM_VALUE);

export const visitBeacon = z.object({
  kind: z.enum(VISIT_KINDS),
  /** The page viewed (view), or the contact page (start, sent). */
  path: publicPath,
  /** The first page of this visit. */
  entry: z.boolean().optional(),
  /** On the first page only: the page the visitor came from (reduced to its domain on the server). */
  referrer: z.string().max(500).optional(),
  /** On the first page, and with the inquiry sent: the campaign of the address the visit began on. */
  utm: z
    .object({ source: label.optional(), medium: label.optional(), campaign: label.optional() })
    .refine((utm) => Object.values(utm).some(Boolean), "Give a utm source, medium or campaign, or no utm")
    .optional(),
  /** The service page that led to the contact page (its slug), on the contact page's view, start and sent. */
  via: label.optional(),
  /** With the inquiry sent: the page the visit entered on. */
  entryPath: publicPath.optional(),
  /** With the inquiry sent: the conversion token of the inquiry's answer (without a good one, unused and fresh, no conversion counts). */
  token: z.string().max(400).optional(),
});
export type VisitBeacon = z.infer<typeof visitBeacon>;
export const visitCountedAnswer = z.object({
  counted: z.boolean().describe("False for DNT, GPC or a robot (whether a conversion's token counted is not told)"),
});

/** How long a period the screen may ask for at once. */
export const ANALYTICS_MAX_DAYS = 400;

export const ANALYTICS_MESSAGES = {
  order: "The first day must not be after the last",
  tooLong: `A period is at most ${ANALYTICS_MAX_DAYS} days`,
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date (YYYY-MM-DD)");
export const analyticsPeriod = z
  .object({ from: day.describe("First day (the clinic's calendar), YYYY-MM-DD"), to: day.describe("Last day, YYYY-MM-DD") })
  .refine((value) => value.from <= value.to, { message: ANALYTICS_MESSAGES.order, path: ["to"] })
  .refine((value) => (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: ANALYTICS_MESSAGES.tooLong,
    path: ["from"],
  });

const row = z.object({
  key: z.string(),
  views: z.number().int(),
  visitors: z.number().int(),
  entries: z.number().int(),
  conversions: z.number().int(),
});
export const analyticsReportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ visitors: z.number().int(), views: z.number().int(), starts: z.number().int(), conversions: z.number().int() }),
  days: z.array(z.object({ day: z.string(), visitors: z.number().int(), views: z.number().int(), conversions: z.number().int() })),
  pages: z.array(row),
  referrers: z.array(row),
  campaigns: z.array(row),
  sources: z.array(row),
  devices: z.array(row),
  languages: z.array(row),
  funnel: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      visitors: z.number().int(),
      contacts: z.number().int(),
      starts: z.number().int(),
      conversions: z.number().int(),
      /** conversions / visitors, 0 when none. */
      rate: z.number(),
    }),
  ),
});
export type AnalyticsReport = z.infer<typeof analyticsReportAnswer>;
