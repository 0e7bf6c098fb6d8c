import { z } from "zod";
import { WEEKDAYS, type Weekday } from "../clinic";
import { CONTACT_DAY_CHOICES, CONTACT_TIME_CHOICES } from "./contact";
import { CONTENT_TYPES } from "./content";
import { INQUIRY_ACCESS_ACTIONS, INQUIRY_STATUSES, retentionSettings } from "./inquiries";
import { mailSettings, securitySettings } from "./settings";
import { ADMIN_ROLES } from "./users";
import { PERMISSIONS } from "../permissions";
import { serviceSections } from "./services";
import { LEGAL_KINDS } from "../legal";
import { LANGUAGE_CODES } from "../languages";

/**
 * What the procedures answer: each procedure with a REST door checks its result against one of these
 * (`.output()` in src/server/routers), and the OpenAPI document describes the REST answers with them
 * (src/server/openapi/document.ts; a Date is written as ISO 8601 text on the wire). Objects are closed:
 * a property not listed is dropped from the answer (a column that starts leaking, a hash or a key, never
 * reaches a caller), and the document says `additionalProperties: false`.
 *
 * Each schema named with `.meta({ id })` becomes a component of the document (#/components/schemas/<id>).
 */

const id = z.int().min(1);
/**
 * One page of a list: its items, the total over all pages, the page's number and size (a REST door sends the items as the body, the rest in
 * headers).
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int().min(0), page: z.int().min(1), pageSize: z.int().min(1) });
const count = z.int().min(0);
/** A date and time as JSON.stringify writes a Date: ISO 8601 in UTC, e.g. 2026-01-05T16:30:00.000Z. */
const timestamp = z.date().meta({ id: "Timestamp", description: "ISO 8601 in UTC, as JSON.stringify writes a Date" });
const nullableText = z.string().nullable();

/**
 * A public read in a language (`?lang=`, issue 27): the language the record's words are in (its
 * published translation's, else en); absent when the read named no language.
 */
const inLanguage = {
  language: z
    .enum(LANGUAGE_CODES)
    .optional()
    .describe("With `lang`: the language its words are in (en where it has no published translation)"),
};
/** With `lang`: the languages a service or article has a page in (English and its published translations), for hreflang. */
const hasLanguages = {
  languages: z
    .array(z.enum(LANGUAGE_CODES))
    .optional()
    .describe("With `lang`: every language it can be read in (en and its published translations)"),
};

// ---- public records and their staff views

/**
 * The measured size of the uploaded image a record shows, which the public pages take the widths of its
 * responsive variants from (src/shared/image-variants.ts): on reads, null when the picture is not an
 * upload; not in the answer of a save.
 */
const uploadSize = z
  .object({ width: z.int().min(1).nullable(), height: z.int().min(1).nullable() })
  .nullable()
  .optional()
  .meta({ id: "UploadSize", description: "The uploaded picture's pixels (null when it is not an upload; absent from a save's answer)" });

export const serviceAnswer = z
  .object({
    id,
    slug: z.string(),
    title: z.string(),
    shortDescription: z.string(),
    description: z.string(),
    imageUrl: nullableText,
    imageAlt: nullableText,
    imageSize: uploadSize,
    offeredOnContactForm: z.boolean().describe("Whether the inquiry form offers it"),
    sections: serviceSections.describe("The page's sections, in the order it shows them"),
    createdAt: timestamp,
    updatedAt: timestamp,
    ...inLanguage,
    ...hasLanguages,
  })
  .meta({ id: "Service", description: "A treatment the clinic offers." });

export const serviceLinksAnswer = z
  .object({
    services: z
      .array(z.object({ slug: z.string(), title: z.string(), offeredOnContactForm: z.boolean(), ...inLanguage }))
      .describe("Every service, in the site's order"),
    contactChoices: z
      .array(z.string())
      .describe("The inquiry form's service choices: the services offered on it, then General Consultation"),
    contactChoiceLabels: z
      .array(z.string())
      .optional()
      .describe(
        "With `lang`: each choice as the form shows it in that language (the inquiry is sent, and kept, with " +
          "`contactChoices`' English names)",
      ),
  })
  .meta({ id: "ServiceLinks", description: "The services' titles and addresses, and the inquiry form's choices." });

