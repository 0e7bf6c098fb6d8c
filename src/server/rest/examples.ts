import type { z } from "zod";
import { activityQuery } from "../../shared/schemas/activity";
import { analyticsPeriod, visitBeacon } from "../../shared/schemas/analytics";
import { backupDownloadInput } from "../../shared/schemas/backup";
import {
  availabilityInput,
  bookingActInput,
  bookingInput,
  cancelLinkInput,
  calendarInput,
  clinicianInput,
  dateOverrideInput,
  declineInput,
  freeTimesInput,
  moveInput,
  rescheduleInput,
  rescheduleLinkInput,
  resourceInput,
  serviceBookingInput,
  weeklyHoursInput,
} from "../../shared/schemas/booking";
import { calendarHoursInput, feedInput } from "../../shared/schemas/booking-staff";
import { contactSubmissionInput } from "../../shared/schemas/contact";
import { contentItemInput, contentItemUpdateInput, contentQuery, pageFilter } from "../../shared/schemas/content";
import { idParam, langQuery, reorderInput, slugParam } from "../../shared/schemas/fields";
import { imagesQuery, websiteImageUpdateInput } from "../../shared/schemas/images";
import { inquiryFilter, inquiryNoteInput, inquiryPageInput, inquiryUpdateInput } from "../../shared/schemas/inquiries";
import { legalPublishInput, legalReadInput, legalVersionsInput } from "../../shared/schemas/legal";
import { newsArticleInput, newsArticleUpdateInput, newsPageQuery } from "../../shared/schemas/news";
import {
  finishPasskeyRegistrationInput,
  finishPasskeySignInInput,
  passkeyCheckInput,
  renamePasskeyInput,
  startPasskeyRegistrationInput,
} from "../../shared/schemas/passkeys";
import { createRoleInput, emergencyAccessInput, roleKeyInput, updateRoleInput } from "../../shared/schemas/roles";
import { notFoundRedirectInput, redirectInput, redirectUpdateInput } from "../../shared/schemas/redirects";
import { searchQuery } from "../../shared/schemas/search";
import { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import { confirmInput, endSessionInput } from "../../shared/schemas/sessions";
import {
  mailServerInput,
  notificationPreferences,
  recipientUpdateInput,
  settingsUpdateInput,
  testMailInput,
} from "../../shared/schemas/settings";
import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import { translationKey, translationSaveInput } from "../../shared/schemas/translations";
import { uploadListInput } from "../../shared/schemas/uploads";
import {
  changeOwnPasswordInput,
  confirmEmailInput,
  createAdminUserInput,
  disableTwoFactorInput,
  enableTwoFactorInput,
  loginInput,
  resetPasswordInput,
  updateAdminUserInput,
  updateOwnProfileInput,
} from "../../shared/schemas/users";
import { versionOfRecord, versionsOfRecord } from "../../shared/schemas/versions";
import { STRUCTURED_FIELDS, TRANSLATABLE, type TranslatableKind } from "../../shared/translatable";
import { uploadImageInput } from "../routers/uploads";
import { brandFaviconInput, brandLogoInput } from "../routers/brand";
import { brandAccentInput } from "../../shared/schemas/brand";

/**
 * The valid input of every REST door and tRPC procedure, beside the schemas it passes: what
 * tests/openapi.test.ts calls each operation with for its success (and breaks for its errors), and what
 * tests/bad-input.test.ts turns into wrong types, NUL characters, odd ids and the like. An example is
 * keyed by its input schema (so the doors and procedures sharing a schema share it), or by a procedure's
 * name or a route's "METHOD /api/path" where the input is made on the spot (tests/setup/door-calls.ts
 * looks it up in that order). A door needs one when its input refuses a call that sends nothing (a path
 * parameter, a required field); without it, both tests fail naming the door and this file.
 *
 * An example is a function of the records the test made (`x`), so ids and slugs name real records, and
 * a slug or name that must not repeat is fresh at each call. Only tests import this module (src/client
 * may not import src/server: tests/import-arrows.test.ts); the OpenAPI document does not carry it.
 */

/** The kinds of record a test makes before it calls: an example names them, never a number of its own. */
export type RecordKind =
  | "service"
  | "news"
  | "testimonial"
  | "team"
  | "content"
  | "image"
  | "social"
  | "inquiry"
  | "user"
  | "passkey"
  | "redirect"
  | "notFound";

/** What an example may ask of the test that calls it (tests/setup/door-calls.ts answers). */
export interface ExampleContext {
  /** The id of a record the test made: of `kind`, or (without it) of the kind the procedure's router keeps. */
  id(kind?: RecordKind): number;
  /** The URL slug of a published record: of `kind`, or of the kind the procedure's router keeps. */
  slug(kind?: "service" | "news"): string;
  /** A word no other call gets: for slugs, names and usernames that must not repeat. */
  unique(): string;
  /** A fresh form token, as the contact page renders it. */
  formToken(): string;
  /** A small PNG image, as a file part. */
  image(): File;
  /** A staff member's username and password, which stay valid (signing in with them succeeds). */
  signIn(): { username: string; password: string };
  /** The input fields the REST door sets itself (the versions' and translations' `kind`); none over tRPC. */
  fixed: Readonly<Record<string, string>>;
}

export type Example = (x: ExampleContext) => Record<string, unknown>;

/** Examples by input schema (added with `example()`, each typed by the schema it is for). */
const bySchema = new WeakMap<z.core.$ZodType, Example>();

/** Registers the example of `schema`: what a call that passes it sends. */
function example<S extends z.core.$ZodType>(schema: S, make: (x: ExampleContext) => z.input<S>): void {
  bySchema.set(schema, make as Example);
}

/** Examples by a procedure's name or a route's "METHOD /api/path", for an input made on the spot (not a shared schema). */
export const namedExamples: Record<string, Example> = {
  // Opening one inquiry (src/server/routers/contact.ts openInput): why its health details are read.
  "contact.byId": (x) => ({ id: x.id(), reason: "reply" }),
  // Dismissing a 404 log entry: an entry the test's visit of a missing page made.
  "redirects.deleteNotFound": (x) => ({ id: x.id("notFound") }),
  // A service's booking settings (src/server/routers/booking.ts): the id is a service's.
  "booking.serviceSettings": (x) => ({ id: x.id("service") }),
  // Removing a room or device: the seeded Ozone chair (a seeded service needs it, so this answers 409; its success is
  // tests/setup/booking-scenarios.ts's, a room made first).
  "booking.removeResource": () => ({ id: 1 }),
};

/** The example of `schema`, or of a schema it wraps (optional, default, a preprocessing pipe), if any. */
export function exampleOfSchema(schema: z.core.$ZodType | undefined): Example | undefined {
  const queue = schema ? [schema] : [];
  for (let seen = 0; seen < queue.length && seen < 20; seen++) {
    const current = queue[seen]!;
    const found = bySchema.get(current);
    if (found) return found;
    const def = current._zod.def as { innerType?: z.core.$ZodType; in?: z.core.$ZodType; out?: z.core.$ZodType };
    queue.push(...[def.innerType, def.in, def.out].filter((inner): inner is z.core.$ZodType => inner !== undefined));
  }
  return undefined;
}

// ---------------------------------------------------------------- what a browser's passkey sends

/** A passkey's answers in their JSON forms (valid in shape: no challenge waits for them, so a procedure refuses them). */
const credential = { id: "AQIDBAUGBwg", rawId: "AQIDBAUGBwg", type: "public-key", clientExtensionResults: {} } as const;
const registration = {
  ...credential,
  response: { clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0", attestationObject: "o2NmbXRkbm9uZQ" },
};
const assertion = {
  ...credential,
  response: { clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0", authenticatorData: "SZYN5YgO", signature: "MEUCIQ" },
};
/** A password of the right shape; the procedures that check it against the caller's refuse it (their successes are scenarios). */
const somePassword = "the-current-passphrase";

// ---------------------------------------------------------------- records staff edit

const service = (x: ExampleContext) => ({
  title: "Cupping",
  slug: `cupping-${x.unique()}`,
  shortDescription: "Short",
  description: "Long text.",
  imageAlt: "Cups",
});
example(serviceInput, service);
example(serviceUpdateInput, (x) => ({ ...service(x), id: x.id() }));

const article = (x: ExampleContext) => ({
  title: "A new study",
  slug: `a-new-study-${x.unique()}`,
  summary: "A summary of the study.",
  content: "<p>Body</p>",
  thumbnailAlt: "Alt",
  metaTitle: "Meta",
  tags: "a,b",
  isPublished: true,
  publishedAt: "2025-05-01T10:00:00.000Z",
});
example(newsArticleInput, article);
example(newsArticleUpdateInput, (x) => ({ ...article(x), id: x.id() }));
example(newsPageQuery, () => ({ page: 1, pageSize: 1 }));

const testimonial = (x: ExampleContext) => ({
  name: `Client ${x.unique()}`,
  service: "Ozone Therapy",
  rating: 4,
  content: "Great care.",
  imageUrl: "/uploads/x.png",
  isVisible: true,
  receivedAt: "2024-10-21",
  source: "patient" as const,
  consentToPublish: true,
});
example(testimonialInput, testimonial);
example(testimonialUpdateInput, (x) => ({ ...testimonial(x), id: x.id() }));

const teamMember = (x: ExampleContext) => ({ name: `Dr. ${x.unique()}`, role: "Physician", bio: "Bio text.", imageUrl: "/uploads/x.png" });
example(teamMemberInput, teamMember);
example(teamMemberUpdateInput, (x) => ({ ...teamMember(x), id: x.id() }));

const contentItem = (x: ExampleContext) => ({
  page: "home",
  section: "extra",
  key: `k${x.unique()}`,
  content: "Text",
  contentType: "text" as const,
  isVisible: true,
  sortOrder: 3,
});
example(contentItemInput, contentItem);
example(contentItemUpdateInput, (x) => ({ ...contentItem(x), id: x.id() }));
example(contentQuery, () => ({ page: "home", section: "hero", lang: "es" as const }));
example(pageFilter, () => ({ page: "home" }));

example(websiteImageUpdateInput, (x) => ({
  id: x.id(),
  altText: `Alt ${x.unique()}`,
  seoFilename: "hero-image",
  width: 1200,
  height: 800,
  isVisible: true,
}));
example(imagesQuery, () => ({ page: "home", section: "hero", lang: "es" as const }));
example(uploadImageInput, (x) => ({ image: x.image() }));
example(uploadListInput, () => ({ q: "photo", page: 1, pageSize: 24 }));

const socialLink = (x: ExampleContext) => ({
  platform: "linkedin",
  displayName: `LinkedIn ${x.unique()}`,
  url: "https://www.linkedin.com/company/x",
  iconClass: "icon",
  isVisible: true,
  sortOrder: 2,
});
example(socialLinkInput, socialLink);
example(socialLinkUpdateInput, (x) => ({ ...socialLink(x), id: x.id() }));

// ---------------------------------------------------------------- redirects and the 404 log

example(redirectInput, (x) => ({ fromPath: `/old-${x.unique()}`, toPath: "/services" }));
example(redirectUpdateInput, (x) => ({ id: x.id(), toPath: `/about?from=${x.unique()}` }));
example(notFoundRedirectInput, (x) => ({ id: x.id("notFound"), toPath: "/news" }));

// ---------------------------------------------------------------- the brand (Settings > Brand)

example(brandLogoInput, (x) => ({ logo: x.image() }));
example(brandFaviconInput, (x) => ({ favicon: x.image() }));
example(brandAccentInput, () => ({ accentColor: "#0e5a61" }));

// ---------------------------------------------------------------- any record, by id or address

example(idParam, (x) => ({ id: x.id() }));
// A list's new order (services, team, testimonials): every id of the list, which the success reads first
// (its scenario in tests/setup/door-calls.ts); alone, the record the test made (refused: the others are missing).
example(reorderInput, (x) => ({ ids: [x.id()] }));
example(slugParam, (x) => ({ slug: x.slug(), lang: "es" as const }));
example(langQuery, () => ({ lang: "es" as const }));
// Site search: a word of the seeded services, in Spanish.
example(searchQuery, () => ({ q: "terapia", lang: "es" as const, page: 1 }));

/** A kind the door fixes, else `fallback` (a tRPC call names it itself). */
const kindOf = <Kind extends string>(x: ExampleContext, fallback: Kind) => (x.fixed.kind ?? fallback) as Kind;

example(versionsOfRecord, (x) => {
  const kind = kindOf(x, "news" as "news" | "service" | "content");
  return { kind, recordId: x.id(kind) };
});
example(versionOfRecord, (x) => {
  const kind = kindOf(x, "news" as "news" | "service" | "content");
  return { kind, recordId: x.id(kind), version: 1 };
});

const translationOf = (x: ExampleContext) => {
  const kind = kindOf<TranslatableKind>(x, "team");
  return { kind, recordId: x.id(kind), language: "es" as const };
};
example(translationKey, translationOf);
example(translationSaveInput, (x) => {
  const key = translationOf(x);
  // The kind's first field that carries words (TRANSLATABLE), in Spanish: a new kind needs nothing here.
  const field = TRANSLATABLE[key.kind].fields.find((name) => !STRUCTURED_FIELDS.has(name))!;
  return { ...key, status: "draft" as const, fields: { [field]: `Texto ${x.unique()}` } };
});

// ---------------------------------------------------------------- the public site

example(contactSubmissionInput, (x) => ({
  name: "Avery Stone",
  email: "avery@example.com",
  phone: "801-555-0133",
  servicesInterested: ["General Consultation"],
  healthConditions: "Knee pain",
  availabilityDays: ["monday" as const],
  availabilityTimes: ["morning" as const],
  optInTexting: true,
  privacyPolicy: true as const,
  hipaaConsent: true as const,
  termsAndConditions: true as const,
  formToken: x.formToken(),
  website: "",
}));
// ---- booking (issue 38): a time's success needs a bookable service first (tests/setup/booking-scenarios.ts)
const localDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
example(freeTimesInput, (x) => ({ service: x.slug("service"), from: localDay(1), to: localDay(7), lang: "es" as const }));
example(bookingInput, (x) => ({
  name: "Avery Stone",
  email: "avery@example.com",
  phone: "801-555-0133",
  healthConditions: "Knee pain",
  privacyPolicy: true as const,
  hipaaConsent: true as const,
  termsAndConditions: true as const,
  formToken: x.formToken(),
  language: "es" as const,
  service: x.slug("service"),
  start: `${localDay(2)}T17:00:00.000Z`,
  idempotencyKey: `example-${x.unique()}`,
}));
example(availabilityInput, () => ({ ownerKind: "clinic" as const, ownerId: 0 }));
example(weeklyHoursInput, (x) => ({
  ownerKind: "clinician" as const,
  ownerId: x.id("team"),
  weekly: [{ weekday: 1, startMinute: 540, endMinute: 1020 }],
}));
example(dateOverrideInput, () => ({ ownerKind: "clinic" as const, ownerId: 0, date: "2030-12-25", closed: true, note: "Christmas Day" }));
example(resourceInput, (x) => ({ name: `Room ${x.unique()}`, kind: "room" as const, isActive: true }));
example(clinicianInput, (x) => ({ teamMemberId: x.id("team"), staffUserId: null, isActive: true }));
example(serviceBookingInput, (x) => ({
  serviceId: x.id("service"),
  bookable: false,
  durationMinutes: 60,
  intervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeMinutes: 1440,
  daysAhead: 30,
  resourceId: null,
  requiresConfirmation: true,
  lateCancelHours: 24,
  // The seeded first team member, a bookable clinician (seed-data.ts SEED_BOOKING): a list of ids.
  clinicianIds: [1],
}));
example(calendarInput, () => ({ from: localDay(0), to: localDay(6) }));
example(bookingActInput, (x) => ({ id: x.id("inquiry") }));
// A link that is not (or no longer) valid answers `gone`: tests/booking-mail.test.ts cancels with real ones.
example(cancelLinkInput, () => ({ token: "1.1999999999.not-a-real-signature-at-all" }));
// The same for the reschedule link: tests/booking-reschedule.test.ts moves with real ones.
example(rescheduleLinkInput, () => ({ token: "1.1999999999.not-a-real-signature-at-all", from: localDay(0) }));
example(rescheduleInput, () => ({ token: "1.1999999999.not-a-real-signature-at-all", start: new Date(`${localDay(3)}T17:00:00.000Z`) }));
example(declineInput, (x) => ({ id: x.id("inquiry"), message: "We are away that week: please choose another day." }));
example(moveInput, (x) => ({ id: x.id("inquiry"), start: new Date(`${localDay(3)}T17:00:00.000Z`) }));
example(calendarHoursInput, (x) => ({ from: localDay(0), to: localDay(6), clinicianId: x.id("team") }));
example(feedInput, (x) => ({ teamMemberId: x.id("team") }));
example(visitBeacon, () => ({
  kind: "view" as const,
  path: "/about",
  entry: true,
  referrer: "https://example.org/",
  via: "ozone-therapy",
  entryPath: "/",
  utm: { campaign: "spring" },
}));
example(legalReadInput, () => ({ kind: "terms" as const, lang: "es" as const }));
example(legalVersionsInput, () => ({ kind: "terms" as const, language: "es" as const }));
example(legalPublishInput, (x) => ({
  kind: "hipaa" as const,
  language: "en" as const,
  effectiveDate: "2026-04-01",
  html: `<p>Authorization ${x.unique()}</p>`,
}));

// ---------------------------------------------------------------- the inquiry desk

example(inquiryPageInput, (x) => ({
  page: 1,
  pageSize: 25,
  sort: "oldest" as const,
  q: "Inquirer",
  status: "new" as const,
  service: "General Consultation",
  language: "es" as const,
  assigneeId: x.id("user"),
  from: "2020-01-01",
  to: "2099-12-31",
}));
example(inquiryFilter, () => ({ status: "new" as const, q: "Inquirer", language: "es" as const }));
example(inquiryUpdateInput, (x) => ({ id: x.id(), status: "contacted" as const, assigneeId: x.id("user") }));
example(inquiryNoteInput, (x) => ({ id: x.id(), text: `Called back ${x.unique()}` }));
example(emergencyAccessInput, () => ({ reason: "The clinician is away and a patient is waiting" }));

// ---------------------------------------------------------------- sign-in, one's own account, passkeys

example(loginInput, (x) => ({ ...x.signIn(), keepSignedIn: false }));
example(changeOwnPasswordInput, () => ({ currentPassword: somePassword, newPassword: "a-new-long-passphrase" }));
example(enableTwoFactorInput, () => ({ code: "123456" }));
example(disableTwoFactorInput, () => ({ password: somePassword }));
example(confirmInput, () => ({ password: somePassword }));
example(endSessionInput, () => ({ handle: "0".repeat(24) }));
example(updateOwnProfileInput, () => ({ firstName: "Sam", lastName: "Lee", email: "sam@example.com" }));
example(confirmEmailInput, () => ({ token: "a-mailed-token" }));
example(notificationPreferences, () => ({ newInquiries: true }));
example(startPasskeyRegistrationInput, () => ({ name: "Laptop" }));
example(finishPasskeyRegistrationInput, () => ({ response: registration }));
example(renamePasskeyInput, (x) => ({ id: x.id(), name: "Desk" }));
example(finishPasskeySignInInput, () => ({ attemptId: "a".repeat(52), response: assertion, keepSignedIn: false }));
example(passkeyCheckInput, () => ({ response: assertion }));

// ---------------------------------------------------------------- staff, roles, settings, the site's data

example(createAdminUserInput, (x) => ({
  username: `user${x.unique()}`,
  password: "long-enough-passphrase",
  firstName: "Pat",
  lastName: "Lee",
  email: "pat@example.com",
  role: "admin",
}));
example(updateAdminUserInput, (x) => ({
  id: x.id(),
  firstName: "Pat",
  lastName: `Lee${x.unique()}`,
  email: "pat@example.com",
  role: "admin",
  isActive: true,
}));
example(resetPasswordInput, (x) => ({ id: x.id(), newPassword: `reset-${x.unique()}-pw` }));
example(createRoleInput, (x) => ({
  name: `Role ${x.unique()}`,
  permissions: ["news.edit" as const, "publish" as const],
  assignedOnly: false,
}));
example(updateRoleInput, () => ({ key: "front_desk", assignedOnly: false }));
example(roleKeyInput, () => ({ key: "custom_nothing_here" }));
example(settingsUpdateInput, () => ({ retention: { enabled: false, days: 365 } }));
example(testMailInput, () => ({ to: "staff@example.com" }));
// A closed port of this machine: what a test sends after this save is refused at once, never waits on a network.
example(mailServerInput, () => ({
  host: "127.0.0.1",
  port: 9,
  security: "starttls" as const,
  user: "clinic@example.com",
  password: "app-password",
  from: "clinic@example.com",
}));
example(recipientUpdateInput, (x) => ({ adminId: x.id("user"), newInquiries: true }));
example(activityQuery, (x) => ({ page: 1, pageSize: 5, adminId: x.id("user"), action: "login" }));
example(analyticsPeriod, () => ({ from: "2030-01-01", to: "2030-01-31" }));
example(backupDownloadInput, () => ({ password: somePassword, passphrase: "a passphrase of some length" }));
