import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { bigint, customType, integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDeps } from "../src/server/boot/bootstrap";
import { openPglite, openPostgres, type Database, type DatabaseHandle } from "../src/server/db/client";
import { loadConfig } from "../src/server/env";
import { maintenanceSocketPath, startMaintenanceSocket } from "../src/server/ops/maintenance-socket";
import { maintenanceOperations } from "../src/server/services/maintenance";
import { archiveFileLines } from "../src/server/services/backup-archive";
import { backupArchive, newBackupStats } from "../src/server/services/backup-snapshot";
import { knownMigrations, NOT_BACKED_UP } from "../src/server/services/backup-tables";
import { analyticsDayKeys, analyticsSeen, brandFiles, mailServer } from "../src/server/db/schema";
import { archiveGzipBytes, encryptArchive, type ArchiveKeyring } from "../src/server/services/backup-crypto";
import { inspectArchive, loadRows, restoreArchive, RestoreRefused } from "../src/server/services/restore";
import { logActivity } from "../src/server/services/activity";
import { verifyChain } from "../src/server/services/audit-chain";
import { totpAt } from "../src/server/services/inquiry-identity";
import { withDatabase } from "./setup/global-setup";
import { softAuthenticator } from "./setup/soft-authenticator";
import { auditKeyOf, createTestApp, openTestDatabase, ORIGIN, TEST_SECRET_KEY, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * Backups and restores of the whole site, on a real database (the embedded one, or PostgreSQL with
 * TEST_DATABASE_URL). A site seeded with every kind of record is backed up from the portal, restored
 * into an empty data folder, backed up again by the command line from that data folder (no server),
 * and that archive restored into an empty PostgreSQL database: the move from the embedded database to
 * PostgreSQL. Each restored site has the same rows in every table, the same health details, notes and
 * TOTP keys once decrypted, the same public pages and right status counts. Refusals (a target with
 * data, a wrong or missing key, an archive from a newer schema) write nothing. Without
 * TEST_DATABASE_URL, only the PostgreSQL targets are skipped.
 *
 * Archives are encrypted (services/backup-crypto.ts): the portal's with the passphrase the super admin
 * types after their password (and 2FA code), the command line's with a passphrase or the site key. A
 * file without its passphrase shows nothing and restores nothing; a wrong passphrase, a file cut short,
 * parts swapped or a byte changed are refused before anything is written.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
/**
 * A test of an embedded data folder of its own (the server's socket): what the project's engine is
 * changes nothing for it, so when both engines run it runs in the embedded project only. (The CLI's
 * backup of a data folder runs in both: the move to PostgreSQL restores its archive.)
 */
const itOnEmbeddedRun = it.skipIf(Boolean(PG_URL) && process.env.TEST_BOTH_ENGINES === "1");
const TSX = path.resolve("node_modules/.bin/tsx");
const BACKUP_CLI = path.resolve("src/server/ops/cli/backup.ts");

let src: TestApp;
let chief: TestAdmin;
let staff: TestAdmin;
let chiefCookie: string;
let plainCookie: string;
/** A second super admin, with 2FA on. */
let guarded: TestAdmin;
let guardedCookie: string;
let guardedCodes: string[];
const PASSPHRASE = "correct horse battery staple 42";
let totpKey: Uint8Array;
const work = mkdtempSync(path.join(tmpdir(), "clinic-backup-test-"));
/** The portal's archive of the source site. */
const portalArchive = path.join(work, "portal.jsonl.gz.enc");
/** The same archive decrypted: the bare gzip of an archive made before backups were encrypted. */
const plainArchive = path.join(work, "portal-plain.jsonl.gz");
/** The restored data folder (from the portal's archive), and the CLI's archive of it. */
const folderA = path.join(work, "site-a");
const cliArchive = path.join(work, "cli.jsonl.gz");
/** The source's rows at the seeding, and as the portal's archive holds them. */
let seededRows: Record<string, string[]>;
let sourceRows: Record<string, string[]>;
let sourcePages: Record<string, string>;
let rowsOfA: Record<string, string[]>;
const pgDatabases: string[] = [];

const HEALTH = [
  "Left knee pain after a skiing accident in 2019; ibuprofen daily.",
  'Chronic lower back pain; allergic to penicillin. Ünïcödé ✓ "quoted" \\ back',
];
const NOTES = ["Called back, prefers mornings.", "Second note: insurance question. Ω≈ç√"];
const inquiryIds: number[] = [];
const pages: string[] = ["/", "/services", "/news", "/about"];

async function png(width = 64, height = 48): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 14, g: 90, b: 97 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" });
}

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [key, value] of Object.entries(fields)) f.set(key, value);
  return f;
}

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

