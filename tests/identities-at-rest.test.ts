import { spawn, spawnSync } from "node:child_process";
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox, SecretUnreadable } from "../src/server/auth/secret-box";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/db/client";
import { appSettings } from "../src/server/db/schema";
import { MIGRATIONS_DIR } from "../src/server/paths";
import { healthAt, identityAt, migrateLegacyIdentities, noteAt, totpAt, UNREADABLE } from "../src/server/services/inquiry-identity";
import { countNotCurrent, ENCRYPTED_FIELDS, rotateSecrets } from "../src/server/services/key-rotation";
import { loadConfig } from "../src/server/env";
import { withDatabase } from "./setup/global-setup";
import { auditKeyOf, createTestApp, TEST_SECRET_KEY, type TestApp } from "./setup/test-app";
import { startBuiltServer, stopProcess } from "./setup/processes";

/**
 * Who sent an inquiry is encrypted at rest (name, e-mail, phone, services, consent receipt), bound to
 * its row; search goes through the blind index; the key ring rotates while the server answers; rows
 * from before are encrypted in place at start.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const NEW_KEY = "the-new-secret-key-0123456789abcdef0123456789abcdef";
const work = mkdtempSync(path.join(tmpdir(), "clinic-identities-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

async function rawDump(db: DatabaseHandle["db"]): Promise<string> {
  const names = rowsOf<{ tablename: string }>(await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)).map(
    (r) => r.tablename,
  );
  let dump = "";
  for (const name of names) dump += `${name}: ${JSON.stringify(rowsOf(await db.execute(sql.raw(`select * from "${name}"`))))}\n`;
  return dump;
}

const PERSON = { name: "Marisol Quintanilla", email: "marisol.q@example.org", phone: "(435) 555-0173" };
const clear = [PERSON.name, "Marisol", "Quintanilla", PERSON.email, "marisol.q", PERSON.phone, "4355550173", "555-0173"];

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
});
afterAll(() => t.close());

async function submit(app: TestApp, person: { name: string; email: string; phone: string }, ip = "192.0.2.77") {
  const res = await app.request("/api/contact", {
    json: {
      ...person,
      servicesInterested: ["Ozone Therapy"],
      healthConditions: "Chronic sciatica",
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: app.formToken(),
    },
    ip,
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as number;
}

const search = async (app: TestApp, c: string, q: string) =>
  (
    (await (await app.request(`/api/admin/contact?q=${encodeURIComponent(q)}&pageSize=100`, { cookie: c })).json()) as Array<{ id: number }>
  ).map((r) => r.id);

describe("identities at rest", () => {
  it("stores no name, e-mail or phone in clear, and search by e-mail, phone digits and name still finds the inquiry", async () => {
    const id = await submit(t, PERSON);
    const dump = await rawDump(t.deps.db);
    expect(dump).toContain(`v2:${t.deps.secrets.keyId}:`); // the dump is real: the ciphertexts are in it
    for (const word of clear) expect(dump).not.toContain(word);
    for (const q of [
      PERSON.email,
      "MARISOL.Q@EXAMPLE.ORG",
      "4355550173",
      "435-555-0173",
      "0173",
      "555 0173",
      "Marisol",
      "quintanilla marisol",
      "Mari Quin",
    ]) {
      expect(await search(t, cookie, q), q).toContain(id);
    }
    const opened = await (await t.request(`/api/admin/contact/${id}?reason=reply`, { cookie })).json();
    expect(opened).toMatchObject({ ...PERSON, servicesInterested: ["Ozone Therapy"], healthConditions: "Chronic sciatica" });
    expect(opened.consentReceipt.documents.privacyPolicy.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.skipIf(!PG_URL)("pg_dump of the database holds no patient name, e-mail or phone", async () => {
    await submit(t, { name: "Octavia Brandywine", email: "octavia.b@example.net", phone: "801.555.0123" });
    const [{ db: name }] = rowsOf<{ db: string }>(await t.deps.db.execute(sql`select current_database() as db`)) as [{ db: string }];
    const dumped = spawnSync("/usr/lib/postgresql/15/bin/pg_dump", ["--data-only", withDatabase(PG_URL!, name)], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(dumped.status, dumped.stderr).toBe(0);
    expect(dumped.stdout).toContain("COPY public.contact_submissions");
    expect(dumped.stdout).toContain("v2:");
    for (const word of ["Octavia", "Brandywine", "octavia.b@example.net", "801.555.0123", "8015550123", ...clear])
      expect(dumped.stdout).not.toContain(word);
  });

  it("a ciphertext copied to another row does not decrypt: a clear error, and the desk shows that row as unreadable", async () => {
    const a = await submit(t, { name: "Copied From", email: "from@example.com", phone: "801-555-0101" }, "192.0.2.78");
    const b = await submit(t, { name: "Copied Into", email: "into@example.com", phone: "801-555-0102" }, "192.0.2.78");
    await t.deps.db.execute(
      sql`update contact_submissions set identity = (select identity from contact_submissions where id = ${a}), health_conditions = (select health_conditions from contact_submissions where id = ${a}) where id = ${b}`,
    );
    const [row] = rowsOf<{ identity: string }>(await t.deps.db.execute(sql`select identity from contact_submissions where id = ${b}`));
    expect(() => t.deps.secrets.decrypt(row!.identity, identityAt(b))).toThrow(SecretUnreadable);
    expect(() => t.deps.secrets.decrypt(row!.identity, identityAt(b))).toThrow(`Cannot decrypt contact_submissions.identity of row ${b}`);
    // Another column of the same row does not open it either.
    expect(() => t.deps.secrets.decrypt(row!.identity, healthAt(a))).toThrow(SecretUnreadable);
    expect(t.deps.secrets.decrypt(row!.identity, identityAt(a))).toContain("Copied From");

    const opened = await t.request(`/api/admin/contact/${b}?reason=reply`, { cookie });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ id: b, name: UNREADABLE, email: "", healthConditions: UNREADABLE });
    const list = await t.request("/api/admin/contact?page=1&pageSize=100", { cookie });
    expect(list.status).toBe(200);
    const names = ((await list.json()) as Array<{ id: number; name: string }>).filter((r) => r.id === a || r.id === b).map((r) => r.name);
    expect(names.sort()).toEqual(["Copied From", UNREADABLE].sort());
    // Nothing of A's shows under B's id, in the CSV either.
    const csv = await (await t.request("/api/admin/contact/export", { cookie })).text();
    expect(csv.match(/Copied From/g)).toHaveLength(1);
    await t.deps.db.execute(sql`delete from contact_submissions where id = ${b}`);
  });

  it("rotation while the server answers requests loses nothing: every value opens with the new key alone, and search still finds", async () => {
    // Before: values under the old key, including the old format (v1: no key id, no binding).
    const admin = await t.createAdmin({ role: "super_admin" });
    const adminCookie = await t.cookieFor(admin);
    const { key: totpKey } = await t.enrolTwoFactor(adminCookie);
    const before = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.addInquiry({ name: `Rotated Person${i}`, email: `rotated${i}@example.com`, healthConditions: `Health ${i}` }),
      ),
    );
    await t.request(`/api/admin/contact/${before[0]!.id}/notes`, { json: { text: "A note before" }, cookie });
    const legacyHealth = legacySeal(TEST_SECRET_KEY, "Old format health");
    await t.deps.db.execute(sql`update contact_submissions set health_conditions = ${legacyHealth} where id = ${before[1]!.id}`);

    // Every instance now runs with the new key first and the old one after it.
    const rotated = await createTestApp({
      database: { handle: t.deps.database, drop: async () => {}, engine: t.engine },
      keys: { SECRET_KEY: NEW_KEY, SECRET_KEYS_OLD: TEST_SECRET_KEY },
    });
    try {
      const rotatedCookie = await rotated.cookieFor(await rotated.createAdmin({ role: "super_admin" }));
      const during: number[] = [];
      let rotating = true;
      let whileRotating = 0;
      const traffic = (async () => {
        let n = 0;
        do {
          during.push(
            await submit(
              rotated,
              { name: `During Rotation${n}`, email: `during${n}@example.com`, phone: `801-555-${String(2000 + n)}` },
              `192.0.2.${100 + (n % 50)}`,
            ),
          );
          expect((await rotated.request("/api/admin/contact?page=1", { cookie: rotatedCookie })).status).toBe(200);
          if (rotating) whileRotating += 1;
          n += 1;
        } while (rotating || n < 5);
      })();
      // Small batches, so the rotation's statements and the requests interleave.
      const report = await rotateSecrets(rotated.deps.db, rotated.deps.secrets, () => {}, 4).finally(() => (rotating = false));
      await traffic;
      expect(report.remaining).toBe(0);
      expect(report.rewritten["contact_submissions.identity"]).toBeGreaterThanOrEqual(30);
      expect(Object.values(report.unreadable).reduce((a, b) => a + b, 0)).toBe(0);
      expect(whileRotating).toBeGreaterThan(0);

      // The old key removed: everything opens with the new key alone, bound to its row.
      const newOnly = createSecretBox(NEW_KEY);
      let opened = 0;
      for (const field of ENCRYPTED_FIELDS) {
        const rows = rowsOf<{ id: number; value: string }>(
          await t.deps.db.execute(
            sql`select id, ${sql.identifier(field.column)} as value from ${sql.identifier(field.table)} where ${sql.identifier(field.column)} is not null`,
          ),
        );
        for (const row of rows) {
          const at = { table: field.table, column: field.column, id: row.id };
          newOnly.decryptBytes(row.value, at);
          opened += 1;
        }
      }
      expect(opened).toBeGreaterThan(60);
      expect(await countNotCurrent(t.deps.db, newOnly)).toBe(0);
    } finally {
      await rotated.close();
    }
    const after = await createTestApp({
      database: { handle: t.deps.database, drop: async () => {}, engine: t.engine },
      keys: { SECRET_KEY: NEW_KEY },
    });
    try {
      const c = await after.cookieFor(await after.createAdmin({ role: "super_admin" }));
      const list = (await (
        await after.request(`/api/admin/contact?q=${encodeURIComponent("rotated person7")}`, { cookie: c })
      ).json()) as Array<{ id: number; name: string }>;
      expect(list.map((r) => r.name)).toEqual(["Rotated Person7"]);
      expect((await (await after.request(`/api/admin/contact/${before[1]!.id}?reason=reply`, { cookie: c })).json()).healthConditions).toBe(
        "Old format health",
      );
      expect((await (await after.request(`/api/admin/contact/${before[0]!.id}`, { cookie: c })).json()).notes[0].text).toBe(
        "A note before",
      );
      expect((await (await after.request(`/api/admin/contact?q=during3%40example.com`, { cookie: c })).json()).length).toBe(1);
      const [user] = rowsOf<{ two_factor_secret: string }>(
        await after.deps.db.execute(sql`select two_factor_secret from admin_users where id = ${admin.id}`),
      );
      expect(after.deps.secrets.decryptBytes(user!.two_factor_secret, totpAt(admin.id))).toEqual(totpKey);
      const [note] = rowsOf<{ id: number; body: string }>(
        await after.deps.db.execute(sql`select id, body from contact_notes where submission_id = ${before[0]!.id}`),
      );
      expect(after.deps.secrets.decrypt(note!.body, noteAt(note!.id))).toBe("A note before");
    } finally {
      await after.close();
    }
  });
});

/** The format before key ids and bindings: "v1:" + AES-256-GCM under sha256(SECRET_KEY). */
function legacySeal(secret: string, text: string): string {
  const key = createHash("sha256").update(secret, "utf8").digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

/** The migrations up to (and with) 0006, as a folder of their own: a database as the previous version left it. */
function migrationsBefore(tag: string): string {
  const dir = path.join(work, `migrations-before-${tag}`);
  if (existsSync(dir)) return dir;
  mkdirSync(path.join(dir, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  for (const entry of journal.entries) copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

function filesHolding(dir: string, words: string[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    if (statSync(file).size === 0) continue;
    const bytes = readFileSync(file);
    for (const word of words) if (bytes.includes(Buffer.from(word, "utf8"))) found.push(`${path.relative(dir, file)}: ${word}`);
  }
  return found;
}

describe("inquiries from before identities were encrypted", () => {
  it("are encrypted in place at start, in batches, once; search finds them; no plaintext is left in the tables (or the embedded files)", {
    timeout: 180_000,
  }, async () => {
    const dataDir = path.join(work, "legacy");
    let handle: DatabaseHandle;
    let dropDb = async () => {};
    if (PG_URL) {
      const name = `clinic_legacy_${process.pid}_${randomBytes(3).toString("hex")}`;
      const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      handle = await openPostgres(withDatabase(PG_URL, name), auditKeyOf());
      dropDb = async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    } else {
      handle = await openPglite({ dataDir }, auditKeyOf());
    }
    const count = 1_234;
    try {
      await handle.migrate(migrationsBefore("0008_identities_encrypted"));
      await handle.db.execute(sql`
        insert into contact_submissions (name, email, phone, services_interested, consent_receipt, health_conditions, has_health_details, privacy_policy, hipaa_consent, terms_and_conditions)
        select 'Legacy Person' || i, 'legacy' || i || '@example.com', '(801) 555-' || lpad(i::text, 4, '0'), '["Ozone Therapy"]'::jsonb, '{"acceptedAt":"2025-01-01T00:00:00.000Z"}'::jsonb,
               case when i = 7 then ${legacySeal(TEST_SECRET_KEY, "Legacy knee pain")} end, i = 7, true, true, true
        from generate_series(1, ${count}) as i`);
      if (handle.kind === "pglite") await handle.db.execute(sql`checkpoint`);

      await handle.migrate();
      const secrets = createSecretBox(TEST_SECRET_KEY);
      // Two instances starting together share the work; a third finds nothing to do.
      const done = await Promise.all([
        migrateLegacyIdentities(handle.db, secrets, handle.kind),
        migrateLegacyIdentities(handle.db, secrets, handle.kind),
      ]);
      expect(done[0]! + done[1]!).toBe(count);
      expect(await migrateLegacyIdentities(handle.db, secrets, handle.kind)).toBe(0);
      const [left] = rowsOf<{ t: string | null; n: number }>(
        await handle.db.execute(
          sql`select to_regclass('public.contact_identity_legacy')::text as t, (select count(*)::int from contact_submissions where identity is null) as n`,
        ),
      );
      expect(left).toEqual({ t: null, n: 0 });
      const dump = await rawDump(handle.db);
      for (const word of ["Legacy Person", "legacy1@example.com", "(801) 555-0001"]) expect(dump).not.toContain(word);

      // A database migrated here has no settings yet: this super admin reads without a second factor.
      await handle.db.insert(appSettings).values({ key: "security", value: { requireSecondFactor: { super_admin: false, admin: false } } });
      const app = await createTestApp({ database: { handle, drop: async () => {}, engine: handle.kind } });
      try {
        const c = await app.cookieFor(await app.createAdmin({ role: "super_admin" }));
        const found = (await (await app.request(`/api/admin/contact?q=legacy42%40example.com`, { cookie: c })).json()) as Array<{
          id: number;
          name: string;
          phone: string;
          servicesInterested: string[];
        }>;
        expect(found.map(({ name, phone, servicesInterested }) => ({ name, phone, servicesInterested }))).toEqual([
          { name: "Legacy Person42", phone: "(801) 555-0042", servicesInterested: ["Ozone Therapy"] },
        ]);
        expect((await search(app, c, "Legacy Person1234")).length).toBe(1);
        expect((await search(app, c, "8015550999")).length).toBe(1);
        const [seven] = (await (await app.request(`/api/admin/contact?q=legacy7%40example.com`, { cookie: c })).json()) as Array<{
          id: number;
        }>;
        const opened = await (await app.request(`/api/admin/contact/${seven!.id}?reason=reply`, { cookie: c })).json();
        expect(opened).toMatchObject({ healthConditions: "Legacy knee pain", consentReceipt: { acceptedAt: "2025-01-01T00:00:00.000Z" } });
        expect(await countNotCurrent(handle.db, secrets)).toBe(1); // the old-format health detail, until a rotation
        expect((await rotateSecrets(handle.db, secrets)).remaining).toBe(0);
      } finally {
        await app.close();
      }
    } finally {
      await handle.close();
      await dropDb();
    }
    if (!PG_URL) {
      // The embedded database's files after the migration's rewrite and checkpoint: no page, and no
      // write-ahead log segment, still holds the old plaintext.
      expect(filesHolding(dataDir, ["Legacy Person", "legacy1@example.com", "legacy1234@example.com", "(801) 555-0001"])).toEqual([]);
    }
  });
});

describe.skipIf(PG_URL)("the built server's data folder", () => {
  it("after inquiries and a checkpoint, no file of DATA_DIR holds a patient's name, e-mail or phone", { timeout: 180_000 }, async () => {
    const dataDir = path.join(work, "server-data");
    const server = await startBuiltServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: "Correct-horse-battery-9" });
    try {
      const base = server.base;
      const people = [PERSON, { name: "Thaddeus Wilberforce", email: "thaddeus.w@example.com", phone: "+1 385 555 0147" }];
      for (const person of people) {
        const res = await fetch(`${base}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({
            ...person,
            servicesInterested: ["Utah Stem Cell Therapy"],
            healthConditions: "Torn rotator cuff",
            privacyPolicy: true,
            hipaaConsent: true,
            termsAndConditions: true,
          }),
        });
        expect(res.status).toBe(201);
      }
    } finally {
      // A stop closes the embedded database: a checkpoint writes every page to its file.
      await stopProcess(server);
    }
    expect(server.output()).toContain("Stopped");
    const words = [...clear, "Thaddeus", "Wilberforce", "thaddeus.w@example.com", "+1 385 555 0147", "13855550147", "Torn rotator"];
    expect(filesUnder(dataDir).length).toBeGreaterThan(100);
    expect(filesHolding(dataDir, words)).toEqual([]);
  });
});

describe("npm run keys -- rotate, for real", () => {
  it("while the built server answers inquiries: nothing is lost, and afterwards the new key alone opens everything", {
    timeout: 240_000,
  }, async () => {
    const dataDir = path.join(work, "rotate-data");
    let databaseUrl: string | undefined;
    let dropDb = async () => {};
    if (PG_URL) {
      const name = `clinic_rotate_${process.pid}_${randomBytes(3).toString("hex")}`;
      const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      databaseUrl = withDatabase(PG_URL, name);
      dropDb = async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    }
    const OLD = "the-old-secret-key-0123456789abcdef0123456789abcdef";
    const base = { PATH: process.env.PATH!, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const post = (origin: string, n: number, tagName: string) =>
      fetch(`${origin}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({
          name: `${tagName} Person${n}`,
          email: `${tagName.toLowerCase()}${n}@example.com`,
          phone: `801-555-${String(3000 + n)}`,
          servicesInterested: ["Ozone Therapy"],
          healthConditions: `Detail ${n}`,
          privacyPolicy: true,
          hipaaConsent: true,
          termsAndConditions: true,
        }),
      });
    try {
      // Inquiries written under the old key.
      let server = await startBuilt({ ...base, SECRET_KEY: OLD, CONTACT_LIMIT_PER_HOUR: "10000" });
      for (let n = 0; n < 20; n += 1) expect((await post(server.origin, n, "Before")).status).toBe(201);
      await server.stop();

      // Every instance restarted with the new key first; the rotation runs while inquiries arrive.
      server = await startBuilt({ ...base, SECRET_KEY: NEW_KEY, SECRET_KEYS_OLD: OLD, CONTACT_LIMIT_PER_HOUR: "10000" });
      const rotation = spawn(process.execPath, [path.resolve("dist/server/keys.js"), "rotate"], {
        env: { ...base, SECRET_KEY: NEW_KEY, SECRET_KEYS_OLD: OLD },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let rotationOut = "";
      rotation.stdout!.on("data", (d) => (rotationOut += d));
      rotation.stderr!.on("data", (d) => (rotationOut += d));
      const rotated = new Promise<number>((resolve) => rotation.once("exit", (code) => resolve(code ?? 1)));
      let finished = false;
      void rotated.then(() => (finished = true));
      let sent = 0;
      let whileRotating = 0;
      while (!finished || sent < 10) {
        expect((await post(server.origin, sent, "During")).status).toBe(201);
        if (!finished) whileRotating += 1;
        sent += 1;
      }
      expect(await rotated, rotationOut).toBe(0);
      expect(rotationOut).toContain("Done: every encrypted value is under the newest key");
      expect(whileRotating).toBeGreaterThan(0);
      await server.stop();

      // The old key removed: the new key alone opens every value (keys status), and the desk reads them.
      const status = spawnSync(process.execPath, [path.resolve("dist/server/keys.js"), "status"], {
        env: { ...base, SECRET_KEY: NEW_KEY },
        encoding: "utf8",
      });
      expect(status.stdout + status.stderr).toContain("Every encrypted value is under the newest key");
      const handle = databaseUrl ? await openPostgres(databaseUrl, auditKeyOf()) : await openPglite({ dataDir }, auditKeyOf());
      try {
        const newOnly = createSecretBox(NEW_KEY);
        const rows = rowsOf<{ id: number; identity: string; health_conditions: string }>(
          await handle.db.execute(sql`select id, identity, health_conditions from contact_submissions order by id`),
        );
        expect(rows).toHaveLength(20 + sent);
        const names = rows.map((row) => JSON.parse(newOnly.decrypt(row.identity, identityAt(row.id))).name as string);
        for (let n = 0; n < 20; n += 1) expect(names).toContain(`Before Person${n}`);
        for (let n = 0; n < sent; n += 1) expect(names).toContain(`During Person${n}`);
        for (const row of rows) expect(newOnly.decrypt(row.health_conditions, healthAt(row.id))).toMatch(/^Detail \d+$/);
      } finally {
        await handle.close();
      }
    } finally {
      await dropDb();
    }
  });
});

async function startBuilt(env: Record<string, string>): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: "Correct-horse-battery-9" });
  return { origin: server.base, stop: () => stopProcess(server) };
}

describe("the key ring's configuration", () => {
  it("SECRET_KEY with SECRET_KEYS_OLD, or SECRET_KEY_FILE (newest first); bad values are named, never shown", () => {
    const file = path.join(work, "keys");
    writeFileSync(file, `# newest first\n${NEW_KEY}\n\n${TEST_SECRET_KEY}\n`, { mode: 0o600 });
    expect(loadConfig({ SECRET_KEY_FILE: file }).secretKey).toBe(`${NEW_KEY}\n${TEST_SECRET_KEY}`);
    expect(loadConfig({ SECRET_KEY: NEW_KEY, SECRET_KEYS_OLD: `${TEST_SECRET_KEY}, ${"k".repeat(40)}` }).secretKey).toBe(
      `${NEW_KEY}\n${TEST_SECRET_KEY}\n${"k".repeat(40)}`,
    );
    const box = createSecretBox(loadConfig({ SECRET_KEY_FILE: file }).secretKey!);
    const old = createSecretBox(TEST_SECRET_KEY);
    expect(box.keyIds).toEqual([box.keyId, old.keyId]);
    expect(box.decrypt(old.encrypt("x", healthAt(1)), healthAt(1))).toBe("x");
    expect(box.encrypt("x", healthAt(1))).toMatch(new RegExp(`^v2:${box.keyId}:`));

    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return String(error);
      }
      return "accepted";
    };
    writeFileSync(file, "short\n");
    expect(refused({ SECRET_KEY_FILE: file })).toContain("SECRET_KEY_FILE must name a readable file holding one key per line");
    expect(refused({ SECRET_KEY_FILE: path.join(work, "missing") })).toContain("SECRET_KEY_FILE must name a readable file");
    expect(refused({ SECRET_KEY_FILE: file, SECRET_KEY: NEW_KEY })).toContain("SECRET_KEY_FILE cannot be set together with SECRET_KEY");
    expect(refused({ SECRET_KEY: NEW_KEY, SECRET_KEYS_OLD: "tooshort" })).toContain(
      "SECRET_KEYS_OLD must be older keys separated by commas",
    );
    expect(refused({ SECRET_KEY: NEW_KEY, SECRET_KEYS_OLD: "tooshort" })).not.toContain("tooshort");
    expect(refused({ SECRET_KEYS_OLD: TEST_SECRET_KEY })).toContain("SECRET_KEYS_OLD needs SECRET_KEY");
  });
});
