import { z } from "zod";
import { recordId, requiredText } from "./fields";
import { id, timestamp } from "./answers";

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

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

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
