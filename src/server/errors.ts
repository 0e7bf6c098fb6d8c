import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";

/**
 * One place for failures: services throw these TRPCErrors, the tRPC error formatter and the REST
 * mirror both turn them into `{ message, fieldErrors?, requiresTwoFactor?, requiresFreshCheck? }` with the status of
 * the REST contract (docs/rest-api.md). Driver errors (duplicate keys, a database that does not answer) are
 * mapped here too, so no SQL text or stack trace reaches a client.
 */

/** The second steps a password sign-in may take (422 with requiresTwoFactor). */
export type SecondFactorMethod = "totp" | "passkey";

/** A passkey as a password's second step: the attempt's id and the options for navigator.credentials.get(). */
export interface PasskeyStep {
  attemptId: string;
  options: Record<string, unknown>;
}

export interface ErrorExtras {
  requiresTwoFactor?: true;
  /** With requiresTwoFactor: which second steps the account has ("totp" also takes a backup code). */
  secondFactors?: SecondFactorMethod[];
  /** With requiresTwoFactor, when the account has a passkey: its challenge for the second step. */
  passkeyStep?: PasskeyStep;
  /** The account must choose a new password before anything else (403; src/server/trpc.ts's account-setup gate). */
  requiresPasswordChange?: true;
  /** The account's role needs a second factor and it has none yet: enrolment first (403; the same gate). */
  requiresSecondFactor?: true;
  /** A sensitive act needs "Confirm it's you" first (403; docs/decisions/0054). */
  requiresFreshCheck?: true;
  /** Seconds until a throttled caller may try again (sent as Retry-After). */
  retryAfterSeconds?: number;
}

/** Carries the extras of an error to the formatter and the REST layer. */
export class ErrorExtrasCause extends Error {
  constructor(readonly extras: ErrorExtras) {
    super("error extras");
    this.name = "ErrorExtrasCause";
  }
}

type Code = TRPCError["code"];

/** Retry-After of a 503 while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function fail(code: Code, message: string, extras?: ErrorExtras): TRPCError {
  return new TRPCError({ code, message, cause: extras ? new ErrorExtrasCause(extras) : undefined });
}

/** Field-level problems found outside zod (the storable-text rule): read like zod's issues by describeError. */
export class InputIssuesCause extends Error {
  constructor(readonly issues: Array<{ path: PropertyKey[]; message: string }>) {
    super("input issues");
    this.name = "InputIssuesCause";
  }
}

/** Marks an error as the database's refusal of a value, so it is logged (validation should have caught it). */
export class DatabaseRefusalCause extends Error {
  constructor(readonly sqlState: string) {
    super(`database refused a value (${sqlState})`);
    this.name = "DatabaseRefusalCause";
  }
}

/** The 422's message: the spec's words for a code; for an account whose only second factor is a passkey, the passkey. */
export const SECOND_STEP_MESSAGES = {
  code: "Please enter your 2FA code to continue.",
  passkey: "Please confirm with your passkey to continue.",
} as const;

export const FRESH_CHECK_MESSAGE =
  "Please confirm it's you: enter your password (and your two-factor code) again to continue. Sensitive " +
  "actions need a check from the last 5 minutes.";

/** Messages of the answers the HTTP layer gives itself (no procedure involved). */
export const HTTP_MESSAGES = {
  notFound: "Not found",
  crossSite: "Cross-site request refused: the Origin header must be this site's address",
  /** A browser said the request was not made by the site's own script (an image, a link, a form, another site). */
  notOwnScript: "Request refused: the browser did not send it from this site's own pages",
  fileTooLarge: "File too large: Please select an image smaller than 10MB",
  bodyTooLarge: "Request body too large",
} as const;