const newsArticleFields = {
  id,
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: nullableText.describe("Sanitised HTML"),
  externalUrl: nullableText,
  thumbnailUrl: nullableText,
  thumbnailAlt: nullableText,
  metaTitle: nullableText,
  metaDescription: nullableText,
  tags: nullableText,
  isPublished: z.boolean(),
  publishedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const newsArticleAnswer = z
  .object({ ...newsArticleFields, thumbnailSize: uploadSize, ...inLanguage, ...hasLanguages })
  .meta({ id: "NewsArticle", description: "A published news article (as visitors see it: no author)." });

export const newsArticlePageAnswer = pageOf(newsArticleAnswer);

export const staffNewsArticleAnswer = z
  .object({ ...newsArticleFields, authorId: id.nullable() })
  .meta({ id: "StaffNewsArticle", description: "A news article as staff see it: drafts too, with its author's id." });

export const testimonialAnswer = z
  .object({
    id,
    name: z.string(),
    service: z.string(),
    content: z.string(),
    rating: z.int().min(1).max(5),
    imageUrl: nullableText,
    imageSize: uploadSize,
    isVisible: z.boolean(),
    receivedAt: z.iso.date().describe("The day the testimonial was received"),
    source: z.string().describe('Where it came from: "patient" when the patient gave it to the clinic, else a short text'),
    consentToPublish: z.boolean().describe("The patient agreed to its publication (required for isVisible)"),
    incentive: nullableText.describe("What the patient was given in return; null when nothing"),
    language: z
      .enum(LANGUAGE_CODES)
      .describe("The language its words are in: the one the patient wrote it in, or, read with `lang`, that of its published translation"),
    translatedFrom: z
      .enum(LANGUAGE_CODES)
      .optional()
      .describe("Read with `lang`: present when the words are the clinic's translation, naming the language the patient wrote in"),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Testimonial" });

export const teamMemberAnswer = z
  .object({
    id,
    name: z.string(),
    role: z.string(),
    bio: z.string(),
    imageUrl: z.string(),
    imageSize: uploadSize,
    createdAt: timestamp,
    updatedAt: timestamp,
    ...inLanguage,
  })
  .meta({ id: "TeamMember" });

export const contentItemAnswer = z
  .object({
    id,
    page: z.string(),
    section: z.string(),
    key: z.string(),
    content: z.string().describe("Text; sanitised HTML when contentType is html"),
    contentType: z.enum(CONTENT_TYPES),
    isVisible: z.boolean(),
    sortOrder: z.int(),
    createdAt: timestamp,
    updatedAt: timestamp,
    ...inLanguage,
  })
  .meta({ id: "ContentItem", description: "A text of a page's section." });

export const websiteImageAnswer = z
  .object({
    id,
    page: z.string(),
    section: z.string(),
    key: z.string(),
    imageUrl: z.string(),
    altText: nullableText,
    seoFilename: nullableText,
    width: z.int().nullable(),
    height: z.int().nullable(),
    imageSize: uploadSize,
    isVisible: z.boolean(),
    sortOrder: z.int(),
    createdAt: timestamp,
    updatedAt: timestamp,
    ...inLanguage,
  })
  .meta({ id: "WebsiteImage", description: "An image slot of a page (the home hero background, for one)." });

export const uploadAnswer = z
  .object({
    url: z.string().describe("Its address: /uploads/<name>"),
    name: z.string().describe("The stored name: <hash>.<ext>"),
    fileName: nullableText.describe("The name of the file staff uploaded (null for images from before it was kept)"),
    altText: nullableText.describe("The alt text it was last given where it is shown (a service, an article thumbnail, a website image)"),
    contentType: z.string(),
    size: count.describe("Bytes"),
    width: z.int().nullable(),
    height: z.int().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Upload", description: "An uploaded image (its responsive variants are not listed)." });

export const socialLinkAnswer = z
  .object({
    id,
    platform: z.string(),
    displayName: z.string(),
    url: z.string(),
    iconClass: nullableText,
    isVisible: z.boolean(),
    sortOrder: z.int(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "SocialLink" });

export const uploadedImageAnswer = z
  .object({ imageUrl: z.string().describe("Site path of the stored image, /uploads/..."), width: z.int(), height: z.int() })
  .meta({ id: "UploadedImage", description: "An uploaded image, re-encoded and measured." });

// ---- small answers

// ---- version history (articles, services, content items)

const versionValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const versionAnswer = z
  .object({
    version: id,
    event: z.enum(["created", "updated", "restored", "before_history"]),
    restoredFrom: id.nullable(),
    changedFields: z.array(z.string()),
    savedById: id.nullable(),
    savedByName: nullableText.describe("Null for the state from before the history began"),
    savedAt: timestamp,
    summary: z.string().describe('In words: "Created", "Changed: Title, Content", "Restored version 2"'),
  })
  .meta({ id: "Version", description: "One saved state of a record." });

export const versionWithFieldsAnswer = versionAnswer
  .extend({ fields: z.record(z.string(), versionValue), current: z.record(z.string(), versionValue) })
  .meta({ id: "VersionWithFields", description: "A version's fields, and the record's current fields to compare them with." });

export const successAnswer = z.object({ success: z.literal(true) }).meta({ id: "Success" });

export const healthAnswer = z
  .union([
    z.object({
      status: z.enum(["ok", "unavailable"]),
      database: z.enum(["up", "down"]).optional().describe("To the super admin only"),
      migrations: z.enum(["applied", "pending"]).optional().describe("To the super admin only"),
      warnings: z
        .array(z.string())
        .optional()
        .describe(
          "To the super admin only: what the configuration is unsafe for (e.g. production on an http:// PUBLIC_ORIGIN); " +
            "absent when nothing is",
        ),
      memory: z
        .object({
          residentMb: z.number().int().describe("The process's resident memory, in MB"),
          ceilingMb: z.number().int().nullable().describe("MEMORY_CEILING_MB, or null when none is set"),
          state: z.enum(["ok", "shedding"]).describe("shedding: near the ceiling, the caches were emptied and image work waits"),
          imageTasks: z.number().int().describe("Image tasks (uploads' re-encoding, variants) queued or running"),
        })
        .optional()
        .describe("To the super admin only: the memory guard's state and figures against the configured ceiling"),
    }),
    z.object({ status: z.literal("ok") }).describe("Liveness (?probe=live): the process answers"),
  ])
  .meta({ id: "Health" });

export const formTokenAnswer = z.object({ formToken: z.string() }).meta({ id: "FormToken" });

export const inquiryReceivedAnswer = z
  .object({
    success: z.literal(true),
    id,
    createdAt: timestamp,
    conversionToken: z
      .string()
      .describe(
        "For the page's analytics: sent back with the `sent` visit beacon (POST /api/visit, `token`), it counts " +
          "one conversion within 10 minutes",
      ),
  })
  .meta({ id: "InquiryReceived", description: "The inquiry was received (a spam-judged one gets the same answer)." });

/** A role's key (src/shared/permissions.ts): a built-in one (super_admin, admin, front_desk, clinician, marketing) or custom_... */
const role = z
  .string()
  .describe(`A role's key: ${ADMIN_ROLES.join(", ")}, the other built-in roles or a custom role (GET /api/admin/roles)`);
const permissionList = z.array(z.enum(PERMISSIONS));

export const loginAnswer = z
  .object({ success: z.literal(true), user: z.object({ username: z.string(), role }) })
  .meta({ id: "SignedIn", description: "Signed in: the session cookie is set (Set-Cookie)." });

export const sessionAnswer = z
  .object({
    id,
    username: z.string(),
    role,
    firstName: nullableText,
    lastName: nullableText,
    email: nullableText,
    pendingEmail: nullableText.describe("A new e-mail address waiting for the link mailed to it (null when none)"),
    twoFactorEnabled: z.boolean(),
    backupCodesRemaining: count,
    sessionExpiresAt: timestamp,
    accountSetup: z
      .enum(["password", "second_factor"])
      .nullable()
      .describe(
        "What the account must do before anything else: choose a new password, or enrol a second factor its role " +
          "requires; null when nothing",
      ),
    hasSecondFactor: z.boolean().describe("Whether the account has a second factor (its new password then needs 8 characters, not 15)"),
    hasPasskey: z.boolean().describe("Whether the account has a passkey (it can confirm it's them with one)"),
    firstSignIn: z.boolean().describe("Whether this is the account's first sign-in"),
    roleName: z.string().describe("The role's name (Owner, Administrator, Front desk, Clinician, Marketing, or a custom role's)"),
    roleLabel: z.string().describe("The spec's label for its two roles (Super Administrator, Administrator); else the role's name"),
    permissions: permissionList.describe(
      "What the account may do now: its role's permissions, with inquiries.health while emergency access lasts",
    ),
    assignedOnly: z.boolean().describe("The account sees only inquiries assigned to it or unassigned"),
    emergencyAccessUntil: timestamp
      .nullable()
      .describe("When the account's emergency access to health details ends; null when none is live"),
  })
  .meta({ id: "Session", description: "Who is signed in, and what their role allows." });

export const profileAnswer = z
  .object({
    firstName: nullableText,
    lastName: nullableText,
    email: nullableText,
    /** A new e-mail address waiting for its owner to open the link mailed to it (null when none). */
    pendingEmail: nullableText,
  })
  .meta({ id: "Profile", description: "One's own name and e-mail, and a new e-mail waiting for confirmation by the link mailed to it." });

export const twoFactorSetupAnswer = z
  .object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string().describe("A PNG data: URL of the otpauth URL") })
  .meta({ id: "TwoFactorSetup" });

/** One of the signed-in staff member's passkeys (never its key or credential id). */
export const passkeyAnswer = z
  .object({ id, name: z.string(), createdAt: timestamp, lastUsedAt: timestamp.nullable() })
  .meta({ id: "Passkey" });

const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

/** What the browser passes to navigator.credentials.create() (WebAuthn's PublicKeyCredentialCreationOptionsJSON). */
export const passkeyRegistrationOptionsAnswer = z
  .object({
    options: z.object({
      challenge: z.string(),
      rp: z.object({ name: z.string(), id: z.string().optional() }),
      user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
      pubKeyCredParams: z.array(z.object({ alg: z.int(), type: z.string() })),
      timeout: z.int().optional(),
      excludeCredentials: z.array(credentialDescriptor).optional(),
      authenticatorSelection: z
        .object({
          authenticatorAttachment: z.string().optional(),
          residentKey: z.string().optional(),
          requireResidentKey: z.boolean().optional(),
          userVerification: z.string().optional(),
        })
        .optional(),
      attestation: z.string().optional(),
      hints: z.array(z.string()).optional(),
      extensions: z.object({ credProps: z.boolean().optional() }).optional(),
    }),
  })
  .meta({
    id: "PasskeyRegistrationOptions",
    description: "Pass `options` to navigator.credentials.create() (in its JSON form), then send its answer to finish.",
  });

/** What the browser passes to navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON). */
const passkeyRequestOptions = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.int().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
});

export const passkeySignInOptionsAnswer = z
  .object({ attemptId: z.string().describe("Send it back with the passkey's answer"), options: passkeyRequestOptions })
  .meta({
    id: "PasskeySignInOptions",
    description: "Pass `options` to navigator.credentials.get() (in its JSON form), then send its answer with `attemptId`.",
  });

export const passkeyCheckOptionsAnswer = z.object({ options: passkeyRequestOptions }).meta({
  id: "PasskeyCheckOptions",
  description: "Pass `options` to navigator.credentials.get() (in its JSON form), then send its answer to POST /api/admin/confirm/passkey.",
});

export const backupCodesAnswer = z
  .object({ backupCodes: z.array(z.string()).length(10).describe("Shown once") })
  .meta({ id: "BackupCodes" });

export const dashboardAnswer = z
  .object({
    services: count.optional().describe("With services.edit"),
    team: count.optional().describe("With team.edit"),
    testimonials: count.optional().describe("With testimonials.edit"),
    news: count.optional().describe("With news.edit"),
    content: count.optional().describe("With content.edit"),
    images: count.optional().describe("With content.edit"),
    social: count.optional().describe("With social.edit"),
    contact: count.optional().describe("With inquiries.view: the inquiries the role sees"),
    users: count.optional().describe("With staff.manage"),
    newInquiries: count.optional().describe("With inquiries.view"),
    overdueInquiries: count.optional().describe("With inquiries.view"),
  })
  .meta({ id: "Dashboard", description: "The dashboard's count cards: only those of the areas the caller's role may open." });

const details = z.record(z.string(), z.unknown()).nullable();

export const activityPageAnswer = z
  .object({
    items: z.array(
      z
        .object({
          id,
          adminId: id.nullable(),
          username: nullableText,
          action: z.string(),
          resourceType: nullableText,
          resourceId: nullableText,
          details,
          ipAddress: nullableText,
          timestamp,
          chainSeq: z.int().min(1).describe("The entry's place in the hash chain (commit order)."),
          chainHash: z
            .string()
            .describe(
              "HMAC-SHA256 (hex) of the previous entry's chainHash and this entry's content under the key chainKey " +
                "names; sha256 for an entry chained before the key (docs/security.md, Audit trail).",
            ),
          chainKey: nullableText.describe(
            "The id of the key of the ring that chained the entry (8 hex digits); null: chained before the key.",
          ),
          refusals: z
            .int()
            .min(1)
            .nullable()
            .describe(
              "An access_denied entry: the refusals of this account in that minute (the entry is the first of them; " +
                "counted 30 days); null otherwise.",
            ),
          inquiryDeleted: z.boolean().describe('An entry about one inquiry that has since been deleted (shown as "inquiry 123, deleted").'),
        })
        .meta({ id: "ActivityEntry" }),
    ),
    total: count,
    page: z.int().min(1),
    pageSize: z.int().min(1),
  })
  .meta({ id: "ActivityPage", description: "One page of the activity log, newest first." });

export const auditChainAnswer = z
  .object({
    intact: z.boolean(),
    entries: count.describe("Entries verified (before the broken one, when broken)."),
    brokenAt: id.optional().describe("The activity-log id of the first entry that does not verify."),
    seq: z.int().optional().describe("Its place in the chain (missing_after: the kept head's place)."),
    reason: z
      .enum(["changed", "missing_before", "key_not_loaded", "not_head", "missing_after"])
      .optional()
      .describe(
        "changed: the entry differs from what was chained; missing_before: entries before it are gone; key_not_loaded: " +
          "chained with a key no longer loaded (not checked from there on); not_head: the entry at the kept head's " +
          "place has another hash; missing_after: the chain ends before the kept head (the newest entries were " +
          "removed).",
      ),
    keyId: z.string().optional().describe("key_not_loaded: the id of the key that chained the entry."),
    orderOnly: z
      .object({ upTo: z.int().min(1), keyIds: z.array(z.string()), later: count })
      .optional()
      .describe(
        "Intact, but some entries verified in their number and order only, not their content: those up to `upTo` " +
          "(chained with keys no longer loaded, keyIds, or before one) and `later` ones after it chained with those " +
          "keys (an instance on the older ring during a rotation).",
      ),
    checkedAt: timestamp,
  })
  .meta({ id: "AuditChain", description: "The activity log's hash chain, every hash recomputed." });

// ---- inquiries

const inquiryStatus = z.enum(INQUIRY_STATUSES);
/** A legal text's version and the SHA-256 of its exact words. */
const legalText = z.object({
  version: z.string(),
  sha256: z.string(),
  language: z.enum(LANGUAGE_CODES).optional().describe("Absent: English"),
});
const consentReceipt = z
  .object({
    // Kept as the text it was sealed with (inside the encrypted identity), not as a Date.
    acceptedAt: z.iso.datetime().describe("ISO 8601 in UTC"),
    language: z
      .enum(LANGUAGE_CODES)
      .optional()
      .describe("The form's language (absent: English, or a receipt from before the site had languages)"),
    documents: z
      .object({ privacyPolicy: legalText, hipaaConsent: legalText, termsAndConditions: legalText })
      .optional()
      .describe("Absent on receipts from before the texts' versions were recorded"),
  })
  .nullable()
  .describe("Which legal texts the visitor accepted (null before receipts existed)");
const spamReason = z.enum(["honeypot", "too_fast", "no_token", "bad_token", "expired_token", "reused_token"]).nullable();
/** The services' names as the visitor chose them (kept as sent when a service is renamed or removed). */
const services = z.array(z.string());
const days = z.array(z.enum(CONTACT_DAY_CHOICES.map((choice) => choice.value)));
const times = z.array(z.enum(CONTACT_TIME_CHOICES.map((choice) => choice.value)));

export const inquiryAnswer = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    phone: nullableText,
    availabilityDays: days,
    availabilityTimes: times,
    servicesInterested: services,
    healthConditions: nullableText,
    hasHealthDetails: z.boolean(),
    optInTexting: z.boolean(),
    privacyPolicy: z.boolean(),
    hipaaConsent: z.boolean(),
    termsAndConditions: z.boolean(),
    consentReceipt,
    status: inquiryStatus,
    statusChangedAt: timestamp.nullable(),
    statusChangedBy: id.nullable().describe("The staff member's id"),
    assigneeId: id.nullable(),
    createdAt: timestamp,
    spamReason,
    reminderQueuedAt: timestamp.nullable(),
    updatedAt: timestamp,
  })
  .meta({ id: "Inquiry", description: "A whole appointment inquiry, health details included." });

