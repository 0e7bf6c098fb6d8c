import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeError } from "../src/server/errors";
import { doorsOf } from "../src/server/rest/bind";
import type { ProcedureMeta } from "../src/server/rest/operations";
import { appRouter } from "../src/server/routers";
import { accessDeniedMessage, BUILT_IN_ROLES, PERMISSIONS, type Permission } from "../src/shared/permissions";
import { createTestApp, type TestAdmin, type TestApp } from "./setup/test-app";
import { adminActivityLog } from "../src/server/db/schema";

/**
 * The permission matrix, generated from the router (issue 24): every procedure declares who may call
 * it (a permission, or explicitly any signed-in staff member), and for every procedure and every REST
 * route each built-in role gets exactly what BUILT_IN_ROLES says: allowed (any answer but 401 and
 * 403), or 403 with the message naming the permission. A procedure added without a permission fails
 * the first test; one added on staffProcedure must be named in ANY_STAFF below, on purpose.
 */

/** The procedures every signed-in staff member needs, whatever their role: their own account, session and passkeys, the dashboard, emergency access, the translations list (of the kinds their role edits). */
const ANY_STAFF = new Set([
  "auth.me",
  "auth.changePassword",
  "auth.twoFactorSetup",
  "auth.twoFactorEnable",
  "auth.updateProfile",
  "auth.confirmEmail",
  "auth.notifications",
  "auth.setNotifications",
  "auth.twoFactorDisable",
  "auth.confirm",
  "auth.sessions",
  "auth.endSession",
  "auth.endOtherSessions",
  "passkeys.list",
  "passkeys.startRegistration",
  "passkeys.finishRegistration",
  "passkeys.rename",
  "passkeys.remove",
  "passkeys.checkStart",
  "passkeys.check",
  "system.dashboard",
  "contact.emergencyAccess",
  // Like the dashboard: each role sees only the kinds it may edit (nothing for a role that edits none).
  "translations.list",
]);

/** Where the spec words the 403 itself. */
const SPEC_MESSAGES: Partial<Record<string, string>> = {
  users: "Access Denied - Super admin privileges required to manage users",
  roles: "Access Denied - Super admin privileges required to manage users",
};

type ProcedureDef = { meta?: ProcedureMeta; type: string };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>).map(
  ([name, procedure]) => ({ name, meta: procedure._def.meta ?? {} }),
);

/** What a procedure needs, per input (the versions' permission depends on `kind`). */
function needs(meta: ProcedureMeta): Array<{ input: unknown; access: string }> {
  if (meta.accessByInput)
    return Object.entries(meta.accessByInput.permissions).map(([value, permission]) => ({
      input: { [meta.accessByInput!.field]: value },
      access: permission,
    }));
  return [{ input: undefined, access: meta.access ?? "none" }];
}

const expectedMessage = (procedure: string, permission: Permission) =>
  SPEC_MESSAGES[procedure.split(".")[0]!] ?? accessDeniedMessage(permission);

describe("every procedure declares who may call it", () => {
  it("a permission from the list, public, or (named here on purpose) any signed-in staff member", () => {
    expect(procedures.length).toBeGreaterThan(100);
    for (const { name, meta } of procedures) {
      for (const { access } of needs(meta)) {
        if (access === "public") continue;
        if (access === "staff")
          expect(ANY_STAFF.has(name), `${name} is open to any signed-in staff member: name it in ANY_STAFF, or give it a permission`).toBe(
            true,
          );
        else expect(PERMISSIONS as readonly string[], `${name}: its permission`).toContain(access);
      }
    }
    for (const name of ANY_STAFF) expect(procedures.find((p) => p.name === name)?.meta.access, name).toBe("staff");
  });
});

