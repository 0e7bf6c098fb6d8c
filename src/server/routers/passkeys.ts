import { z } from "zod";
import { idParam } from "../../shared/schemas/fields";
import { successAnswer } from "../../shared/schemas/answers";
import {
  finishPasskeyRegistrationInput,
  finishPasskeySignInInput,
  passkeyAnswer,
  passkeyCheckInput,
  passkeyCheckOptionsAnswer,
  passkeyRegistrationOptionsAnswer,
  passkeySignInOptionsAnswer,
  renamePasskeyInput,
  startPasskeyRegistrationInput,
} from "../../shared/schemas/passkeys";
import { loginAnswer } from "../../shared/schemas/users";
import { confirmAnswer } from "../../shared/schemas/sessions";
import {
  confirmWithPasskey,
  finishPasskeySignIn,
  finishRegistration,
  listPasskeys,
  removePasskey,
  renamePasskey,
  startPasskeyCheck,
  startPasskeySignIn,
  startRegistration,
} from "../services/passkeys";
import { accountSetupProcedure, publicProcedure, requireFreshCheck, router, staffProcedure } from "../trpc";
import { answerSignedIn } from "./auth";
import { door, read } from "./doors";

const tag = "Sign-in and account";
const path = "/admin/account/passkeys";
/** Signing in with a passkey alone, and "Confirm it's you" with one: each an options step, then the answer. */
const signInPath = "/admin/login/passkey";
const checkPath = "/admin/confirm/passkey";

/**
 * Passkeys (WebAuthn): the signed-in staff member's own (list, add in two steps, rename, remove), and
 * signing in with one alone (two steps). Each second step takes what the browser's
 * navigator.credentials call answered, in its JSON form.
 */
export const passkeysRouter = router({
  list: accountSetupProcedure("second_factor")
    .meta(read(tag, path, "My passkeys", "Name, added and last used of each."))
    .output(z.array(passkeyAnswer))
    .query(({ ctx }) => listPasskeys(ctx.deps.db, ctx.auth)),

  startRegistration: accountSetupProcedure("second_factor")
    .meta(
      door("post", tag, `${path}/options`, "Start adding a passkey", "The creation options.", {
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). The options for navigator.credentials.create() " +
          "(user verification required, a discoverable credential); the name is kept with the challenge, which " +
          "this session must answer within 5 minutes, once.",
        errors: [403, 409],
      }),
    )
    .use(requireFreshCheck)
    .input(startPasskeyRegistrationInput)
    .output(passkeyRegistrationOptionsAnswer)
    .mutation(({ ctx, input }) => startRegistration(ctx.deps, ctx.auth, input.name)),

  finishRegistration: accountSetupProcedure("second_factor")
    .meta(
      door("post", tag, path, "Add a passkey", "The new passkey.", {
        description:
          "Verifies the authenticator's answer against this session's challenge (this site's origin and relying " +
          "party, user verified) and stores the passkey.",
        errors: [409],
        answer: { status: 201 },
      }),
    )
    .input(finishPasskeyRegistrationInput)
    .output(passkeyAnswer)
    .mutation(({ ctx, input }) => finishRegistration(ctx.deps, ctx.auth, ctx, input.response)),

  rename: staffProcedure
    .meta(door("put", tag, `${path}/:id`, "Rename a passkey", "The renamed passkey."))
    .input(renamePasskeyInput)
    .output(passkeyAnswer)
    .mutation(({ ctx, input }) => renamePasskey(ctx.deps, ctx.auth, ctx, input)),

  remove: staffProcedure
    .meta(
      door("delete", tag, `${path}/:id`, "Remove a passkey", "Removed.", {
        description: "Needs a fresh check (403 with `requiresFreshCheck`).",
        errors: [403],
      }),
    )
    .use(requireFreshCheck)
    .input(idParam)
    .output(successAnswer)
    .mutation(({ ctx, input }) => removePasskey(ctx.deps, ctx.auth, ctx, input.id)),

  signInStart: publicProcedure
    .meta(
      door("post", tag, `${signInPath}/options`, "Start signing in with a passkey", "The request options and the attempt's id.", {
        description:
          "The options for navigator.credentials.get() (any of this site's passkeys, user verification required) " +
          "and the attempt's id; answer within 5 minutes, once.",
      }),
    )
    .output(passkeySignInOptionsAnswer)
    .mutation(({ ctx }) => startPasskeySignIn(ctx.deps)),

  signIn: publicProcedure
    .meta(
      door("post", tag, signInPath, "Sign in with a passkey", "Signed in.", {
        description:
          "Sets the session cookie, as a password sign-in does. An expired or used attempt, an unknown passkey, " +
          "an answer made for another site or one that does not verify answer 401 and count toward the same lockout " +
          "as wrong passwords (429).",
        errors: [401, 429],
        answer: { headers: ["Set-Cookie"] },
      }),
    )
    .input(finishPasskeySignInInput)
    .output(loginAnswer)
    .mutation(async ({ ctx, input }) => answerSignedIn(ctx, await finishPasskeySignIn(ctx.deps, ctx, input), input.keepSignedIn === true)),

  /** "Confirm it's you" with a passkey instead of the password and code (auth.confirm). */
  checkStart: staffProcedure
    .meta(
      door("post", tag, `${checkPath}/options`, "Start confirming it's you with a passkey", "The request options.", {
        description:
          "A challenge for one of one's own passkeys, bound to this session, to answer within 5 minutes, once. " +
          "400 when the account has no passkey.",
        errors: [400],
      }),
    )
    .output(passkeyCheckOptionsAnswer)
    .mutation(({ ctx }) => startPasskeyCheck(ctx.deps, ctx.auth)),

  check: staffProcedure
    .meta(
      door("post", tag, checkPath, "Confirm it's you with a passkey (a fresh check)", "Fresh until the time given.", {
        description:
          "One's own passkey, user verified, counts as the fresh check that sensitive acts ask for (as POST /api/admin/confirm " +
          "does with the password and code). An answer that does not verify is a 400 and counts toward the sign-in " +
          "lockout (429); a pass is logged.",
        errors: [429],
      }),
    )
    .input(passkeyCheckInput)
    .output(confirmAnswer)
    .mutation(({ ctx, input }) => confirmWithPasskey(ctx.deps, ctx.auth, ctx, input.response)),
});
