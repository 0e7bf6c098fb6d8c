import { initTRPC } from "@trpc/server";
import { findInputProblem } from "../shared/storable-text";
import { transformer } from "../shared/transformer";
import { isSessionFresh, type AdminUserRow } from "./auth/sessions";
import type { AppDeps } from "./deps";
import type { Context } from "./context";
import { ACCOUNT_SETUP_MESSAGES } from "../shared/schemas/users";
import { describeError, errors, fromDatabaseError } from "./errors";
import type { ProcedureMeta } from "./rest/operations";
import { pendingAccountStep, type AccountSetupStep } from "./services/second-factor";
import { accessDeniedMessage, type Permission } from "../shared/permissions";
import { logRefusal } from "./services/activity";
import { staffAccessOf, type StaffAccess } from "./services/roles";

/**
 * The base procedures the routers may use, and nothing else:
 * - publicProcedure: anyone;
 * - staffProcedure: any signed-in, active staff member, whatever their role (ctx.auth is narrowed to
 *   non-null): one's own account, sessions, passkeys, the dashboard;
 * - permitted(permission): a signed-in staff member whose role holds `permission` (src/shared/permissions.ts);
 *   permittedByInput(field, map): the permission depends on one input field (the versions' `kind`);
 * - accountSetupProcedure(step): signed in, and reachable while that account-setup step is pending.
 * An account with a pending setup step (a new password to choose, a second factor its role requires:
 * src/server/services/second-factor.ts) reaches nothing else: 403 with requiresPasswordChange or
 * requiresSecondFactor in the error (docs/decisions/0053-passwords-and-account-setup.md).
 * Permissions are checked here, on the server, never only in the UI (issue 24). Each sets `meta.access` to
 * what it checks ("public", "staff" or the permission), so a procedure's REST door (its `meta.rest`,
 * bound by src/server/rest/bind.ts) and the OpenAPI document say who may call it without writing it
 * again, and tests/permissions-matrix.test.ts checks every procedure against the roles' matrix. A
 * refusal is a 403 naming what was not allowed, and a line in the activity log ("access_denied"; one per
 * account and minute, with the minute's count).
 * The caller's role is read once per request (ctx.staffAccess), so a changed role applies at once.
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
          secondFactors: described.body.secondFactors,
          passkeyStep: described.body.passkeyStep,
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
    await refuseUnfinishedAccount(ctx.deps.db, ctx.auth.user, allowed);
    return next();
  });
}

/** 403 naming the account-setup step still pending (a new password, a second factor), unless it is one of `allowed`. */
export async function refuseUnfinishedAccount(
  db: AppDeps["db"],
  user: AdminUserRow,
  allowed: readonly AccountSetupStep[] = [],
): Promise<void> {
  const step = await pendingAccountStep(db, user);
  if (step && !allowed.includes(step)) {
    throw errors.accountSetupRequired(
      step,
      step === "password" ? ACCOUNT_SETUP_MESSAGES.passwordChangeRequired : ACCOUNT_SETUP_MESSAGES.secondFactorRequired,
    );
  }
}

/** What the signed-in staff member may do, read once per request (the role as it is now, emergency access). */
const accessByContext = new WeakMap<Context, Promise<StaffAccess>>();
export function staffAccess(ctx: Context & { auth: NonNullable<Context["auth"]> }): Promise<StaffAccess> {
  let access = accessByContext.get(ctx);
  if (!access) {
    access = staffAccessOf(ctx.deps.db, ctx.auth.user);
    accessByContext.set(ctx, access);
    access.catch(() => accessByContext.delete(ctx));
  }
  return access;
}

/** Refuses (403, logged) a caller whose role does not hold `permission`; `message` where the spec words the 403 itself. */
async function demand(
  ctx: Context & { auth: NonNullable<Context["auth"]> },
  permission: Permission,
  path: string,
  message?: string,
): Promise<StaffAccess> {
  const access = await staffAccess(ctx);
  if (access.permissions.includes(permission)) return access;
  // Counted per account and minute: one line a minute, however many refusals (services/activity.ts).
  await logRefusal(ctx.deps.db, {
    adminId: ctx.auth.user.id,
    username: ctx.auth.user.username,
    action: "access_denied",
    resourceType: "permission",
    resourceId: permission,
    details: { procedure: path, role: access.roleKey },
    ipAddress: ctx.ip,
  });
  throw errors.forbidden(message ?? accessDeniedMessage(permission));
}

