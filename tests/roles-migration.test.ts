import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, expect, it } from "vitest";
import { hashSecret } from "../src/server/auth/passwords";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/db/client";
import { appSettings } from "../src/server/db/schema";
import { MIGRATIONS_DIR } from "../src/server/paths";
import { BUILT_IN_ROLES, PERMISSIONS } from "../src/shared/permissions";
import { withDatabase } from "./setup/global-setup";
import { auditKeyOf, createTestApp } from "./setup/test-app";

/**
 * Existing accounts keep their access after the roles migration (issue 24): a database migrated to the
 * migration before it, with an admin and a super admin, is migrated forward; each keeps exactly the
 * access it had (the admin: content and inquiries with health details, not users, settings or
 * backups; the super admin: everything).
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), "clinic-roles-migration-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ROLES_MIGRATION = "0019_roles_and_permissions";

/** The migrations before `tag`, as a folder of their own: a database as the previous version left it. */
function migrationsBefore(tag: string): string {
  const dir = path.join(work, `before-${tag}`);
  if (existsSync(dir)) return dir;
  mkdirSync(path.join(dir, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut, `${tag} is in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  for (const entry of journal.entries) copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

it("an admin and a super admin from before the roles keep exactly their access", { timeout: 180_000 }, async () => {
  let handle: DatabaseHandle;
  let dropDb = async () => {};
  if (PG_URL) {
    const name = `clinic_roles_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    handle = await openPostgres(withDatabase(PG_URL, name), auditKeyOf());
    dropDb = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    handle = await openPglite({ dataDir: path.join(work, "db") }, auditKeyOf());
  }
  try {
    await handle.migrate(migrationsBefore(ROLES_MIGRATION));
    const hash = await hashSecret("not-used-here");
    await handle.db.execute(
      sql`insert into admin_users (username, password_hash, role) values ('old_admin', ${hash}, 'admin'), ('old_owner', ${hash}, 'super_admin')`,
    );
    await handle.migrate();

    const [roleKeys] = [(await handle.db.execute(sql`select key from roles order by key`)) as unknown];
    const keys = (Array.isArray(roleKeys) ? roleKeys : (roleKeys as { rows: Array<{ key: string }> }).rows).map(
      (row: { key: string }) => row.key,
    );
    expect(keys).toEqual(BUILT_IN_ROLES.map((role) => role.key).sort());

    await handle.db.insert(appSettings).values({ key: "security", value: { requireSecondFactor: { super_admin: false, admin: false } } });
    const app = await createTestApp({ database: { handle, drop: async () => {}, engine: handle.kind } });
    try {
      const users = (await handle.db.execute(sql`select id, username from admin_users`)) as unknown;
      const rows = (Array.isArray(users) ? users : (users as { rows: Array<{ id: number; username: string }> }).rows) as Array<{
        id: number;
        username: string;
      }>;
      const cookie = async (username: string) => app.cookieFor({ id: rows.find((row) => row.username === username)!.id });
      const admin = await cookie("old_admin");
      const owner = await cookie("old_owner");
      const inquiry = await app.addInquiry({ healthConditions: "Old knee" });

      const me = await (await app.request("/api/admin/me", { cookie: admin })).json();
      expect(me).toMatchObject({ role: "admin", roleLabel: "Administrator" });
      expect(me.permissions).toEqual(PERMISSIONS.filter((p) => (BUILT_IN_ROLES[1].permissions as readonly string[]).includes(p)));
      // What an admin could do before: content, inquiries with their health details, the export.
      for (const url of [
        "/api/admin/services",
        "/api/admin/news",
        "/api/admin/contact?page=1",
        "/api/admin/contact",
        "/api/admin/uploads",
      ]) {
        expect((await app.request(url, { cookie: admin })).status, url).toBe(200);
      }
      expect(await (await app.request(`/api/admin/contact/${inquiry.id}?reason=reply`, { cookie: admin })).json()).toMatchObject({
        healthConditions: "Old knee",
      });
      // And what it could not: users, settings, the activity log, backups, deleting inquiries.
      const users403 = await app.request("/api/admin/users", { cookie: admin });
      expect(users403.status).toBe(403);
      expect((await users403.json()).message).toBe("Access Denied - Super admin privileges required to manage users");
      for (const url of ["/api/admin/settings", "/api/admin/activity"])
        expect((await app.request(url, { cookie: admin })).status, url).toBe(403);
      expect((await app.request(`/api/admin/contact/${inquiry.id}`, { method: "DELETE", cookie: admin })).status).toBe(403);

      const ownerMe = await (await app.request("/api/admin/me", { cookie: owner })).json();
      expect(ownerMe).toMatchObject({ role: "super_admin", roleLabel: "Super Administrator", permissions: [...PERMISSIONS] });
      for (const url of [
        "/api/admin/users",
        "/api/admin/settings",
        "/api/admin/activity",
        "/api/admin/roles",
        `/api/admin/contact/${inquiry.id}/history`,
      ]) {
        expect((await app.request(url, { cookie: owner })).status, url).toBe(200);
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await dropDb();
  }
});

it("one name for each role (issue 36): the super admin's row is named Super Administrator; a custom role named with a built-in's words is set apart", {
  timeout: 180_000,
}, async () => {
  let handle: DatabaseHandle;
  let dropDb = async () => {};
  if (PG_URL) {
    const name = `clinic_names_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    handle = await openPostgres(withDatabase(PG_URL, name), auditKeyOf());
    dropDb = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    handle = await openPglite({ dataDir: path.join(work, "db-names") }, auditKeyOf());
  }
  try {
    // The migration holding the hand-written renames (found by its words, whatever it is numbered after a regeneration).
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    const renames = journal.entries.find((entry) =>
      readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), "utf8").includes("hand-written: one name for each role"),
    );
    expect(renames, "a migration renames the roles").toBeDefined();
    await handle.migrate(migrationsBefore(renames!.tag));
    await handle.db.execute(
      sql`insert into roles (key, name, permissions) values ('custom_super_administrator', 'Super Administrator', '[]'::jsonb),
        ('custom_admin', 'admin', '[]'::jsonb), ('custom_billing', 'Billing', '[]'::jsonb)`,
    );
    await handle.migrate();
    const result = (await handle.db.execute(sql`select key, name from roles order by key`)) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ key: string; name: string }>;
    const names = Object.fromEntries(rows.map((row) => [row.key, row.name]));
    expect(names).toMatchObject({
      super_admin: "Super Administrator",
      custom_super_administrator: "Super Administrator (custom)",
      custom_admin: "admin (custom)",
      custom_billing: "Billing",
    });
    for (const role of BUILT_IN_ROLES) expect(names[role.key], role.key).toBe(role.name);
  } finally {
    await handle.close();
    await dropDb();
  }
});