export const errors = {
  badRequest: (message: string) => fail("BAD_REQUEST", message),
  /** A 400 naming the field (`path`) and its message, like a zod validation failure. */
  invalidField: (path: PropertyKey[], message: string) =>
    new TRPCError({ code: "BAD_REQUEST", message, cause: new InputIssuesCause([{ path, message }]) }),
  unauthorized: (message = "Not signed in") => fail("UNAUTHORIZED", message),
  forbidden: (message: string) => fail("FORBIDDEN", message),
  notFound: (message: string) => fail("NOT_FOUND", message),
  conflict: (message: string) => fail("CONFLICT", message),
  payloadTooLarge: (message: string) => fail("PAYLOAD_TOO_LARGE", message),
  unsupportedMediaType: (message: string) => fail("UNSUPPORTED_MEDIA_TYPE", message),
  /**
   * The password was right and the account has a second factor: the sign-in's second step (the spec's
   * 422). `secondFactors` names what the account has; with a passkey, `passkeyStep` is its challenge.
   */
  twoFactorRequired: (secondFactors: SecondFactorMethod[] = ["totp"], passkeyStep?: PasskeyStep) =>
    fail("UNPROCESSABLE_CONTENT", secondFactors.includes("totp") ? SECOND_STEP_MESSAGES.code : SECOND_STEP_MESSAGES.passkey, {
      requiresTwoFactor: true,
      secondFactors,
      ...(passkeyStep ? { passkeyStep } : {}),
    }),
  /** The session may reach only the account-setup step named (a new password, or second-factor enrolment). */
  accountSetupRequired: (step: "password" | "second_factor", message: string) =>
    fail("FORBIDDEN", message, step === "password" ? { requiresPasswordChange: true } : { requiresSecondFactor: true }),
  /** A sensitive act without a fresh check (the password and second factor, or a passkey) in the last 5 minutes. */
  freshCheckRequired: () => fail("FORBIDDEN", FRESH_CHECK_MESSAGE, { requiresFreshCheck: true }),
  tooManyRequests: (message: string, retryAfterSeconds: number) => fail("TOO_MANY_REQUESTS", message, { retryAfterSeconds }),
  // The database is away (a restart, an outage): the driver reconnects by itself within seconds.
  unavailable: () =>
    fail("SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Please try again shortly.", {
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
    }),
};

/**
 * Unique constraints (names from src/server/db/schema.ts): the message, and the field it belongs to, so
 * a form shows a duplicate at the field that caused it (the server knows which constraint failed).
 */
const DUPLICATES: Record<string, { field: string; message: string }> = {
  services_slug_unique: { field: "slug", message: "A service with this URL slug already exists" },
  news_articles_slug_unique: { field: "slug", message: "An article with this slug already exists" },
  admin_users_username_unique: { field: "username", message: "Username already exists" },
  admin_passkeys_credential_unique: { field: "response", message: "This passkey is already registered." },
  website_content_page_section_key_unique: { field: "key", message: "A content item with this page, section and key already exists" },
  website_images_page_section_key_unique: { field: "key", message: "An image with this page, section and key already exists" },
  roles_name_unique: { field: "name", message: "A role with this name already exists" },
  booking_clinicians_staff_user_unique: { field: "staffUserId", message: "This staff account is already linked to another clinician" },
  legal_text_versions_kind_version_unique: {
    field: "html",
    message: "Another version of this text was published at the same moment. Reload it and publish again.",
  },
};

const CHECK_MESSAGES: Record<string, string> = {
  testimonials_rating_check: "Rating must be between 1 and 5",
  admin_users_role_check: "Role must be admin or super_admin",
};

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

interface DriverError {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  message?: string;
}

/** Walks an error's cause chain (drizzle wraps driver errors) to the driver's own error. */
function findDriverError(error: unknown): DriverError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const candidate = current as DriverError & { cause?: unknown };
    if (typeof candidate.code === "string" && (CONNECTION_CODES.has(candidate.code) || /^[0-9A-Z]{5}$/.test(candidate.code))) {
      return candidate;
    }
    if (candidate.message && /PGlite is closed|database is closed/i.test(candidate.message)) return { code: "CONNECTION_CLOSED" };
    current = candidate.cause;
  }
  return null;
}

/** Whether the database refused a row because the record it points at is gone (23503, a foreign key). */
export function isMissingReference(error: unknown): boolean {
  return findDriverError(error)?.code === "23503";
}

/**
 * What a value the database refused (SQLSTATE class 22, "data exception") means for the caller. Input
 * can cause these only where validation has a gap, so they are 400s, never 500s, and they are logged.
 */
function dataExceptionMessage(code: string): string {
  switch (code) {
    case "22001":
      return "A value is too long";
    case "22003":
      return "A number is out of range";
    case "22007":
    case "22008":
      return "A date is out of range";
    case "22021":
    case "22P05":
      return "Text contains characters that cannot be stored";
    default:
      return "A value has the wrong format";
  }
}

/** Turns a driver failure into the TRPCError a caller should see, or null when it is not one. */
export function fromDatabaseError(error: unknown): TRPCError | null {
  const driver = findDriverError(error);
  if (!driver?.code) return null;
  const constraint = driver.constraint_name ?? driver.constraint ?? "";
  if (driver.code === "23505") {
    const duplicate = DUPLICATES[constraint];
    if (!duplicate) return errors.conflict("This record already exists");
    return new TRPCError({
      code: "CONFLICT",
      message: duplicate.message,
      cause: new InputIssuesCause([{ path: [duplicate.field], message: duplicate.message }]),
    });
  }
  if (driver.code === "23514") return errors.badRequest(CHECK_MESSAGES[constraint] ?? "A value is out of range");
  if (driver.code === "23503") return errors.conflict("This record is still referenced by other records");
  if (driver.code.startsWith("22")) {
    return new TRPCError({ code: "BAD_REQUEST", message: dataExceptionMessage(driver.code), cause: new DatabaseRefusalCause(driver.code) });
  }
  if (CONNECTION_CODES.has(driver.code) || driver.code.startsWith("08")) return errors.unavailable();
  return null;
}

