import { createHash, randomBytes } from "node:crypto";
import type { SecretBox } from "../auth/secret-box";

/**
 * The conversion token (issue 34 item 8): the answer to a stored inquiry carries it, the page's "sent"
 * beacon hands it back, and analytics counts the conversion only when it verifies, is fresh and has not
 * counted before (its id claimed in conversion_token_uses: services/analytics.ts). So a forged beacon
 * adds no conversion. It names the inquiry (its id, which the answer already gives) and nothing of it.
 *
 * Spam gets a token of the same shape whose signature is random: it never verifies, and the sender
 * cannot tell it from a real one (the beacon's answer does not say whether a conversion counted).
 */
export const CONVERSION_TOKEN_MAX_AGE_MS = 10 * 60_000;

const PURPOSE = "conversion-token";

interface ConversionPayload {
  /** The inquiry's id. */
  i: number;
  /** Valid until (ms since the epoch). */
  e: number;
  /** Random: the token's id is a hash of the body, which names no inquiry without the token. */
  n: string;
}

export function issueConversionToken(secrets: SecretBox, inquiryId: number, spam: boolean, now = new Date()): string {
  const body = Buffer.from(
    JSON.stringify({
      i: inquiryId,
      e: now.getTime() + CONVERSION_TOKEN_MAX_AGE_MS,
      n: randomBytes(12).toString("base64url"),
    } satisfies ConversionPayload),
  ).toString("base64url");
  // The same length as an HMAC-SHA256 in base64url.
  const signature = spam ? randomBytes(32).toString("base64url") : secrets.sign(PURPOSE, body);
  return `${body}.${signature}`;
}

/** A good token's id (a hash of its body) and until when its use must be remembered; null for a forged, spam's or stale one. */
export function conversionClaim(secrets: SecretBox, token: string | undefined, now = new Date()): { id: string; expiresAt: Date } | null {
  const [body, signature, extra] = (token ?? "").split(".");
  if (!body || !signature || extra !== undefined || !secrets.verify(PURPOSE, body, signature)) return null;
  let payload: Partial<ConversionPayload>;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<ConversionPayload>;
  } catch {
    return null;
  }
  if (typeof payload.e !== "number" || typeof payload.i !== "number" || payload.e <= now.getTime()) return null;
  return { id: createHash("sha256").update(body).digest("base64url"), expiresAt: new Date(payload.e) };
}
