import { createHash, randomBytes } from "node:crypto";
import type { SecretBox } from "../auth/secret-box";
import type { ConsentReceipt } from "../db/schema";
import { isLanguageCode, type LanguageCode } from "../../shared/languages";

/**
 * The inquiry form's token: signed by the server when it renders the form (or when a client asks,
 * GET /api/contact/form-token), it carries the moment it was issued and the legal texts' versions
 * shown with the form (their labels and SHA-256: src/server/services/legal-texts.ts, currentLegalDocuments).
 * A submission is judged with it: spam without a CAPTCHA (public-site.md's form
 * stays as it is) means a honeypot field people never meet and a minimum time to fill the form in.
 * API callers get a token first and send it with the inquiry.
 */
export const MIN_FILL_MS = 2_000;
/**
 * A token carries one inquiry, and for at most 30 days: its use is remembered (form_token_uses) until
 * then, so a replay is recognised; an older token is spam like a forged one. (A page left open for
 * days is still a person's; for a month, a script's.)
 */
export const FORM_TOKEN_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

type Documents = ConsentReceipt["documents"];

interface TokenPayload {
  /** Issued at (ms since the epoch). */
  iat: number;
  /** Random: no two tokens are the same, even issued in the same millisecond. */
  n?: string;
  /** The versions and hashes of the legal texts the form showed (absent: those in force when it is sent). */
  docs?: Documents;
  /** The language of the form (issue 27; absent: English). */
  lang?: LanguageCode;
}

const PURPOSE = "inquiry-form-token";

/**
 * A token issued `now`, carrying the legal texts the form shows (`docs`: the server always passes the
 * current ones; a token without them, as some tests make, takes those in force when it is sent).
 */
export function issueFormToken(secrets: SecretBox, now = new Date(), docs?: Documents, language?: LanguageCode): string {
  const body = Buffer.from(
    JSON.stringify({
      iat: now.getTime(),
      n: randomBytes(12).toString("base64url"),
      ...(docs ? { docs } : {}),
      ...(language && language !== "en" ? { lang: language } : {}),
    } satisfies TokenPayload),
  ).toString("base64url");
  return `${body}.${secrets.sign(PURPOSE, body)}`;
}

export type SpamReason = "honeypot" | "too_fast" | "no_token" | "bad_token" | "expired_token" | "reused_token";

export interface Judgement {
  spam: SpamReason | null;
  /** The legal texts the form showed (from a token); null: the caller records those in force now. */
  documents: Documents | null;
  /** The form's language as its token says (null: no good token says). */
  language?: LanguageCode | null;
  /** A good token's id (a hash of its signed body) and until when its use must be remembered. */
  token?: { id: string; expiresAt: Date };
}

/**
 * Judges a submission: the honeypot filled, no token, a token the server did not sign, a form sent
 * less than MIN_FILL_MS after it was rendered, or a token older than FORM_TOKEN_MAX_AGE_MS make it
 * spam. Whether a good token was used before is decided where the inquiry is saved (contact.ts), in
 * the same transaction.
 */
export function judgeSubmission(secrets: SecretBox, input: { website?: string; formToken?: string }, now = new Date()): Judgement {
  const fallback = null;
  if (input.website && input.website.trim() !== "") return { spam: "honeypot", documents: fallback };
  if (!input.formToken) return { spam: "no_token", documents: fallback };
  const [body, signature] = input.formToken.split(".");
  if (!body || !signature) return { spam: "bad_token", documents: fallback };
  // Signed by any key of the ring; or before the purpose keys (a page opened before the upgrade is still
  // a person's: its inquiry must not land in Spam). That second form can go once such pages are gone.
  if (!secrets.verify(PURPOSE, body, signature, { preHkdf: true })) return { spam: "bad_token", documents: fallback };
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TokenPayload;
  } catch {
    return { spam: "bad_token", documents: fallback };
  }
  if (typeof payload.iat !== "number") return { spam: "bad_token", documents: fallback };
  const docs = payload.docs ?? null;
  const language = isLanguageCode(payload.lang) ? payload.lang : payload.docs ? "en" : null;
  if (now.getTime() - payload.iat < MIN_FILL_MS) return { spam: "too_fast", documents: docs, language };
  if (now.getTime() - payload.iat > FORM_TOKEN_MAX_AGE_MS) return { spam: "expired_token", documents: docs, language };
  const token = { id: createHash("sha256").update(body).digest("base64url"), expiresAt: new Date(payload.iat + FORM_TOKEN_MAX_AGE_MS) };
  return { spam: null, documents: docs, token, language };
}