export interface PublicError {
  status: number;
  /** The message, the fields' messages, and the extras a client acts on (all but Retry-After, a header). */
  body: { message: string; fieldErrors?: Record<string, string[]> } & Omit<ErrorExtras, "retryAfterSeconds">;
  headers: Record<string, string>;
  /**
   * Set when the error belongs in the server log: anything that answers 5xx, and values the database
   * refused. Only the error's class and code: never its message, which may quote SQL and parameters.
   */
  log?: { errorClass: string; code?: string };
}

interface IssueLike {
  path: PropertyKey[];
  message: string;
}

function zodIssues(cause: unknown): IssueLike[] | null {
  if (cause && typeof cause === "object" && Array.isArray((cause as { issues?: unknown }).issues)) {
    return (cause as { issues: IssueLike[] }).issues;
  }
  return null;
}

/** The name of an error's class and, for a database error, its SQLSTATE: what the log may say about it. */
function errorIdentity(error: unknown): { errorClass: string; code?: string } {
  const driver = findDriverError(error);
  let errorClass = error instanceof Error ? error.constructor.name || error.name : typeof error;
  let inner: unknown = error;
  // A TRPCError wrapping something else: name the cause (e.g. DrizzleQueryError, RangeError).
  while (inner instanceof TRPCError && inner.cause && !(inner.cause instanceof ErrorExtrasCause)) {
    inner = inner.cause;
    errorClass = `${errorClass}<${inner instanceof Error ? inner.constructor.name || inner.name : typeof inner}>`;
  }
  return driver?.code ? { errorClass, code: driver.code } : { errorClass };
}

/** What a client sees for any error: status, JSON body and headers. Internal errors say nothing of their cause. */
export function describeError(error: unknown): PublicError {
  let trpcError = error instanceof TRPCError ? error : null;
  if (!trpcError) trpcError = fromDatabaseError(error);
  if (!trpcError)
    return { status: 500, body: { message: "Something went wrong. Please try again." }, headers: {}, log: errorIdentity(error) };

  // Field problems of the input; an answer that fails its own output schema is the server's fault (500).
  const issues = trpcError.code === "INTERNAL_SERVER_ERROR" ? null : zodIssues(trpcError.cause);
  if (issues && issues.length > 0) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of issues) {
      const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
      fieldErrors[field] ??= [];
      fieldErrors[field].push(issue.message);
    }
    // A duplicate (409) names its field too; any other field problem is a 400.
    const status = trpcError.code === "CONFLICT" ? 409 : 400;
    return { status, body: { message: issues[0]!.message, fieldErrors }, headers: {} };
  }

  const mapped = trpcError.code === "INTERNAL_SERVER_ERROR" ? fromDatabaseError(trpcError.cause) : null;
  if (mapped) trpcError = mapped;
  const status = getHTTPStatusCodeFromError(trpcError);
  const extras = trpcError.cause instanceof ErrorExtrasCause ? trpcError.cause.extras : undefined;
  const headers: Record<string, string> = {};
  if (extras?.retryAfterSeconds) headers["Retry-After"] = String(extras.retryAfterSeconds);
  const message = status >= 500 && status !== 503 ? "Something went wrong. Please try again." : trpcError.message;
  const refusal = trpcError.cause instanceof DatabaseRefusalCause ? trpcError.cause : null;
  return {
    status,
    body: {
      message,
      ...(extras?.requiresTwoFactor ? { requiresTwoFactor: true as const } : {}),
      ...(extras?.secondFactors ? { secondFactors: extras.secondFactors } : {}),
      ...(extras?.passkeyStep ? { passkeyStep: extras.passkeyStep } : {}),
      ...(extras?.requiresPasswordChange ? { requiresPasswordChange: true as const } : {}),
      ...(extras?.requiresSecondFactor ? { requiresSecondFactor: true as const } : {}),
      ...(extras?.requiresFreshCheck ? { requiresFreshCheck: true as const } : {}),
    },
    headers,
    ...(status >= 500 || refusal
      ? { log: refusal ? { errorClass: "DatabaseRefusal", code: refusal.sqlState } : errorIdentity(error) }
      : {}),
  };
}