export const assigneeAnswer = z.object({ id, username: z.string(), name: z.string() }).meta({ id: "Assignee" });

const inquirySummaryFields = {
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  servicesInterested: services,
  availabilityDays: days,
  availabilityTimes: times,
  optInTexting: z.boolean(),
  hasHealthDetails: z.boolean(),
  status: inquiryStatus,
  statusChangedAt: timestamp.nullable(),
  statusChangedBy: nullableText.describe("The username of who set the status"),
  assigneeId: id.nullable(),
  noteCount: count,
  assignee: assigneeAnswer.nullable(),
  overdue: z.boolean().describe("Still New after the 24-hour reply promise"),
};

export const inquirySummaryAnswer = z
  .object(inquirySummaryFields)
  .meta({ id: "InquirySummary", description: "An inquiry as the desk's list shows it: no health details, only whether there are some." });

export const inquiryNoteAnswer = z
  .object({ id, authorId: id.nullable(), authorName: z.string(), createdAt: timestamp, text: z.string() })
  .meta({ id: "InquiryNote" });

export const openedInquiryAnswer = z
  .object({
    ...inquirySummaryFields,
    healthConditions: nullableText,
    privacyPolicy: z.boolean(),
    hipaaConsent: z.boolean(),
    termsAndConditions: z.boolean(),
    consentReceipt,
    spamReason,
    healthAccess: z
      .enum(["shown", "reason_needed", "not_allowed"])
      .describe(
        "shown: healthConditions holds the health details; reason_needed: ask again with a `reason` (once per " +
          "inquiry per session); not_allowed: the role does not open health details (emergency access can)",
      ),
    notes: z.array(inquiryNoteAnswer),
  })
  .meta({ id: "OpenedInquiry", description: "One inquiry opened: health details, consent receipt and notes (logged)." });

