import { stringify } from "csv-stringify/sync";
import type { ContactSubmissionValues } from "../../shared/schemas/contact";
import { CONTACT_DAY_CHOICES, CONTACT_TIME_CHOICES } from "../../shared/schemas/contact";
import { SITE } from "../../shared/site-settings";
import type { SecretBox } from "../auth/secret-box";
import { claimAttempt, secondsUntil, type LimitRule } from "../auth/throttle";
import type { Database } from "../db/client";
import { contactSubmissions } from "../db/schema";
import { errors } from "../errors";
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from "../../shared/schemas/inquiries";
import { consentReceipt } from "./consent";
import type { FullInquiry } from "./inquiry-desk";

/**
 * Appointment inquiries as they arrive, and their CSV. They carry health information: healthConditions
 * is stored encrypted, each inquiry records which legal texts were accepted (its consent receipt), and
 * the CSV is safe to open in a spreadsheet (every cell quoted; formula-like cells prefixed with ').
 * Staff's work on them (paging, opening, statuses, notes, exports) is in ./inquiry-desk.ts.
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
      hasHealthDetails: Boolean(input.healthConditions),
      consentReceipt: consentReceipt(new Date()),
      optInTexting: input.optInTexting,
      privacyPolicy: input.privacyPolicy,
      hipaaConsent: input.hipaaConsent,
      termsAndConditions: input.termsAndConditions,
    })
    .returning({ id: contactSubmissions.id, createdAt: contactSubmissions.createdAt });
  // The answer does not echo what was sent: health details travel one way only.
  return { success: true as const, id: row!.id, createdAt: row!.createdAt };
}

/** Neutralises spreadsheet formulas: a cell starting with = + - @ tab or CR gets a leading '. */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const dayLabel = new Map<string, string>(CONTACT_DAY_CHOICES.map((c) => [c.value, c.label]));
const timeLabel = new Map<string, string>(CONTACT_TIME_CHOICES.map((c) => [c.value, c.label]));
const yesNo = (value: boolean) => (value ? "Yes" : "No");

const CSV_HEADER = [
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
  "Status",
  "Assignee",
  "Privacy Policy Version",
  "HIPAA Authorization Version",
  "Terms and Conditions Version",
  "Consent Recorded At",
];

export const NO_RECEIPT = "Not recorded";

function csvRecord(row: FullInquiry, assignees: Map<number, string>): string[] {
  const receipt = row.consentReceipt;
  return [
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
    INQUIRY_STATUS_LABELS[row.status as InquiryStatus] ?? row.status,
    row.assigneeId !== null ? (assignees.get(row.assigneeId) ?? `#${row.assigneeId}`) : "",
    receipt?.documents.privacyPolicy.version ?? NO_RECEIPT,
    receipt?.documents.hipaaConsent.version ?? NO_RECEIPT,
    receipt?.documents.termsAndConditions.version ?? NO_RECEIPT,
    receipt?.acceptedAt ?? NO_RECEIPT,
  ].map(csvSafeCell);
}

function csvText(records: string[][]): string {
  return stringify(records, { quoted: true, quoted_empty: true, record_delimiter: "\r\n" });
}

/**
 * The CSV of an export, as text chunks: the header, then one chunk per batch of inquiries, so the
 * whole file never sits in memory. `assignees` names the staff by id (usernames).
 */
export async function* contactCsvChunks(batches: AsyncIterable<FullInquiry[]>, assignees: Map<number, string>): AsyncGenerator<string> {
  yield csvText([CSV_HEADER]);
  for await (const batch of batches) yield csvText(batch.map((row) => csvRecord(row, assignees)));
}

/** contact-submissions-YYYY-MM-DD.csv, dated today (UTC). */
export function contactCsvFilename(now = new Date()): string {
  return `contact-submissions-${now.toISOString().slice(0, 10)}.csv`;
}