/** Every table of the database (from the catalog, not the code under test), each row as JSON text in UTC, sorted. */
async function tableRows(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
    const tables = rowsOf<{ name: string }>(
      await tx.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`),
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables) {
      if (NOT_BACKED_UP.has(name)) continue;
      out[name] = rowsOf<{ r: string }>(await tx.execute(sql.raw(`SELECT to_jsonb(t)::text AS r FROM "${name}" t ORDER BY 1`))).map(
        (row) => row.r,
      );
    }
    return out;
  });
}

function expectSameRows(actual: Record<string, string[]>, expected: Record<string, string[]>) {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [table, rows] of Object.entries(expected)) expect(actual[table], table).toEqual(rows);
}

async function renderPages(app: TestApp): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const page of pages) {
    const res = await app.request(page);
    expect(res.status, page).toBe(200);
    // The embedded query data says when it was rendered: the only part that may differ between two renders.
    out[page] = await res.text();
  }
  return out;
}

/** The archive's lines, decrypted and parsed (small archives only). */
async function archiveLines(file: string, keyring: ArchiveKeyring): Promise<Array<Record<string, unknown> | unknown[]>> {
  const lines: Array<Record<string, unknown> | unknown[]> = [];
  for await (const line of archiveFileLines(file, keyring)) if (line) lines.push(JSON.parse(line));
  return lines;
}

/** The gzip inside an encrypted archive. */
async function decryptedGzip(file: string, keyring: ArchiveKeyring): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of archiveGzipBytes(file, keyring)) parts.push(part);
  return Buffer.concat(parts);
}

const PATIENT = ["Avery Stone", "avery@example.com", "555-0133", "General Consultation"];

/** Bytes that show nothing of a patient and are no gzip. */
function expectUnreadable(bytes: Buffer) {
  for (const word of PATIENT) expect(bytes.includes(word), word).toBe(false);
  expect(() => gunzipSync(bytes)).toThrow();
  expect(bytes.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
}

function download(json: Record<string, unknown>, cookie: string) {
  return src.request("/api/admin/backup", { json, cookie });
}

async function emptyPgDatabase(): Promise<string> {
  const name = `clinic_restore_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(PG_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  pgDatabases.push(name);
  return withDatabase(PG_URL!, name);
}

function runBackupCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(TSX, [BACKUP_CLI, ...args], { env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Nothing of a restore was written: no database, no key file. */
function expectUntouched(dir: string) {
  expect(existsSync(path.join(dir, "db"))).toBe(false);
  expect(existsSync(path.join(dir, "secret.key"))).toBe(false);
}

beforeAll(async () => {
  // A mail server is configured (never reached: no dispatcher runs here), so inquiries queue outbox rows.
  src = await createTestApp({ web: true, smtpUrl: "smtp://127.0.0.1:9" });
  chief = await src.createAdmin({ role: "super_admin", email: "chief@clinic.test" });
  staff = await src.createAdmin({ email: "staff@clinic.test", notifyNewInquiries: true });
  chiefCookie = await src.cookieFor(chief);
  plainCookie = await src.cookieFor(await src.createAdmin());
  const c = chiefCookie;
  // A sign-in through the door remembers its device (admin_known_devices).
  await ok(await src.request("/api/admin/login", { json: { username: chief.username, password: chief.password } }), 200);

  // A passkey (a software authenticator answers), and a second one started but not finished (its challenge waits).
  const authenticator = softAuthenticator();
  const { options } = await ok(
    await src.request("/api/admin/account/passkeys/options", { json: { name: "Front desk key" }, cookie: c }),
    200,
  );
  await ok(
    await src.request("/api/admin/account/passkeys", {
      json: { response: authenticator.register(options, { origin: ORIGIN }) },
      cookie: c,
    }),
    201,
  );
  await ok(await src.request("/api/admin/account/passkeys/options", { json: { name: "Spare key" }, cookie: c }), 200);

  // An admin with 2FA on (encrypted TOTP key, hashed backup codes), and a super admin with 2FA.
  totpKey = (await src.enrolTwoFactor(await src.cookieFor(staff))).key;
  guarded = await src.createAdmin({ role: "super_admin" });
  guardedCookie = await src.cookieFor(guarded);
  guardedCodes = (await src.enrolTwoFactor(guardedCookie)).backupCodes;

  // Services, a news article with an uploaded thumbnail, team, testimonials, content, images, social links.
  const service = await ok(
    await src.request("/api/admin/services", {
      form: form({
        title: "Cryotherapy",
        slug: "cryotherapy",
        shortDescription: "Cold, briefly.",
        description: "Whole-body cold therapy.",
        imageAlt: "Ice",
        image: await png(),
      }),
      cookie: c,
    }),
    201,
  );
  pages.push(`/services/${service.slug}`);
  const article = await ok(
    await src.request("/api/admin/news", {
      form: form({
        title: "Knee Health Basics",
        slug: "knee-health-basics",
        summary: "What everyone should know about knees.",
        content: "<p>Knees <strong>matter</strong>.</p>",
        thumbnailAlt: "A knee",
        isPublished: "true",
        publishedAt: "2025-04-01T09:30:00.123Z",
        tags: "knees,health",
        thumbnail: await png(120, 80),
      }),
      cookie: c,
    }),
    201,
  );
  pages.push(`/news/${article.slug}`);
  const teamImage = await ok(await src.request("/api/admin/team/upload-image", { form: form({ image: await png() }), cookie: c }), 201);
  await ok(
    await src.request("/api/admin/team", {
      json: { name: "Dr. Rowan Vale", role: "Physician", bio: "Twenty years of sports medicine.", imageUrl: teamImage.imageUrl },
      cookie: c,
    }),
    201,
  );
  await ok(
    await src.request("/api/admin/testimonials", {
      json: {
        name: "Jordan P.",
        service: "Ozone Therapy",
        rating: 5,
        content: "Kind and careful.",
        isVisible: true,
        receivedAt: "2024-10-21",
        source: "patient",
        consentToPublish: true,
      },
      cookie: c,
    }),
    201,
  );
  await ok(
    await src.request("/api/admin/content", {
      json: {
        page: "about",
        section: "extra",
        key: "note",
        content: "Open Saturdays.",
        contentType: "text",
        isVisible: true,
        sortOrder: 7,
      },
      cookie: c,
    }),
    201,
  );
  const images = await ok(await src.request("/api/admin/images", { cookie: c }));
  await ok(
    await src.request(`/api/admin/images/${images[0].id}`, {
      method: "PUT",
      form: form({ altText: "The clinic at dawn", seoFilename: "clinic-dawn", image: await png(200, 100) }),
      cookie: c,
    }),
  );
  await ok(
    await src.request("/api/admin/social-media", {
      json: {
        platform: "linkedin",
        displayName: "LinkedIn",
        url: "https://www.linkedin.com/company/millcreek",
        iconClass: "li",
        isVisible: true,
        sortOrder: 4,
      },
      cookie: c,
    }),
    201,
  );
  await ok(await src.request("/api/admin/settings", { method: "PUT", json: { retention: { enabled: true, days: 120 } }, cookie: c }));
  // The mail server of Settings > E-mail (issue 36), its password encrypted (this site's SMTP_URL wins, so written
  // as the save writes it): backed up, and checked at a restore like the other encrypted columns.
  await src.deps.db.insert(mailServer).values({
    host: "smtp.example.com",
    port: 587,
    security: "starttls",
    username: "clinic",
    password: src.deps.secrets.encrypt("mail-password", { table: "mail_server", column: "password", id: 1 }),
    fromAddress: "clinic@example.com",
    updatedBy: chief.id,
  });
  // A brand file (Settings > Brand, issue 36: bytes in a bytea column), backed up and restored byte for byte.
  await src.deps.db.insert(brandFiles).values({
    name: "logo.png",
    contentType: "image/png",
    data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]),
  });

  // Inquiries through the form (consent receipts, encrypted health details, outbox rows), notes, statuses.
  for (const health of HEALTH) {
    await ok(
      await src.request("/api/contact", {
        json: {
          name: "Avery Stone",
          email: "avery@example.com",
          phone: "(801) 555-0133",
          servicesInterested: ["General Consultation"],
          healthConditions: health,
          availabilityDays: ["monday"],
          availabilityTimes: ["morning"],
          optInTexting: true,
          privacyPolicy: true,
          hipaaConsent: true,
          termsAndConditions: true,
          formToken: src.formToken(),
          website: "",
        },
      }),
      201,
    );
  }
  const listed = await ok(await src.request("/api/admin/contact?pageSize=25", { cookie: c }));
  inquiryIds.push(
    ...listed
      .slice(0, 2)
      .map((row: { id: number }) => row.id)
      .sort((a: number, b: number) => a - b),
  );
  for (const [i, note] of NOTES.entries())
    await ok(await src.request(`/api/admin/contact/${inquiryIds[i]}/notes`, { json: { text: note }, cookie: c }), 201);
  await ok(
    await src.request(`/api/admin/contact/${inquiryIds[0]}`, {
      method: "PATCH",
      json: { status: "scheduled", assigneeId: staff.id },
      cookie: c,
    }),
  );
  await src.addInquiry({ status: "closed" });
  await src.addInquiry({ status: "spam" });
  const deleted = await src.addInquiry({ status: "contacted" });
  await ok(await src.request(`/api/admin/contact/${deleted.id}`, { method: "DELETE", cookie: c }));

  // A counted page view (analytics_daily; its visitor hash in analytics_seen, which no backup holds).
  await ok(
    await src.request("/api/visit", {
      json: { kind: "view", path: "/", entry: true },
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" },
    }),
  );
  await src.deps.visitCounter.flush();

  // A redirect (issue 39), and a missing page address in the 404 log.
  await ok(await src.request("/api/admin/redirects", { json: { fromPath: "/old-offer", toPath: "/services" }, cookie: c }), 201);
  src.deps.addressLog.notFound("/no-such-page", "https://partner.example/post");
  await src.deps.addressLog.flush();

  // A booked time (issue 38: bookings, its claimed cells in booking_claims) and a clinic's closed day
  // (booking_overrides); the seeded site's Ozone Therapy is bookable.
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  const { times } = await ok(await src.request(`/api/booking/free-times?service=ozone-therapy&from=${from}&to=${to}`));
  await ok(
    await src.request("/api/booking", {
      ip: "198.51.100.77",
      json: {
        name: "Avery Stone",
        email: "avery@example.com",
        phone: "801-555-0133",
        healthConditions: "Knee pain",
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: src.formToken(),
        service: "ozone-therapy",
        start: times[0].start,
        idempotencyKey: "backup-fixture-booking",
      },
    }),
    201,
  );
  await ok(
    await src.request("/api/admin/booking/availability/date", {
      method: "PUT",
      cookie: c,
      json: { ownerKind: "clinic", ownerId: 0, date: to, closed: true },
    }),
  );

  // Health details opened with a reason (admin_session_health), and a front desk's emergency access (admin_emergency_access).
  await ok(await src.request(`/api/admin/contact/${inquiryIds[0]}?reason=reply`, { cookie: c }));
  const desk = await src.createAdmin({ role: "front_desk", email: "desk@clinic.test" });
  const deskCookie = await src.cookieFor(desk);
  await ok(
    await src.request("/api/admin/contact/emergency-access", {
      json: { reason: "The clinician is away and a patient is waiting" },
      cookie: deskCookie,
    }),
    201,
  );
  // A refused request (its access_denied line, and the minute's count in access_denied_counts).
  await ok(await src.request("/api/admin/settings", { cookie: deskCookie }), 403);

  seededRows = await tableRows(src.deps.db);
  sourcePages = await renderPages(src);
}, 120_000);

afterAll(async () => {
  await src?.close();
  if (PG_URL && pgDatabases.length > 0) {
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    for (const name of pgDatabases) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
});

/** A site started on a restored database: the same rows, the same decrypted details, the same pages, right counts. */
async function checkRestoredSite(handle: DatabaseHandle, engine: string, expectedRows: Record<string, string[]>) {
  const restored = await createTestApp({ web: true, database: { handle, drop: () => handle.close(), engine } });
  try {
    expectSameRows(await tableRows(restored.deps.db), expectedRows);
    // Today's visitor hashes and key stayed behind (the source had them): a restored site counts today's visitors afresh.
    expect(await restored.deps.db.$count(analyticsSeen)).toBe(0);
    expect(await restored.deps.db.$count(analyticsDayKeys)).toBe(0);
    // The activity log's rows kept their places and hashes (compared above): the chain verifies, and goes on.
    const chain = await verifyChain(restored.deps.db, restored.deps.secrets);
    expect(chain).toMatchObject({ intact: true });
    expect(chain.entries).toBe(expectedRows.admin_activity_log!.length);
    await logActivity(restored.deps.db, { adminId: null, username: "command line", action: "update", ipAddress: "cli" });
    expect(await verifyChain(restored.deps.db, restored.deps.secrets)).toMatchObject({ intact: true, entries: chain.entries + 1 });

    const counts = await restored.deps.db.execute(sql`
      SELECT c.status, c.total, (SELECT count(*)::int FROM contact_submissions s WHERE s.status = c.status) AS real FROM contact_status_counts c ORDER BY 1`);
    const countRows = (Array.isArray(counts) ? counts : (counts as { rows: unknown[] }).rows) as Array<{
      status: string;
      total: number;
      real: number;
    }>;
    expect(countRows).toHaveLength(5);
    for (const row of countRows) expect(row.total, row.status).toBe(row.real);
    expect(countRows.find((row) => row.status === "scheduled")?.total).toBe(1);

    const restoredPages = await renderPages(restored);
    // Every picture file the pages list in a srcset (the uploads' variants, src/shared/image-variants.ts) is served.
    const pictureFiles = new Set(
      Object.values(restoredPages).flatMap((html) =>
        [...html.matchAll(/srcset="([^"]+)"/gi)].flatMap((m) => m[1]!.split(",").map((c) => c.trim().split(/\s+/)[0]!)),
      ),
    );
    expect(pictureFiles.size).toBeGreaterThan(0);
    for (const url of pictureFiles) expect((await restored.request(url)).status, url).toBe(200);
    expect(restoredPages).toEqual(sourcePages);

    const cookie = await restored.cookieFor(chief);
    for (const [i, id] of inquiryIds.entries()) {
      const opened = await ok(await restored.request(`/api/admin/contact/${id}?reason=clinical_review`, { cookie }));
      expect(HEALTH).toContain(opened.healthConditions);
      expect(opened.notes.map((n: { text: string }) => n.text)).toEqual([NOTES[i]]);
    }
    const [admin] = (await restored.deps.db
      .execute(sql`SELECT two_factor_secret FROM admin_users WHERE id = ${staff.id}`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as Array<{ two_factor_secret: string }>;
    expect(restored.deps.secrets.decryptBytes(admin!.two_factor_secret, totpAt(staff.id))).toEqual(totpKey);

    // New rows continue after the restored ids.
    const added = await restored.addInquiry({ name: "After the restore" });
    expect(added.id).toBeGreaterThan(Math.max(...inquiryIds) + 2);
  } finally {
    await restored.close();
  }
}

describe("the seeded site", () => {
  it("holds a row in every table, so the backup below covers every kind of record", () => {
    const empty = Object.entries(seededRows)
      .filter(([table, rows]) => rows.length === 0 && table !== "contact_status_counts")
      .map(([table]) => table);
    expect(empty).toEqual([]);
  });
});

async function backupLogCount(): Promise<number> {
  const logged = await src.deps.db.execute(sql`SELECT count(*)::int AS n FROM admin_activity_log WHERE action = 'backup'`);
  return ((Array.isArray(logged) ? logged : (logged as { rows: unknown[] }).rows)[0] as { n: number }).n;
}

async function lastFailure(): Promise<{ username: string; details: { reason: string } }> {
  const logged = await src.deps.db.execute(
    sql`SELECT username, details FROM admin_activity_log WHERE action = 'identity_check_failed' ORDER BY id DESC LIMIT 1`,
  );
  return (Array.isArray(logged) ? logged : (logged as { rows: unknown[] }).rows)[0] as never;
}

describe("the portal's download (POST /api/admin/backup)", () => {
  it("is refused to an admin (403), over GET (an image or a link runs nothing), over /trpc (415); none is logged as a backup", async () => {
    const res = await download({ password: "whatever", passphrase: PASSPHRASE }, plainCookie);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Access Denied - Your role does not allow: Take backups");
    // What <img src="/api/admin/backup"> in an article made a super admin's browser do.
    const get = await src.request("/api/admin/backup", { cookie: chiefCookie });
    expect([403, 404, 405]).toContain(get.status);
    expect(get.headers.get("content-disposition")).toBeNull();
    expect((await src.request("/trpc/system.backup", { cookie: chiefCookie })).status).toBeGreaterThanOrEqual(400);
    const overTrpc = await src.request("/trpc/system.backup", {
      json: { password: chief.password, passphrase: PASSPHRASE },
      cookie: chiefCookie,
    });
    expect(overTrpc.status).toBe(415);
    expect(await backupLogCount()).toBe(0);
  });

  it("asks for the password again (a wrong one is refused, logged and counted), and for a passphrase of 12 characters or more", async () => {
    const none = await download({ passphrase: PASSPHRASE }, chiefCookie);
    expect(none.status).toBe(400);
    expect((await none.json()).fieldErrors).toEqual({ password: ["Password is required"] });

    const wrong = await download({ password: "not-my-password", passphrase: PASSPHRASE }, chiefCookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: "Password is incorrect", fieldErrors: { password: ["Password is incorrect"] } });
    expect(await lastFailure()).toMatchObject({ username: chief.username, details: { reason: "backup_wrong_password" } });

    const short = await download({ password: chief.password, passphrase: "too short" }, chiefCookie);
    expect(short.status).toBe(400);
    expect((await short.json()).fieldErrors).toEqual({ passphrase: ["The passphrase must be at least 12 characters"] });
    expect(await backupLogCount()).toBe(0);
  });

  it("asks an account with 2FA for its code: none, a wrong TOTP code or a wrong backup code is refused", async () => {
    const noCode = await download({ password: guarded.password, passphrase: PASSPHRASE }, guardedCookie);
    expect(noCode.status).toBe(400);
    expect((await noCode.json()).fieldErrors).toEqual({ code: ["Enter the 6-digit code from your authenticator app (or a backup code)"] });
    const wrongTotp = await download({ password: guarded.password, code: "000000", passphrase: PASSPHRASE }, guardedCookie);
    expect(wrongTotp.status).toBe(400);
    expect((await wrongTotp.json()).fieldErrors.code).toBeDefined();
    expect((await lastFailure()).details.reason).toMatch(/^backup_(wrong|replayed)_code$/);
    const wrongBackupCode = await download({ password: guarded.password, code: "aaaa-bbbb", passphrase: PASSPHRASE }, guardedCookie);
    expect(wrongBackupCode.status).toBe(400);
    expect(await wrongBackupCode.json()).toEqual({ message: "Invalid 2FA code", fieldErrors: { code: ["Invalid 2FA code"] } });
    expect(await lastFailure()).toMatchObject({ username: guarded.username, details: { reason: "backup_wrong_backup_code" } });
    // The right password with a wrong code is still no backup.
    expect(await backupLogCount()).toBe(0);
  });

  it("streams an archive encrypted with the passphrase: no patient in its bytes, no gzip; with it, every table, without the key; logged", async () => {
    // The archive is made between these two readings (their order, not a duration, is checked below).
    const requested = new Date();
    const res = await download({ password: chief.password, passphrase: PASSPHRASE }, chiefCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const disposition = /^attachment; filename="clinic-backup-(\d{4}-\d{2}-\d{2})\.jsonl\.gz\.enc"$/.exec(
      res.headers.get("content-disposition") ?? "",
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(portalArchive));
    const received = new Date();
    expect([day(requested), day(received)]).toContain(disposition?.[1]);
    // What the archive should hold: the site as it is now, but for the download's own log line (written after).
    const now = await tableRows(src.deps.db);
    sourceRows = { ...now, admin_activity_log: now.admin_activity_log!.filter((row) => JSON.parse(row).action !== "backup") };
    expect(now.admin_activity_log!.length - sourceRows.admin_activity_log!.length).toBe(1);

    const bytes = readFileSync(portalArchive);
    expectUnreadable(bytes);
    expect(bytes.includes(PASSPHRASE)).toBe(false);
    const envelope = JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString("utf8"));
    expect(envelope).toMatchObject({
      format: "clinic-site-backup-encrypted",
      version: 1,
      cipher: "AES-256-GCM",
      protection: "passphrase",
      kdf: { name: "argon2id", memoryKiB: 65536, iterations: 3, parallelism: 1 },
    });
    // Nothing opens it without the passphrase.
    await expect(archiveLines(portalArchive, {})).rejects.toThrow(/encrypted with a passphrase/);
    await expect(
      archiveLines(portalArchive, { passphrase: "correct horse battery staple 43", siteKeys: [TEST_SECRET_KEY] }),
    ).rejects.toThrow(/passphrase does not open this archive/);

    const keyring = { passphrase: PASSPHRASE };
    const gzip = await decryptedGzip(portalArchive, keyring);
    writeFileSync(plainArchive, gzip);
    const lines = await archiveLines(portalArchive, keyring);
    const header = lines[0] as Record<string, unknown>;
    const latest = knownMigrations().at(-1)!;
    expect(header).toMatchObject({
      format: "clinic-site-backup",
      formatVersion: 1,
      engine: src.engine,
      schemaVersion: latest.tag,
      keyIncluded: false,
    });
    expect(header).not.toHaveProperty("secretKey");
    // The manifest keeps the activity log's chain head as it was in the archive's snapshot (before the download's own line).
    const newest = sourceRows
      .admin_activity_log!.map((row) => JSON.parse(row) as { chain_seq: number; chain_hash: string })
      .sort((a, b) => b.chain_seq - a.chain_seq)[0]!;
    expect(header.auditHead).toBe(`${newest.chain_seq}:${newest.chain_hash}`);
    const createdAt = new Date(header.createdAt as string).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(requested.getTime());
    expect(createdAt).toBeLessThanOrEqual(received.getTime());
    expect(bytes.includes(TEST_SECRET_KEY)).toBe(false);
    expect(gunzipSync(gzip).includes(TEST_SECRET_KEY)).toBe(false);

    // Every table named, its rows all there; the health details only as ciphertext.
    const text = gunzipSync(gzip).toString("utf8");
    for (const health of HEALTH) expect(text).not.toContain(JSON.stringify(health).slice(1, 20));
    const tables = lines.filter((line): line is Record<string, unknown> => !Array.isArray(line) && typeof line.table === "string");
    expect(tables.map((t) => t.table).sort()).toEqual(Object.keys(sourceRows).sort());
    const trailer = lines.at(-1) as { end: boolean; rows: Record<string, number>; totalRows: number };
    expect(trailer.end).toBe(true);
    for (const [table, rows] of Object.entries(sourceRows)) expect(trailer.rows[table], table).toBe(rows.length);

    const logged = await src.deps.db.execute(sql`SELECT username, details FROM admin_activity_log WHERE action = 'backup'`);
    const entries = (Array.isArray(logged) ? logged : (logged as { rows: unknown[] }).rows) as Array<{
      username: string;
      details: Record<string, unknown>;
    }>;
    expect(entries).toEqual([
      {
        username: chief.username,
        details: { rows: trailer.totalRows, tables: tables.length, complete: true, withKey: false, encrypted: "passphrase", via: "portal" },
      },
    ]);
    expect(JSON.stringify(await tableRows(src.deps.db))).not.toContain(PASSPHRASE);
  });

  it("gives an account with 2FA the archive once its password and a code (here a backup code, used up) are right", async () => {
    const res = await download({ password: guarded.password, code: guardedCodes[0], passphrase: PASSPHRASE }, guardedCookie);
    expect(res.status).toBe(200);
    const file = path.join(work, "guarded.jsonl.gz.enc");
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
    expect((await archiveLines(file, { passphrase: PASSPHRASE })).at(-1)).toMatchObject({ end: true });
    const again = await download({ password: guarded.password, code: guardedCodes[0], passphrase: PASSPHRASE }, guardedCookie);
    expect(again.status).toBe(400);
  });
});

describe("restore", () => {
  it("restores into an empty data folder: the same rows, details, pages and counts", { timeout: 180_000 }, async () => {
    const lines: string[] = [];
    const result = await restoreArchive({
      file: portalArchive,
      passphrase: PASSPHRASE,
      dataDir: folderA,
      secretKey: TEST_SECRET_KEY,
      log: (line) => lines.push(line),
    });
    expect(result).toMatchObject({ engine: "pglite", keySource: "SECRET_KEY", keyWritten: false });
    expect(result.rows).toBe(
      Object.entries(sourceRows)
        .filter(([t]) => t !== "contact_status_counts")
        .reduce((n, [, rows]) => n + rows.length, 0),
    );
    expect(existsSync(path.join(folderA, "secret.key"))).toBe(false);
    await checkRestoredSite(await openPglite({ dataDir: folderA }, auditKeyOf()), "pglite", sourceRows);
  });

  it("refuses a target that already holds data, and changes nothing there", async () => {
    const handle = await openPglite({ dataDir: folderA });
    const before = await tableRows(handle.db);
    await handle.close();
    await expect(
      restoreArchive({ file: portalArchive, passphrase: PASSPHRASE, dataDir: folderA, secretKey: TEST_SECRET_KEY }),
    ).rejects.toThrow(/^The database already holds data: restore needs an empty one \(/);
    const after = await openPglite({ dataDir: folderA });
    expectSameRows(await tableRows(after.db), before);
    await after.close();
  });

  it("refuses, before writing anything, a key that cannot open the archive's encrypted fields, or no key at all", async () => {
    const fresh = path.join(work, "wrong-key");
    await expect(
      restoreArchive({
        file: portalArchive,
        passphrase: PASSPHRASE,
        dataDir: fresh,
        secretKey: "not-the-key-0123456789abcdefghijklmnopqrstuvwxyz",
      }),
    ).rejects.toThrow(/^The key cannot open the archive's encrypted fields: SECRET_KEY is not the key they were written with/);
    expectUntouched(fresh);
    // The data folder's own secret.key is the key the site would run with: checked the same way.
    const withFile = path.join(work, "wrong-key-file");
    mkdirSync(withFile, { recursive: true });
    writeFileSync(path.join(withFile, "secret.key"), "another-wrong-key-0123456789abcdefghijkl\n");
    await expect(restoreArchive({ file: portalArchive, passphrase: PASSPHRASE, dataDir: withFile })).rejects.toThrow(
      /secret\.key is not the key they were written with/,
    );
    expect(readdirSync(withFile)).toEqual(["secret.key"]);
    // No SECRET_KEY, no secret.key and no key in the archive: the encrypted fields could never be read.
    await expect(restoreArchive({ file: portalArchive, passphrase: PASSPHRASE, dataDir: fresh })).rejects.toThrow(
      /holds encrypted fields .* and no key to open them/,
    );
    expectUntouched(fresh);
  });

  it("refuses, before writing anything, an encrypted archive without its passphrase or with a wrong one", async () => {
    const fresh = path.join(work, "no-passphrase");
    await expect(restoreArchive({ file: portalArchive, dataDir: fresh, secretKey: TEST_SECRET_KEY })).rejects.toThrow(
      /^This archive is encrypted with a passphrase: give it with --passphrase-file FILE or the BACKUP_PASSPHRASE environment variable$/,
    );
    expectUntouched(fresh);
    await expect(
      restoreArchive({ file: portalArchive, dataDir: fresh, secretKey: TEST_SECRET_KEY, passphrase: `${PASSPHRASE}!` }),
    ).rejects.toThrow(/^The passphrase does not open this archive/);
    expectUntouched(fresh);
    await expect(
      restoreArchive({ file: portalArchive, dataDir: fresh, secretKey: TEST_SECRET_KEY, passphrase: `${PASSPHRASE}!` }),
    ).rejects.toThrow(RestoreRefused);
  });

  it("refuses an encrypted archive cut short, with a byte changed, or with its header edited, before writing anything", async () => {
    const bytes = readFileSync(portalArchive);
    const headerEnd = bytes.indexOf(10) + 1;
    const fresh = path.join(work, "tampered-target");
    const variants: Array<[string, Buffer, RegExp]> = [
      ["cut in the middle", bytes.subarray(0, headerEnd + Math.floor((bytes.length - headerEnd) / 2)), /cut short|damaged/],
      ["without its last 16 bytes", bytes.subarray(0, bytes.length - 16), /cut short|damaged/],
      ["header only", bytes.subarray(0, headerEnd), /cut short/],
      ["with data added at the end", Buffer.concat([bytes, Buffer.from("more")]), /cut short|damaged/],
      [
        "with one byte changed",
        Buffer.from(bytes).fill(bytes[bytes.length - 40]! ^ 1, bytes.length - 40, bytes.length - 39),
        /damaged or was edited/,
      ],
      [
        "with its header edited",
        Buffer.concat([
          Buffer.from(bytes.subarray(0, headerEnd).toString("utf8").replace('"chunkBytes":65536', '"chunkBytes":65537')),
          bytes.subarray(headerEnd),
        ]),
        /damaged|edited/,
      ],
    ];
    for (const [label, content, message] of variants) {
      const file = path.join(work, "tampered.jsonl.gz.enc");
      writeFileSync(file, content);
      await expect(restoreArchive({ file, dataDir: fresh, secretKey: TEST_SECRET_KEY, passphrase: PASSPHRASE }), label).rejects.toThrow(
        message,
      );
      expectUntouched(fresh);
    }
  });

  it("refuses an archive from a newer schema than this code knows, and a damaged one", async () => {
    const lines = gunzipSync(readFileSync(plainArchive)).toString("utf8").split("\n");
    const header = JSON.parse(lines[0]!);
    const future = path.join(work, "future.jsonl.gz");
    writeFileSync(
      future,
      gzipSync(
        [
          JSON.stringify({ ...header, schemaVersion: "0099_from_the_future", migration: { index: 99, when: Date.now() + 1e12 } }),
          ...lines.slice(1),
        ].join("\n"),
      ),
    );
    const fresh = path.join(work, "future-target");
    await expect(restoreArchive({ file: future, dataDir: fresh, secretKey: TEST_SECRET_KEY })).rejects.toThrow(
      /^The archive comes from a newer version of the site \(schema 0099_from_the_future\); this version knows schemas up to /,
    );
    expectUntouched(fresh);

    const cut = path.join(work, "cut.jsonl.gz");
    writeFileSync(cut, gzipSync(lines.slice(0, -2).join("\n")));
    await expect(restoreArchive({ file: cut, dataDir: fresh, secretKey: TEST_SECRET_KEY })).rejects.toThrow(/cut short/);
    expectUntouched(fresh);
  });

  it.runIf(PG_URL)("refuses a wrong key for a PostgreSQL target before creating a table", async () => {
    const url = await emptyPgDatabase();
    await expect(
      restoreArchive({
        file: portalArchive,
        passphrase: PASSPHRASE,
        databaseUrl: url,
        dataDir: path.join(work, "pg-wrong"),
        secretKey: "not-the-key-0123456789abcdefghijklmnopqrstuvwxyz",
      }),
    ).rejects.toThrow(RestoreRefused);
    const client = postgres(url, { max: 1, onnotice: () => {} });
    const [row] = await client`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`;
    await client.end();
    expect(row!.n).toBe(0);
  });
});

describe("the backup command line and the move to PostgreSQL", () => {
  it("backs up a data folder with no server running (npm run backup through tsx), with the key when asked, encrypted with the passphrase", {
    timeout: 120_000,
  }, async () => {
    const handle = await openPglite({ dataDir: folderA });
    rowsOfA = await tableRows(handle.db);
    await handle.close();

    // --with-key needs a passphrase (an archive the site key opens would carry the site key for nobody).
    const refused = await runBackupCli(["--out", cliArchive, "--with-key"], { DATA_DIR: folderA, SECRET_KEY: TEST_SECRET_KEY });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^--with-key needs a passphrase/);
    const short = await runBackupCli(["--out", cliArchive], { DATA_DIR: folderA, SECRET_KEY: TEST_SECRET_KEY, BACKUP_PASSPHRASE: "short" });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("The passphrase must be at least 12 characters");
    expect(existsSync(cliArchive)).toBe(false);

    const passphraseFile = path.join(work, "passphrase.txt");
    writeFileSync(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });
    const run = await runBackupCli(["--out", cliArchive, "--with-key", "--passphrase-file", passphraseFile], {
      DATA_DIR: folderA,
      SECRET_KEY: TEST_SECRET_KEY,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Backup written to ${cliArchive}`);
    expect(run.stdout).toContain("(no server running)");
    expect(run.stdout).toContain("Encrypted with the passphrase");
    expect(run.stdout).toContain("THE SECRET KEY IS IN THIS ARCHIVE");
    expect(statSync(cliArchive).mode & 0o777).toBe(0o600);
    expect(readdirSync(work).filter((name) => name.includes(".partial-"))).toEqual([]);
    // The key is inside, so the file must show nothing of it (nor of a patient) without the passphrase.
    expectUnreadable(readFileSync(cliArchive));
    expect(readFileSync(cliArchive).includes(TEST_SECRET_KEY)).toBe(false);
    await expect(archiveLines(cliArchive, { siteKeys: [TEST_SECRET_KEY] })).rejects.toThrow(/encrypted with a passphrase/);

    const lines = await archiveLines(cliArchive, { passphrase: PASSPHRASE });
    expect(lines[0]).toMatchObject({ engine: "pglite", keyIncluded: true, secretKey: TEST_SECRET_KEY });
    expect((lines[0] as { note: string }).note).toMatch(/^WARNING: this archive includes the secret key/);
    const trailer = lines.at(-1) as { rows: Record<string, number> };
    for (const [table, rows] of Object.entries(rowsOfA)) expect(trailer.rows[table], table).toBe(rows.length);

    // The command line's backup is in the data folder's activity log.
    const after = await openPglite({ dataDir: folderA });
    const logged = await after.db.execute(
      sql`SELECT username, details FROM admin_activity_log WHERE action = 'backup' ORDER BY id DESC LIMIT 1`,
    );
    await after.close();
    expect((Array.isArray(logged) ? logged : (logged as { rows: unknown[] }).rows)[0]).toMatchObject({
      username: "cli",
      details: { via: "command line", withKey: true, complete: true, encrypted: "passphrase" },
    });
  });

  it(PG_URL
    ? "moves the embedded database to PostgreSQL: the PGlite archive, with its key, restores into an empty PostgreSQL database"
    : "restores an archive carrying its key into a data folder without a key (PostgreSQL target skipped: no TEST_DATABASE_URL)", {
    timeout: 180_000,
  }, async () => {
    const keyFolder = path.join(work, "moved");
    const target = PG_URL ? { databaseUrl: await emptyPgDatabase() } : {};
    // Without the passphrase the key inside is out of reach: nothing is written.
    await expect(restoreArchive({ file: cliArchive, dataDir: keyFolder, ...target })).rejects.toThrow(/encrypted with a passphrase/);
    expectUntouched(keyFolder);
    const result = await restoreArchive({ file: cliArchive, dataDir: keyFolder, passphrase: PASSPHRASE, ...target });
    expect(result).toMatchObject({ engine: PG_URL ? "postgres" : "pglite", keySource: "archive", keyWritten: true });
    expect(readFileSync(path.join(keyFolder, "secret.key"), "utf8").trim()).toBe(TEST_SECRET_KEY);
    expect(statSync(path.join(keyFolder, "secret.key")).mode & 0o777).toBe(0o600);
    const handle = PG_URL ? await openPostgres(target.databaseUrl!, auditKeyOf()) : await openPglite({ dataDir: keyFolder }, auditKeyOf());
    await checkRestoredSite(handle, PG_URL ? "postgres" : "pglite", rowsOfA);
    if (PG_URL) {
      await expect(
        restoreArchive({ file: cliArchive, dataDir: keyFolder, databaseUrl: target.databaseUrl, passphrase: PASSPHRASE }),
      ).rejects.toThrow(/^The database already holds data/);
    }
  });

  itOnEmbeddedRun(
    "asks the running server through DATA_DIR/maintenance.sock; the server writes the archive from a copy of its database",
    {
      timeout: 120_000,
    },
    async () => {
      const handle = await openPglite({ dataDir: folderA }, auditKeyOf());
      const config = loadConfig({ DATA_DIR: folderA, SECRET_KEY: TEST_SECRET_KEY, PUBLIC_ORIGIN: "http://clinic.test" });
      const { deps } = await buildDeps(config, { database: handle });
      const stop = startMaintenanceSocket(folderA, maintenanceOperations(deps));
      const socket = maintenanceSocketPath(folderA);
      try {
        await expect.poll(() => existsSync(socket), { timeout: 10_000, interval: 20 }).toBe(true);
        expect(statSync(socket).mode & 0o777).toBe(0o600);
        const rows = await tableRows(handle.db);

        // No passphrase: encrypted with the site key (the command line encrypts what the socket sends).
        const out = path.join(work, "socket.jsonl.gz.enc");
        const run = await runBackupCli(["--out", out], { DATA_DIR: folderA, SECRET_KEY: TEST_SECRET_KEY });
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain("from the running server");
        expect(run.stdout).toContain("Encrypted with the site key");
        expectUnreadable(readFileSync(out));
        expect(JSON.parse(readFileSync(out).subarray(0, readFileSync(out).indexOf(10)).toString("utf8"))).toMatchObject({
          protection: "site-key",
          kdf: { name: "hkdf-sha256" },
        });
        await expect(archiveLines(out, { siteKeys: ["another-key-0123456789abcdef0123456789abcdef"] })).rejects.toThrow(
          /encrypted with another site key/,
        );
        const lines = await archiveLines(out, { siteKeys: [TEST_SECRET_KEY] });
        expect(lines[0]).toMatchObject({ engine: "pglite", keyIncluded: false });
        const trailer = lines.at(-1) as { rows: Record<string, number> };
        for (const [table, tableRowsNow] of Object.entries(rows)) expect(trailer.rows[table], table).toBe(tableRowsNow.length);

        // The server (this process's database) logged it: the command line never opened the data folder.
        const logged = await handle.db.execute(
          sql`SELECT username, ip_address, details FROM admin_activity_log WHERE action = 'backup' ORDER BY id DESC LIMIT 1`,
        );
        expect((Array.isArray(logged) ? logged : (logged as { rows: unknown[] }).rows)[0]).toMatchObject({
          username: "cli",
          ip_address: "maintenance socket",
          details: { via: "maintenance socket", complete: true, withKey: false, encrypted: "site key" },
        });
        // A restore into the running server's data folder is refused.
        await expect(restoreArchive({ file: out, dataDir: folderA, secretKey: TEST_SECRET_KEY })).rejects.toThrow(
          /^A server is running on /,
        );
      } finally {
        await stop();
        await handle.close();
      }
      expect(existsSync(socket)).toBe(false);
    },
  );
});

describe("values survive exactly", () => {
  const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
  const probe = pgTable("backup_probe", {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    data: bytea("data"),
    big: bigint("big", { mode: "bigint" }),
    doc: jsonb("doc"),
    at: timestamp("at", { withTimezone: true }),
    words: text("words"),
    amount: numeric("amount"),
  });
  const ddl = `CREATE TABLE backup_probe (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, data bytea, big bigint, doc jsonb, at timestamptz, words text, amount numeric)`;

  it("bytea, bigint past 2^53, JSON null apart from SQL NULL, microseconds, text with any character, numeric; ids and the sequence", async () => {
    const from = await openTestDatabase();
    const to = await openTestDatabase();
    try {
      await from.handle.db.execute(sql.raw(ddl));
      await to.handle.db.execute(sql.raw(ddl));
      await from.handle.db.execute(
        sql.raw(`INSERT INTO backup_probe (data, big, doc, at, words, amount) VALUES
          ('\\x00ff10c3a9'::bytea, 9007199254740993, 'null'::jsonb, '2025-05-01 10:00:00.123456+02', E'line\\nbreak "quoted" \\\\ é ✓ \\u2028', 12345678901234567890.000000001),
          (NULL, NULL, NULL, NULL, NULL, NULL),
          (decode(repeat('ab', 40000), 'hex'), -1, '{"a":[1,2,{"b":null}]}', '1970-01-01 00:00:00+00', '', 0)`),
      );
      await from.handle.db.execute(sql.raw(`DELETE FROM backup_probe WHERE id = 2`));
      await from.handle.db.execute(sql.raw(`INSERT INTO backup_probe (words) VALUES ('four')`));
      await from.handle.db.execute(sql.raw(`DELETE FROM backup_probe WHERE id = 4`));

      const file = path.join(work, "probe.jsonl.gz");
      const stats = newBackupStats();
      const encryption = { kind: "site-key", key: TEST_SECRET_KEY } as const;
      await pipeline(
        Readable.from(backupArchive(from.handle, { secretKey: null, live: from.engine === "pglite", stats, tables: [probe], encryption })),
        createWriteStream(file),
      );
      expect(stats).toMatchObject({ tables: 1, rows: 2, complete: true });
      const keyring = { siteKeys: [TEST_SECRET_KEY] };
      const inspected = await inspectArchive(file, keyring);
      await loadRows(to.handle, file, inspected.tables, () => {}, keyring);

      const read = async (handle: DatabaseHandle) => (await tableRows(handle.db)).backup_probe;
      expect(await read(to.handle)).toEqual(await read(from.handle));
      const next = await to.handle.db.execute(sql.raw(`INSERT INTO backup_probe (words) VALUES ('five') RETURNING id`));
      // Ids 2 and 4 were deleted on the original: the sequence carries on after 4, never handing out 4 again.
      // (From a copy of a live embedded database it may be further on: PostgreSQL logs sequences 32 ahead.)
      const id = ((Array.isArray(next) ? next : (next as { rows: unknown[] }).rows)[0] as { id: number }).id;
      if (from.engine === "pglite") expect(id).toBeGreaterThan(4);
      else expect(id).toBe(5);
    } finally {
      await from.drop();
      await to.drop();
    }
  });
});

describe("the encrypted format", () => {
  /** An archive of `size` random (incompressible) bytes: several chunks of 64 KiB. */
  async function sealed(
    size: number,
    secret = { kind: "passphrase", passphrase: PASSPHRASE } as const,
  ): Promise<{ plain: Buffer; file: string }> {
    const plain = randomBytes(size);
    const file = path.join(work, `format-${size}.enc`);
    async function* source() {
      // Uneven pieces, as a gzip stream gives them.
      for (let at = 0; at < plain.length; at += 10_000) yield plain.subarray(at, at + 10_000);
    }
    await pipeline(Readable.from(encryptArchive(source(), secret)), createWriteStream(file));
    return { plain, file };
  }
  async function opened(file: string, keyring: ArchiveKeyring = { passphrase: PASSPHRASE }): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const part of archiveGzipBytes(file, keyring)) parts.push(part);
    return Buffer.concat(parts);
  }

  it("round-trips any length (empty, exactly one chunk, several), and refuses chunks swapped, dropped or cut at a chunk's edge", async () => {
    for (const size of [0, 65_536, 65_537, 200_000]) {
      const { plain, file } = await sealed(size);
      expect((await opened(file)).equals(plain), String(size)).toBe(true);
    }
    const { file } = await sealed(200_000);
    const bytes = readFileSync(file);
    const start = bytes.indexOf(10) + 1;
    const block = 65_536 + 16;
    const parts = [0, 1, 2, 3].map((i) => bytes.subarray(start + i * block, Math.min(bytes.length, start + (i + 1) * block)));
    const head = bytes.subarray(0, start);
    const cases: Array<[string, Buffer]> = [
      ["swapped", Buffer.concat([head, parts[1]!, parts[0]!, parts[2]!, parts[3]!])],
      ["second dropped", Buffer.concat([head, parts[0]!, parts[2]!, parts[3]!])],
      ["cut after the third chunk", Buffer.concat([head, parts[0]!, parts[1]!, parts[2]!])],
      ["last chunk repeated", Buffer.concat([head, parts[0]!, parts[1]!, parts[2]!, parts[3]!, parts[3]!])],
    ];
    for (const [label, content] of cases) {
      writeFileSync(file, content);
      await expect(opened(file), label).rejects.toThrow(/cut short|damaged or was edited/);
    }
  });

  it("opens a site-key archive with that key only", async () => {
    const { plain, file } = await sealed(70_000, { kind: "site-key", key: TEST_SECRET_KEY } as never);
    expect((await opened(file, { siteKeys: ["some-other-key-0123456789abcdef0123456789", TEST_SECRET_KEY] })).equals(plain)).toBe(true);
    await expect(opened(file, { passphrase: PASSPHRASE })).rejects.toThrow(/encrypted with the site key .* there is none here/);
  });
});

describe("with an error in the middle", () => {
  it("a restore that fails while loading leaves no rows behind, so the same target can be restored again", {
    timeout: 120_000,
  }, async () => {
    // A damaged row (a status longer than its column) past the first tables: refused by the database mid-load.
    const lines = gunzipSync(readFileSync(plainArchive)).toString("utf8").split("\n");
    let table = "";
    const damaged = lines.map((line) => {
      if (line.startsWith('{"table"')) table = JSON.parse(line).table;
      if (table === "contact_submissions" && line.startsWith("["))
        return line.replace(/,"(new|contacted|scheduled|closed|spam)",/, `,"${"x".repeat(300)}",`);
      return line;
    });
    const file = path.join(work, "damaged.jsonl.gz");
    writeFileSync(file, gzipSync(damaged.join("\n")));
    const target = PG_URL ? { databaseUrl: await emptyPgDatabase() } : {};
    const dataDir = path.join(work, "damaged-target");
    await expect(restoreArchive({ file, dataDir, secretKey: TEST_SECRET_KEY, ...target })).rejects.toThrow();
    const handle = PG_URL ? await openPostgres(target.databaseUrl!) : await openPglite({ dataDir });
    const rows = await tableRows(handle.db);
    await handle.close();
    // The built-in roles are the migration's rows (drizzle/0019), there before any restore.
    expect(Object.entries(rows).filter(([name, r]) => r.length > 0 && name !== "contact_status_counts" && name !== "roles")).toEqual([]);

    // Retried with the same archive unencrypted, as archives made before encryption are: it still restores.
    const retried = await restoreArchive({ file: plainArchive, dataDir, secretKey: TEST_SECRET_KEY, ...target });
    expect(retried.rows).toBeGreaterThan(0);
  });
});
