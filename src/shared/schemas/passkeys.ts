import { z } from "zod";
import { recordId, requiredText } from "./fields";

/**
 * Passkeys (WebAuthn) of staff: adding one in My Account, naming it, removing it, and signing in with
 * one alone (docs/decisions/0052-passkeys.md). The browser's answers are checked for shape here; what
 * they prove is checked on the server by @simplewebauthn/server.
 */

export const PASSKEY_MESSAGES = {
  name: "Give the passkey a name",
  nameMax: "The name must be 100 characters or less",
  response: "The browser's passkey answer is incomplete. Please try again.",
  expired: "This passkey request has expired or was already used. Please try again.",
  notVerified: "The passkey could not be verified. Please try again.",
  wrongSite: "This passkey answer was made for another website and is refused.",
  duplicate: "This passkey is already registered.",
  tooMany: "An account can have at most 20 passkeys. Remove one first.",
  notFound: "Passkey not found",
  unknownPasskey: "This passkey is not registered for any account here. Sign in with your password.",
  signInFailed: "The passkey could not be verified. Please try again or sign in with your password.",
} as const;

/** At most this many passkeys per account. */
export const MAX_PASSKEYS = 20;

export const passkeyName = requiredText(PASSKEY_MESSAGES.name, 100, PASSKEY_MESSAGES.nameMax);

/** base64url text, as WebAuthn's JSON forms carry binary values. */
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.response })
    .max(max, PASSKEY_MESSAGES.response)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_MESSAGES.response);

const credentialId = base64url(1400).min(1, PASSKEY_MESSAGES.response);
const transports = z.array(z.string().max(32)).max(10).optional();
const attachment = z.enum(["platform", "cross-platform"]).optional();
/** The extensions' outputs (credProps and the like): small, and not relied on. */
const extensionResults = z.record(z.string().max(64), z.unknown()).default({});

/**
 * A PublicKeyCredential in its JSON form: the same envelope whichever ceremony made it, around the
 * authenticator's `response` to that ceremony.
 */
const credentialJson = <Response extends z.ZodType>(response: Response) =>
  z.object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal("public-key", { error: PASSKEY_MESSAGES.response }),
    response,
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  });

/** What `navigator.credentials.create()` answered, in its JSON form (@simplewebauthn/browser's startRegistration). */
export const registrationResponse = credentialJson(
  z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    authenticatorData: base64url(16384).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.int().optional(),
    transports,
  }),
);

/** What `navigator.credentials.get()` answered, in its JSON form (startAuthentication). */
export const authenticationResponse = credentialJson(
  z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16384),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
);

export const startPasskeyRegistrationInput = z.object({ name: passkeyName });
export const finishPasskeyRegistrationInput = z.object({ response: registrationResponse });
export const renamePasskeyInput = z.object({ id: recordId, name: passkeyName });
/** A fresh check with one of one's own passkeys: the browser's answer to passkeys.checkStart's challenge. */
export const passkeyCheckInput = z.object({ response: authenticationResponse });
/** The id of a passkey attempt (sign-in, or a password sign-in's second step), as its options gave it. */
export const passkeyAttemptId = z
  .string({ error: PASSKEY_MESSAGES.expired })
  .min(1, PASSKEY_MESSAGES.expired)
  .max(100, PASSKEY_MESSAGES.expired);
export const finishPasskeySignInInput = z.object({
  attemptId: passkeyAttemptId,
  response: authenticationResponse,
  /** "Keep me signed in on this device", as for a password sign-in. */
  keepSignedIn: z.boolean().optional(),
});
