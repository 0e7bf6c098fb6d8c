import { desc } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import type { ContactSubmissionValues } from "../../shared/schemas/contact";
import { CONTACT_DAY_CHOICES, CONTACT_TIME_CHOICES } from "../../shared/schemas/contact";
import { SITE } from "../../shared/site-settings";
import type { SecretBox } from "../auth/secret-box";
import { claimAttempt, secondsUntil, type LimitRule } from "../auth/throttle";
import type { Database } from "../db/client";
import { contactSubmissions } from "../db/schema";
import { errors } from "../errors";

/**
 * Appointment inquiries. They carry health information: healthConditions is stored encrypted, reads
 * and exports are written to the activity log by the router, and the CSV is safe to open in a
 * spreadsheet (every cell quoted; formula-like cells prefixed with ').
 */

export const CONTACT_THROTTLE_MESSAGE = `Too many messages were sent from your network. Please try again later or call us at ${SITE.phone}.`;

export async function submitContactForm(
  db: Database,
  secrets: SecretBox,
  rule: LimitRule,
  ip: string,
  input: ContactSubmissionValues,
) {
  // The submission claims its slot before anything is saved: one over the limit is refused and saves nothing.
  const claim = await claimAttempt(db, `contact:ip:${ip}`, rule);
  if (!claim.allowed) throw errors.tooManyRequests(CONTACT_THROTTLE_MESSAGE, secondsUntil(claim.retryAt));
  const [row] = await db
    .insert(contactSubmissions)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      availabilityDays: input.availabilityDays,
      availabilityTimes: input.availabilityTimes,
      servicesInterested: input.servicesInterested,
      healthConditions: input.healthConditions ? secrets.encrypt(input.healthConditions) : null,
      optInTexting: input.optInTexting,
      privacyPolicy: input.privacyPolicy,
      hipaaConsent: input.hipaaConsent,
      termsAndConditions: input.termsAndConditions,
    })
    .returning({ id: contactSubmissions.id, createdAt: contactSubmissions.createdAt });
  // The answer does not echo what was sent: health details travel one way only.
  return { success: true as const, id: row!.id, createdAt: row!.createdAt };
}

export type ContactSubmission = Omit<typeof contactSubmissions.$inferSelect, "healthConditions"> & {
  healthConditions: string | null;
};

/** Every submission, newest first, with health details decrypted for staff. */
export async function listContactSubmissions(db: Database, secrets: SecretBox): Promise<ContactSubmission[]> {
  const rows = await db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
  return rows.map((row) => ({ ...row, healthConditions: row.healthConditions ? safeDecrypt(secrets, row.healthConditions) : null }));
}

function safeDecrypt(secrets: SecretBox, sealed: string): string {
  try {
    return secrets.decrypt(sealed);
  } catch {
    return "[unreadable: encrypted with a different SECRET_KEY]";
  }
}

/** Neutralises spreadsheet formulas: a cell starting with = + - @ tab or CR gets a leading '. */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const dayLabel = new Map<string, string>(CONTACT_DAY_CHOICES.map((c) => [c.value, c.label]));
const timeLabel = new Map<string, string>(CONTACT_TIME_CHOICES.map((c) => [c.value, c.label]));
const yesNo = (value: boolean) => (value ? "Yes" : "No");

export function contactSubmissionsCsv(rows: ContactSubmission[]): string {
  const records = rows.map((row) => [
    row.createdAt.toISOString(),
    row.name,
    row.email,
    row.phone ?? "",
    row.servicesInterested.join("; "),
    row.availabilityDays.map((d) => dayLabel.get(d) ?? d).join("; "),
    row.availabilityTimes.map((t) => timeLabel.get(t) ?? t).join("; "),
    row.healthConditions ?? "",
    yesNo(row.optInTexting),
    yesNo(row.privacyPolicy),
    yesNo(row.hipaaConsent),
    yesNo(row.termsAndConditions),
  ]);
  const header = [
    "Submitted At",
    "Name",
    "Email",
    "Phone",
    "Services Interested",
    "Availability Days",
    "Availability Times",
    "Health Conditions",
    "Opt-in Texting",
    "Privacy Policy",
    "HIPAA Consent",
    "Terms and Conditions",
  ];
  return stringify([header, ...records.map((r) => r.map(csvSafeCell))], {
    quoted: true,
    quoted_empty: true,
    record_delimiter: "\r\n",
  });
}

/** contact-submissions-YYYY-MM-DD.csv, dated today (UTC). */
export function contactCsvFilename(now = new Date()): string {
  return `contact-submissions-${now.toISOString().slice(0, 10)}.csv`;
}