export const inquiryAccessAnswer = z
  .object({
    id,
    action: z.enum(INQUIRY_ACCESS_ACTIONS),
    username: nullableText,
    adminId: id.nullable(),
    details,
    ipAddress: nullableText,
    at: timestamp,
    inquiryId: id,
    inquiryDeleted: z.boolean().describe("The inquiry was deleted (by a super admin or the retention purge); its history stays."),
    inquiry: z.string().describe('"inquiry 123", or "inquiry 123, deleted" once it is gone.'),
  })
  .meta({ id: "InquiryAccess", description: "One line of an inquiry's access history (kept after the inquiry is deleted)." });

// ---- settings, mail, users

const dayHoursAnswer = z.strictObject({ closed: z.boolean(), opens: z.string(), closes: z.string() });
export const clinicAnswer = z
  .strictObject({
    name: z.string(),
    shortName: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string().meta({ description: "Display form, (801) 555-0147" }),
    email: z.string(),
    privacyOfficerPhone: z.string(),
    hours: z.strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursAnswer])) as Record<Weekday, typeof dayHoursAnswer>),
    latitude: z.number(),
    longitude: z.number(),
    social: z.strictObject({ facebook: z.string(), instagram: z.string(), youtube: z.string() }),
  })
  .meta({
    id: "ClinicDetails",
    description: "The clinic's name, address, phone, e-mail, hours (24-hour HH:MM per weekday), map position and social addresses",
  });

