import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCodeAt } from "../src/server/auth/totp";
import { createTestApp, sessionCookieFrom, type TestApp } from "./setup/test-app";

/** A raw dump of every table holds no session token, TOTP key, password, backup code or health detail in clear. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function dumpAllTables(): Promise<string> {
  const tables = (await t.deps.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as
    | { rows: { tablename: string }[] }
    | { tablename: string }[];
  const names = (Array.isArray(tables) ? tables : tables.rows).map((r) => r.tablename);
  expect(names).toEqual(expect.arrayContaining(["admin_sessions", "admin_users", "contact_submissions", "admin_backup_codes"]));
  let dump = "";
  for (const name of names) {
    const rows = await t.deps.db.execute(sql.raw(`select * from "${name}"`));
    dump += `${name}: ${JSON.stringify(rows)}\n`;
  }
  return dump;
}

describe("secrets at rest", () => {
  it("keeps no session cookie value, TOTP secret, password, backup code or health detail in clear", async () => {
    const admin = await t.createAdmin({ password: "plain-text-password-42" });
    const first = await t.request("/api/admin/login", { json: { username: admin.username, password: admin.password } });
    const firstToken = sessionCookieFrom(first)!.split("=")[1]!;
    const cookie = sessionCookieFrom(first)!;

    const setup = await (await t.request("/api/admin/2fa/setup", { method: "POST", cookie })).json();
    const key = decodeBase32IgnorePadding(setup.secret);
    const enabled = await (await t.request("/api/admin/2fa/enable", { json: { code: totpCodeAt(key) }, cookie })).json();
    const backupCodes: string[] = enabled.backupCodes;
    const second = await t.request("/api/admin/login", {
      json: { username: admin.username, password: admin.password, backupCode: backupCodes[0] },
    });
    const secondToken = sessionCookieFrom(second)!.split("=")[1]!;

    await t.request("/api/contact", {
      json: {
        name: "Morgan Hale",
        email: "morgan@example.com",
        phone: "801-555-0188",
        servicesInterested: ["Utah Stem Cell Therapy"],
        healthConditions: "Type 2 diabetes and a torn meniscus",
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
      },
    });

    const dump = await dumpAllTables();
    expect(dump).toContain(admin.username); // the dump is real
    // Who sent the inquiry is encrypted too: no name, e-mail or phone (nor its digits) in clear.
    for (const word of ["Morgan", "Hale", "morgan@example.com", "801-555-0188", "8015550188"]) expect(dump).not.toContain(word);
    for (const token of [firstToken, secondToken]) expect(dump).not.toContain(token);
    expect(dump).not.toContain(setup.secret);
    expect(dump).not.toContain(Buffer.from(key).toString("hex"));
    expect(dump).not.toContain(Buffer.from(key).toString("base64"));
    expect(dump).not.toContain("plain-text-password-42");
    for (const code of backupCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace("-", ""));
    }
    expect(dump).not.toContain("diabetes");
    expect(dump).not.toContain("meniscus");

    // And the staff view still reads the health details back.
    const list = await (await t.request("/api/admin/contact", { cookie: sessionCookieFrom(second)! })).json();
    expect(list[0].healthConditions).toBe("Type 2 diabetes and a torn meniscus");
    expect(list[0]).toMatchObject({
      name: "Morgan Hale",
      email: "morgan@example.com",
      phone: "801-555-0188",
      servicesInterested: ["Utah Stem Cell Therapy"],
    });
  });
});
