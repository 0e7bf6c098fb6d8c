import { initTRPC } from "@trpc/server";
import { findInputProblem } from "../shared/storable-text";
import { transformer } from "../shared/transformer";
import { isSessionFresh } from "./auth/sessions";
import type { Context } from "./context";
import { ACCOUNT_SETUP_MESSAGES } from "../shared/schemas/users";
import { describeError, errors, fromDatabaseError } from "./errors";
import type { ProcedureMeta } from "./rest/operations";
import { pendingAccountStep, type AccountSetupStep } from "./services/second-factor";

/**
 * The base procedures the routers may use, and nothing else:
 * - publicProcedure: anyone;
 * - staffProcedure: a signed-in, active admin or super admin (ctx.auth is narrowed to non-null);
 * - superAdminProcedure: a signed-in super admin;
 * - accountSetupProcedure(step): signed in, and reachable while that account-setup step is pending.
 * An account with a pending setup step (a new password to choose, a second factor its role requires:
 * src/server/services/second-factor.ts) reaches nothing else: 403 with requiresPasswordChange or
 * requiresSecondFactor in the error (docs/decisions/0053-passwords-and-account-setup.md).
 * Roles are checked here, on the server, never only in the UI. Each sets `meta.access` to the role it
 * checks, so a procedure's REST door (its `meta.rest`, bound by src/server/rest/bind.ts) says who may
 * call it without writing it again.
 */
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const described = describeError(error);
      return {
        code: shape.code,
        message: described.body.message,
        data: {
          code: shape.data.code,
          httpStatus: described.status,
          path: shape.data.path,
          fieldErrors: described.body.fieldErrors,
          requiresTwoFactor: described.body.requiresTwoFactor,
          requiresPasswordChange: described.body.requiresPasswordChange,
          requiresSecondFactor: described.body.requiresSecondFactor,
          requiresFreshCheck: described.body.requiresFreshCheck,
          requestId: described.log && ctx ? ctx.requestId() : undefined,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Driver failures (duplicates, database down, refused values) become the caller-facing errors of src/server/errors.ts. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = fromDatabaseError(result.error.cause);
    if (mapped) throw mapped;
  }
  return result;
});

/**
 * Every input, of every procedure, through the one storable-text rule of src/shared (no NUL, no
 * unpaired surrogate, bounded nesting) before the procedure's own schema sees it.
 */
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  // An input that cannot be read at all (a mutation without one may come with an empty body) is left
  // to the procedure: one with an input schema refuses it there with the same 400, one without ignores it.
  const raw = await getRawInput().then(
    (value) => ({ value }),
    () => null,
  );
  if (!raw) return next();
  const problem = findInputProblem(raw.value);
  if (problem) throw errors.invalidField(problem.path, problem.message);
  return next();
});

const baseProcedure = t.procedure.use(mapErrors);

export const publicProcedure = baseProcedure.meta({ access: "public" }).use(storableInput);

/** A signed-in, active staff member (checked before anything of the input is looked at). */
const signedInProcedure = baseProcedure.meta({ access: "staff" }).use(async ({ ctx, next, type }) => {
  if (!ctx.auth) throw errors.unauthorized();
  const auth = ctx.auth;
  const result = await next({ ctx: { ...ctx, auth } });
  // Staff changed something: public bodies rendered before now are stale, here and on every instance.
  // (What changed is written to the activity log by the service that changed it.)
  if (result.ok && type === "mutation") await ctx.deps.cacheBus.changed();
  return result;
});

/** The account-setup gate: a pending step lets through only the procedures made for it. */
function accountSetupGate(allowed: readonly AccountSetupStep[]) {
  return t.middleware(async ({ ctx, next }) => {
    if (!ctx.auth) throw errors.unauthorized();
    const step = await pendingAccountStep(ctx.deps.db, ctx.auth.user);
    if (step && !allowed.includes(step)) {
      throw errors.accountSetupRequired(step, step === "password" ? ACCOUNT_SETUP_MESSAGES.passwordChangeRequired : ACCOUNT_SETUP_MESSAGES.secondFactorRequired);
    }
    return next();
  });
}

export const staffProcedure = signedInProcedure.use(accountSetupGate([])).use(storableInput);

/** Signed in, and reachable while one of `steps` is pending (the password change, enrolment, who-am-I). */
export function accountSetupProcedure(...steps: AccountSetupStep[]) {
  return signedInProcedure.use(accountSetupGate(steps)).use(storableInput);
}

/** A signed-in super admin; anyone else gets 403 with `message` (what they were not allowed to do). */
export function superAdminOnly(message: string) {
  return signedInProcedure
    .meta({ access: "super_admin" })
    .use(accountSetupGate([]))
    .use(({ ctx, next }) => {
      if (ctx.auth.user.role !== "super_admin") throw errors.forbidden(message);
      return next();
    })
    .use(storableInput);
}

/** User management and the activity log: the spec's message for a 403 on the users list. */
export const superAdminProcedure = superAdminOnly("Access Denied - Super admin privileges required to manage users");

/**
 * Sensitive acts ("Confirm it's you", docs/decisions/0054): turning two-factor on or off, changing
 * one's password, the backup download, the inquiries export, a role change or another's password
 * reset, adding or removing a passkey. `.use(requireFreshCheck)` after the procedure's access check:
 * without a fresh check on the session (a sign-in, auth.confirm or a passkey) in the last 5 minutes
 * it answers 403 with `requiresFreshCheck: true`, over tRPC and REST alike, and the act is not done.
 * `freshCheckWhen(needs)` asks only when `needs(ctx, rawInput)` says the call is sensitive (an update
 * of a staff account that changes its role).
 */
export function freshCheckWhen(needs: (ctx: Context, rawInput: unknown) => boolean | Promise<boolean>) {
  return t.middleware(async ({ ctx, next, getRawInput }) => {
    if (!ctx.auth) throw errors.unauthorized();
    if (!isSessionFresh(ctx.auth.session) && (await needs(ctx, await getRawInput().catch(() => undefined)))) {
      throw errors.freshCheckRequired();
    }
    return next();
  });
}

export const requireFreshCheck = freshCheckWhen(() => true);