/** Inside a procedure: refuses like a procedure's own permission does (403 naming it, logged). */
export function requirePermission(
  ctx: Context & { auth: NonNullable<Context["auth"]> },
  permission: Permission,
  path: string,
): Promise<StaffAccess> {
  return demand(ctx, permission, path);
}

/** Any signed-in staff member, whatever their role (`meta.access` "staff"). */
export const staffProcedure = signedInProcedure.use(accountSetupGate([])).use(storableInput);

/**
 * A signed-in staff member whose role holds `permission` (checked before anything of the input is
 * looked at); 403 "Access Denied - Your role does not allow: ..." otherwise, or `message` where the
 * spec has its own words for that 403.
 */
export function permitted(permission: Permission, message?: string) {
  return signedInProcedure
    .meta({ access: permission })
    .use(accountSetupGate([]))
    .use(async ({ ctx, next, path }) => {
      await demand(ctx, permission, path, message);
      return next();
    })
    .use(storableInput);
}

/**
 * A signed-in staff member whose role holds the permission `byValue` names for the input's `field`
 * (the versions' `kind`: a news article's history needs news.edit). A value not in the map needs every
 * permission of the map (the input's schema refuses it anyway). `meta.accessByInput` tells the REST
 * binder and the tests which permission each door (its fixed input) needs.
 */
export function permittedByInput(field: string, byValue: Readonly<Record<string, Permission>>) {
  return signedInProcedure
    .meta({ accessByInput: { field, permissions: byValue } })
    .use(accountSetupGate([]))
    .use(async ({ ctx, next, path, getRawInput }) => {
      const raw = (await getRawInput().catch(() => undefined)) as Record<string, unknown> | undefined;
      const value = raw && typeof raw === "object" ? raw[field] : undefined;
      const needed = typeof value === "string" && Object.hasOwn(byValue, value) ? [byValue[value]!] : [...new Set(Object.values(byValue))];
      for (const permission of needed) await demand(ctx, permission, path);
      return next();
    })
    .use(storableInput);
}

/** Signed in, and reachable while one of `steps` is pending (the password change, enrolment, who-am-I). */
export function accountSetupProcedure(...steps: AccountSetupStep[]) {
  return signedInProcedure.use(accountSetupGate(steps)).use(storableInput);
}

/**
 * Sensitive acts ("Confirm it's you", docs/decisions/0054): turning two-factor on or off, changing
 * one's password or e-mail, the backup download, the inquiries exports, another's password reset,
 * adding or removing a passkey, and every act that changes who may do what (issue 34): creating,
 * deleting, (de)activating or re-roling a staff account, creating, changing or deleting a role,
 * changing the sign-in security settings. `.use(requireFreshCheck)` after the procedure's access check:
 * without a fresh check on the session (a sign-in, auth.confirm or a passkey) in the last 5 minutes
 * it answers 403 with `requiresFreshCheck: true`, over tRPC and REST alike, and the act is not done.
 * `freshCheckWhen(needs)` asks only when `needs(ctx, rawInput, path)` says the call is sensitive (an
 * update of a staff account that changes its role, a settings save that changes sign-in security).
 */
export function freshCheckWhen(
  needs: (ctx: Context & { auth: NonNullable<Context["auth"]> }, rawInput: unknown, path: string) => boolean | Promise<boolean>,
) {
  return t.middleware(async ({ ctx, next, getRawInput, path }) => {
    if (!ctx.auth) throw errors.unauthorized();
    if (!isSessionFresh(ctx.auth.session) && (await needs({ ...ctx, auth: ctx.auth }, await getRawInput().catch(() => undefined), path))) {
      throw errors.freshCheckRequired();
    }
    return next();
  });
}

export const requireFreshCheck = freshCheckWhen(() => true);
