import { stringify } from "csv-stringify/sync";
import type { ContactSubmissionValues } from "../../shared/schemas/contact";
import { asc } from "drizzle-orm";
import { CONTACT_DAY_CHOICES, CONTACT_MESSAGES, CONTACT_TIME_CHOICES } from "../../shared/schemas/contact";
import { getClinic } from "./settings";
import { claimAttempt, secondsUntil } from "../auth/throttle";
import type { Database } from "../db/client";
import { formTokenUses, inquiryServiceNames } from "../db/schema";
import type { AppDeps } from "../deps";
import { clinicDay } from "../../shared/clinic-date";
import { csvSafeCell } from "../../shared/csv";
import { errors } from "../errors";
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from "../../shared/schemas/inquiries";
import { judgeSubmission } from "./form-token";
import { issueConversionToken } from "./conversion-token";
import { languageOf, type LanguageCode } from "../../shared/languages";
import type { FullInquiry } from "./inquiry-export";
import { insertInquiry } from "./inquiry-identity";
import { currentLegalDocuments } from "./legal-texts";
import { activeMailSettings, queueInquiryMail } from "./mail-outbox";
import { acceptedContactServices, currentContactChoices } from "./services";

/**
 * Appointment inquiries as they arrive, and their CSV. They carry health information: who sent them
 * (./inquiry-identity.ts) and healthConditions are stored encrypted, each inquiry records which legal texts were accepted (its consent
 * receipt), and
 * the CSV is safe to open in a spreadsheet (every cell quoted; formula-like cells prefixed with ').
 * Staff's work on them is the desk's: paging (./inquiry-desk.ts), opening, statuses and notes (./inquiry-detail.ts), exports
 * (./inquiry-export.ts).
 */

/** The answer to one inquiry too many from a network, with the clinic's phone (Settings). */
export const contactThrottleMessage = (phone: string) =>
  `Too many messages were sent from your network. Please try again later or call us at ${phone}.`;

/**
 * Saves an inquiry. It claims its slot of the per-address limit first (one over the limit is refused
 * and saves nothing), is judged for spam (honeypot, form token: ./form-token.ts) and saved with its
 * consent receipt; in the same transaction its form token is claimed (a token carries one inquiry: a
 * replay is spam) and its notifications are queued (./mail-outbox.ts), unless it is spam, which
 * notifies no one. Spam gets the same answer as a real inquiry, so a bot learns nothing: its conversion
 * token (for the page's analytics beacon, ./conversion-token.ts) looks the same but never counts.
 * The answer does not echo what was sent: health details travel one way only.
 */
export async function submitContactForm<T = undefined>(
  deps: AppDeps,
  ip: string,
  input: ContactSubmissionValues,
  /**
   * A booking's part (issue 38: ./bookings.ts): run in the inquiry's transaction once it is saved (not
   * for spam), so a refusal there (the time was just taken) saves no inquiry either.
   */
  booking?: { status: "new" | "scheduled"; within: (tx: Database, inquiryId: number, now: Date) => Promise<T> },
) {
  await assertServicesOffered(deps.db, input.servicesInterested);
  const claim = await claimAttempt(deps.db, `contact:ip:${ip}`, deps.limits.contactIp);
  if (!claim.allowed) throw errors.tooManyRequests(contactThrottleMessage((await getClinic(deps.db)).phone), secondsUntil(claim.retryAt));
  const now = new Date();
  const judged = judgeSubmission(deps.secrets, input, now);
  // The form's language (issue 27): its token's (the page it was on), else what the caller says. The
  // receipt names the texts the form showed (its token's), else those in force now in that language.
  const language: LanguageCode = judged.language ?? input.language ?? "en";
  const documents = judged.documents ?? (await currentLegalDocuments(deps.db, language));
  const mail = judged.spam ? null : await activeMailSettings(deps);
  const { row, spam, booked } = await deps.db.transaction(async (tx) => {
    // A token is accepted once: its id is claimed with the inquiry (undone if the save fails). A
    // replay is spam, answered exactly as a success.
    let spam = judged.spam;
    if (!spam && judged.token) {
      const claimed = await tx
        .insert(formTokenUses)
        .values({ tokenId: judged.token.id, expiresAt: judged.token.expiresAt })
        .onConflictDoNothing()
        .returning({ id: formTokenUses.tokenId });
      if (claimed.length === 0) spam = "reused_token";
    }
    // Identity and health details encrypted, bound to the row's id (./inquiry-identity.ts).
    const saved = await insertInquiry(tx, deps.secrets, {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      availabilityDays: input.availabilityDays,
      availabilityTimes: input.availabilityTimes,
      servicesInterested: input.servicesInterested,
      healthConditions: input.healthConditions || null,
      hasHealthDetails: Boolean(input.healthConditions),
      optInTexting: input.optInTexting,
      privacyPolicy: input.privacyPolicy,
      hipaaConsent: input.hipaaConsent,
      termsAndConditions: input.termsAndConditions,
      consentReceipt: { acceptedAt: now.toISOString(), ...(language !== "en" ? { language } : {}), documents },
      status: spam ? "spam" : (booking?.status ?? "new"),
      spamReason: spam,
      createdAt: now,
      updatedAt: now,
    });
    // The names it was sent with, for the inquiry desk's filter (names only: no one's data).
    await tx
      .insert(inquiryServiceNames)
      .values(input.servicesInterested.map((name) => ({ name })))
      .onConflictDoNothing();
    const booked = booking && !spam ? await booking.within(tx as unknown as Database, saved.id, now) : undefined;
    // A booking's visitor gets the booking's own mail (services/booking-mail.ts), not the inquiry's acknowledgement.
    if (mail && !spam) await queueInquiryMail(tx, mail, saved.id, !booking);
    return { row: saved, spam, booked };
  });
  // The portal's open event streams count again, and show that one arrived (live-events.ts). Spam is not announced.
  if (!spam) await deps.cacheBus.inquiries("arrived");
  return {
    success: true as const,
    id: row.id,
    createdAt: row.createdAt,
    conversionToken: issueConversionToken(deps.secrets, row.id, spam !== null, now),
    booked,
  };
}

/**
 * Which services the form offers is data (services.offeredOnContactForm), and Book This Service adds
 * its service for that visit where the form does not offer it (issue 36): a name that is neither a
 * choice nor a service's title at this moment (made up, or a service since renamed or removed) is
 * refused at its field, as the schema's messages are, before the inquiry counts against the sender's limit.
 */
async function assertServicesOffered(db: Database, names: readonly string[]) {
  const accepted = await acceptedContactServices(db);
  const refused = names.find((name) => !accepted.has(name));
  if (refused !== undefined) throw errors.invalidField(["servicesInterested"], CONTACT_MESSAGES.serviceNotOffered(refused));
}

/**
 * The inquiry desk's service filter: the choices the form offers now, then every other name inquiries
 * were sent with (a service since renamed or removed), alphabetically.
 */
export async function inquiryServiceChoices(db: Database): Promise<string[]> {
  const current = await currentContactChoices(db);
  const sent = await db.select({ name: inquiryServiceNames.name }).from(inquiryServiceNames).orderBy(asc(inquiryServiceNames.name));
  return [...new Set([...current, ...sent.map((row) => row.name)])];
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
  // Issue 36: last, so the columns a clinic's spreadsheet already reads keep their places.
  "Language",
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
    languageOf(row.language).name,
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

/** contact-submissions-YYYY-MM-DD.csv, dated today in the clinic's calendar (Utah's day, issue 36). */
export function contactCsvFilename(now = new Date()): string {
  return `contact-submissions-${clinicDay(now)}.csv`;
}