export const settingsAnswer = z
  .object({ retention: retentionSettings, mail: mailSettings, clinic: clinicAnswer, security: securitySettings })
  .meta({ id: "Settings" });

export const mailStatusAnswer = z
  .object({
    configured: z.boolean(),
    from: nullableText,
    lastSentAt: timestamp.nullable(),
    failingSince: timestamp.nullable(),
    lastError: nullableText,
    waiting: count,
  })
  .meta({ id: "MailStatus" });

export const testMailAnswer = z
  .union([
    z.object({ sent: z.literal(true) }),
    z.object({ sent: z.literal(false), error: z.string().describe("The mail server's refusal, in plain words") }),
  ])
  .meta({ id: "TestMailResult" });

export const mailRecipientAnswer = z
  .object({
    id,
    username: z.string(),
    email: nullableText,
    role,
    roleLabel: z.string().describe("The role's name as the portal shows it"),
    isActive: z.boolean(),
    newInquiries: z.boolean(),
    reachable: z.boolean(),
  })
  .meta({ id: "MailRecipient" });

export const notificationsAnswer = z
  .object({ newInquiries: z.boolean(), hasEmail: z.boolean() })
  .meta({ id: "NotificationChoice", description: "Whether a staff member receives new-inquiry mail (and has an address to receive it)." });