describe("each built-in role gets what the matrix says", () => {
  let t: TestApp;
  const users = new Map<string, TestAdmin>();
  const cookies = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of BUILT_IN_ROLES) {
      const user = await t.createAdmin({ role: role.key });
      users.set(role.key, user);
      cookies.set(role.key, await t.cookieFor(user));
    }
  });
  afterAll(() => t.close());

  for (const role of BUILT_IN_ROLES) {
    const holds = new Set<string>(role.permissions);

    it(`${role.name} (${role.key}) over tRPC: every procedure`, { timeout: 120_000 }, async () => {
      const caller = (await t.callerFor(users.get(role.key)!)) as unknown as Record<
        string,
        Record<string, (input: unknown) => Promise<unknown>>
      >;
      const wrong: string[] = [];
      for (const { name, meta } of procedures) {
        for (const { input, access } of needs(meta)) {
          if (access === "public") continue;
          const [area, procedure] = name.split(".") as [string, string];
          const status = await caller[area]![procedure]!(input).then(
            () => 200,
            (error: unknown) => {
              const described = describeError(error);
              return described.status === 403 ? `403 ${described.body.message}` : described.status;
            },
          );
          const allowed = access === "staff" || holds.has(access);
          if (allowed && (status === 401 || String(status).startsWith("403")))
            wrong.push(`${name} ${JSON.stringify(input)}: allowed, answered ${status}`);
          if (!allowed && status !== `403 ${expectedMessage(name, access as Permission)}`)
            wrong.push(`${name} ${JSON.stringify(input)}: needs ${access}, answered ${status}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`${role.name} (${role.key}) over REST: every route with a door`, { timeout: 120_000 }, async () => {
      // A session of its own: the tRPC run above ended the others (auth.endOtherSessions).
      cookies.set(role.key, await t.cookieFor(users.get(role.key)!));
      const wrong: string[] = [];
      for (const bound of doorsOf(appRouter)) {
        if (bound.access === "public") continue;
        const path =
          `/api${bound.door.path}`
            .replace(/:(id|version|recordId)\b/g, "1")
            .replace(/:key\b/, "custom_nothing")
            .replace(/:kind\b/, "privacy") + (bound.door.onlyWithQuery ? "?page=1" : "");
        const method = bound.door.method.toUpperCase();
        const res = await t.request(path, {
          method,
          cookie: cookies.get(role.key)!,
          ...(method === "GET" || method === "DELETE" ? {} : { json: {} }),
        });
        const body = res.headers.get("content-type")?.includes("json") ? ((await res.json()) as { message?: string }) : {};
        const allowed = bound.access === "staff" || holds.has(bound.access);
        if (allowed && (res.status === 401 || res.status === 403))
          wrong.push(`${method} ${bound.door.path}: allowed, answered ${res.status} ${body.message}`);
        if (!allowed && (res.status !== 403 || body.message !== expectedMessage(bound.procedure, bound.access as Permission))) {
          wrong.push(`${method} ${bound.door.path}: needs ${bound.access}, answered ${res.status} ${body.message}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("a refusal is written to the activity log: who, which permission, which procedure", async () => {
    // An account with no refusal yet: the log keeps a minute's first refusal (with the minute's count).
    const marketing = await t.createAdmin({ role: "marketing" });
    const res = await t.request("/api/admin/contact?page=1", { cookie: await t.cookieFor(marketing) });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Access Denied - Your role does not allow: See inquiries (contact details only)");
    const [line] = await t.deps.db
      .select()
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.adminId, marketing.id), eq(adminActivityLog.action, "access_denied")))
      .orderBy(desc(adminActivityLog.id))
      .limit(1);
    expect(line).toMatchObject({
      username: marketing.username,
      resourceType: "permission",
      resourceId: "inquiries.view",
      details: { procedure: "contact.list", role: "marketing" },
    });
  });

  it("the session answer carries the role's key, name and permissions", async () => {
    for (const role of BUILT_IN_ROLES) {
      const me = await (await t.request("/api/admin/me", { cookie: cookies.get(role.key)! })).json();
      expect(me).toMatchObject({
        role: role.key,
        roleName: role.name,
        roleLabel: role.label,
        permissions: PERMISSIONS.filter((p) => (role.permissions as readonly string[]).includes(p)),
        emergencyAccessUntil: null,
      });
    }
  });
});