export const adminUserAnswer = z
  .object({
    id,
    username: z.string(),
    firstName: nullableText,
    lastName: nullableText,
    email: nullableText,
    role,
    isActive: z.boolean(),
    twoFactorEnabled: z.boolean(),
    lastLogin: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "AdminUser", description: "A staff account (never its password hash or TOTP key)." });

export const roleAnswer = z
  .object({
    key: z.string().describe("built-in: super_admin, admin, front_desk, clinician, marketing; custom: custom_<slug>"),
    name: z.string(),
    label: z.string().describe("The spec's label for its two roles (Super Administrator, Administrator); else the name"),
    builtIn: z.boolean().describe("Built-in roles' name and permissions cannot change (only assignedOnly)"),
    permissions: permissionList,
    assignedOnly: z.boolean().describe("Holders see only inquiries assigned to them or unassigned (ignored for a role that manages staff)"),
    userCount: count.describe("How many staff accounts hold it (a role in use cannot be deleted)"),
  })
  .meta({ id: "Role", description: "A role and what it allows: one column of the permission matrix." });

export const emergencyAccessAnswer = z
  .object({ until: timestamp.describe("When the emergency access to health details ends") })
  .meta({ id: "EmergencyAccess" });

export const openApiDocumentAnswer = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document (this one)." });

// ---- errors (DESIGN.md's REST contract; made by src/server/http/app.ts respondError)

export const errorAnswer = z
  .object({
    message: z.string().describe("What went wrong; for invalid input, the message of the first failing field"),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional().describe("Each failing field's messages (invalid input, duplicates)"),
    requiresTwoFactor: z
      .literal(true)
      .optional()
      .describe("Sign-in needs its second step (422): a TOTP or backup code, or the account's passkey"),
    secondFactors: z
      .array(z.enum(["totp", "passkey"]))
      .optional()
      .describe(
        "With requiresTwoFactor: the second steps the account has (totp: an authenticator or backup code in twoFactorToken " +
          "or backupCode; passkey: answer passkeyStep in `passkey`)",
      ),
    passkeyStep: z
      .object({
        attemptId: z.string(),
        options: z
          .record(z.string(), z.unknown())
          .describe("For navigator.credentials.get(): the account's own passkeys, user verification required"),
      })
      .optional()
      .describe(
        "With requiresTwoFactor, for an account with a passkey: the challenge to answer within 5 minutes, once; " +
          "send the same username and password again with `passkey: { attemptId, response }`",
      ),
    requiresPasswordChange: z
      .literal(true)
      .optional()
      .describe("The account must choose a new password first (403): only the password change, the session check and sign-out answer"),
    requiresSecondFactor: z
      .literal(true)
      .optional()
      .describe("The account's role requires a second factor and it has none (403): only enrolment, the session check and sign-out answer"),
    requiresFreshCheck: z
      .literal(true)
      .optional()
      .describe('A sensitive act needs "Confirm it\'s you" (POST /api/admin/confirm) within the last 5 minutes (403)'),
    requestId: z
      .string()
      .optional()
      .describe("The id of the server's log line, on failures the server logs (5xx, values the database refused)"),
  })
  .meta({ id: "Error", description: "Every error answer of the REST mirror. Never a stack trace or SQL text." });

/** One published version of a legal text (src/shared/legal.ts): its words as HTML, the date it took effect, the SHA-256 of the HTML. */
export const legalTextAnswer = z
  .strictObject({
    kind: z.enum(LEGAL_KINDS),
    version: id,
    /** How a consent receipt names it. */
    label: z.string(),
    effectiveDate: z.string(),
    html: z.string(),
    sha256: z.string(),
    publishedAt: z.date(),
    /** Who published it; null for the texts the site started with. */
    publishedBy: z.string().nullable(),
    /** Its language; a read in a language it has no version in gives the English one (issue 27). */
    language: z.enum(LANGUAGE_CODES),
    /** A translation: the English version it translates (null for English). */
    sourceVersion: z.number().int().nullable(),
  })
  .meta({ id: "LegalText" });
