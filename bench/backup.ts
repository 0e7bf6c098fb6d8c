import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createSecretBox } from "../src/server/auth/secret-box";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/db/client";
import { contactNotes } from "../src/server/db/schema";
import { insertInquiries, nextIds, noteAt } from "../src/server/services/inquiry-identity";
import { seedDatabase } from "../src/server/db/seed";
import { currentLegalDocuments } from "../src/server/services/legal-texts";
import { backupArchive, newBackupStats } from "../src/server/services/backup-snapshot";
import { archiveGzipBytes, encryptArchive, type ArchiveSecret } from "../src/server/services/backup-crypto";
import { restoreArchive } from "../src/server/services/restore";

/**
 * `npm run bench:backup`: a backup and a restore of a site with BENCH_INQUIRIES inquiries (50,000 by
 * default; a third with health details, one in ten with a note), in this process, on a data folder of
 * its own; with BENCH_DATABASE_URL also into and out of PostgreSQL (a database of its own). Prints the
 * time, the archive's size and this process's memory growth (peak resident set minus before, sampled
 * every 20 ms) for each step:
 * - the server's backup of its live embedded database (dump, in-memory copy, export from the copy:
 *   the copy holds the whole database, so this one grows with the database's size), encrypted with a
 *   passphrase as the portal's download is (argon2id once, then AES-256-GCM chunks);
 * - the command line's backup of a data folder no server holds (exported directly, a cursor at a time),
 *   encrypted with the site key as `npm run backup` is without a passphrase;
 * - the encryption's own cost: the live archive decrypted, then its gzip encrypted again, with the
 *   passphrase (argon2id once each way) and with the site key (HKDF), outside any database work;
 * - the restore into an empty data folder, and into PostgreSQL;
 * - the backup of PostgreSQL (one snapshot, a cursor at a time).
 */
const N = Number(process.env.BENCH_INQUIRIES ?? 50_000);
const PG_URL = process.env.BENCH_DATABASE_URL;
const SECRET_KEY = "bench-secret-key-0123456789abcdef0123456789abcdef";
const PASSPHRASE: ArchiveSecret = { kind: "passphrase", passphrase: "bench passphrase, long enough" };
const SITE_KEY: ArchiveSecret = { kind: "site-key", key: SECRET_KEY };
const work = mkdtempSync(path.join(tmpdir(), "clinic-bench-backup-"));

async function measure<T>(label: string, run: () => Promise<T>, file?: string): Promise<T> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    return await run();
  } finally {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const size = file ? `, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB` : "";
    console.log(
      `${label}: ${seconds} s${size}, memory +${((peak - before) / 1024 / 1024).toFixed(0)} MB (peak resident ${(peak / 1024 / 1024).toFixed(0)} MB)`,
    );
  }
}

async function seed(handle: DatabaseHandle) {
  await handle.migrate();
  await seedDatabase(handle.db);
  const secrets = createSecretBox(SECRET_KEY);
  const receipt = { acceptedAt: new Date().toISOString(), documents: await currentLegalDocuments(handle.db) };
  const statuses = ["new", "contacted", "scheduled", "closed", "spam"] as const;
  for (let done = 0; done < N; ) {
    const size = Math.min(1000, N - done);
    const rows = await insertInquiries(
      handle.db,
      secrets,
      Array.from({ length: size }, (_, k) => {
        const i = done + k;
        return {
          name: `Patient ${i} Example`,
          email: `patient${i}@example.com`,
          phone: `(801) 555-${String(i % 10000).padStart(4, "0")}`,
          servicesInterested: ["Ozone Therapy"],
          availabilityDays: ["monday"],
          availabilityTimes: ["morning"],
          healthConditions: i % 3 === 0 ? `Lower back pain for ${i % 20} years, worse in the morning` : null,
          hasHealthDetails: i % 3 === 0,
          privacyPolicy: true,
          hipaaConsent: true,
          termsAndConditions: true,
          consentReceipt: receipt,
          status: statuses[i % statuses.length]!,
          createdAt: new Date(Date.now() - (N - i) * 60_000),
        };
      }),
    );
    const noted = rows.filter((_, k) => (done + k) % 10 === 0);
    if (noted.length > 0) {
      const noteIds = await nextIds(handle.db, "contact_notes", noted.length);
      await handle.db
        .insert(contactNotes)
        .overridingSystemValue()
        .values(
          noted.map((row, k) => ({
            id: noteIds[k]!,
            submissionId: row.id,
            authorName: "bench",
            body: secrets.encrypt("Called back; prefers mornings.", noteAt(noteIds[k]!)),
          })),
        );
    }
    done += size;
  }
}

async function writeArchive(handle: DatabaseHandle, file: string, live: boolean, encryption: ArchiveSecret) {
  const stats = newBackupStats();
  await pipeline(Readable.from(backupArchive(handle, { secretKey: null, live, stats, encryption })), createWriteStream(file));
  return stats;
}

async function main() {
  const dataDir = path.join(work, "site");
  const source = await openPglite({ dataDir });
  console.log(`Seeding ${N} inquiries into ${dataDir} ...`);
  await seed(source);
  const liveFile = path.join(work, "live.jsonl.gz.enc");
  const stats = await measure(
    "backup of the live embedded database (dump, copy, export; passphrase)",
    () => writeArchive(source, liveFile, true, PASSPHRASE),
    liveFile,
  );
  console.log(`  ${stats.rows} rows in ${stats.tables} tables`);
  await source.close();

  // The encryption alone: what it adds to a backup and to each read of a restore.
  const gzip = await measure("  decrypting that archive alone (passphrase: argon2id + AES-256-GCM)", async () => {
    const parts: Buffer[] = [];
    for await (const part of archiveGzipBytes(liveFile, { passphrase: PASSPHRASE.kind === "passphrase" ? PASSPHRASE.passphrase : "" }))
      parts.push(part);
    return Buffer.concat(parts);
  });
  for (const [label, secret] of [
    ["passphrase: argon2id + AES-256-GCM", PASSPHRASE],
    ["site key: HKDF + AES-256-GCM", SITE_KEY],
  ] as const) {
    const again = path.join(work, "again.enc");
    await measure(
      `  encrypting its ${(gzip.length / 1024 / 1024).toFixed(1)} MB of gzip alone (${label})`,
      () => pipeline(Readable.from(encryptArchive(Readable.from([gzip]), secret)), createWriteStream(again)),
      again,
    );
  }

  const reopened = await openPglite({ dataDir });
  const directFile = path.join(work, "direct.jsonl.gz.enc");
  await measure(
    "backup of a data folder no server holds (command line; site key)",
    () => writeArchive(reopened, directFile, false, SITE_KEY),
    directFile,
  );
  await reopened.close();

  await measure("restore into an empty data folder (site key)", () =>
    restoreArchive({ file: directFile, dataDir: path.join(work, "restored"), secretKey: SECRET_KEY }),
  );
  await measure("restore into an empty data folder (passphrase)", () =>
    restoreArchive({
      file: liveFile,
      dataDir: path.join(work, "restored-passphrase"),
      secretKey: SECRET_KEY,
      passphrase: PASSPHRASE.kind === "passphrase" ? PASSPHRASE.passphrase : "",
    }),
  );

  if (PG_URL) {
    const name = `clinic_bench_backup_${process.pid}`;
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    try {
      await measure("restore into PostgreSQL", () =>
        restoreArchive({ file: directFile, databaseUrl: url.toString(), dataDir: path.join(work, "pg"), secretKey: SECRET_KEY }),
      );
      const pg = await openPostgres(url.toString());
      const pgFile = path.join(work, "pg.jsonl.gz.enc");
      await measure("backup of PostgreSQL (one snapshot; site key)", () => writeArchive(pg, pgFile, true, SITE_KEY), pgFile);
      const [row] = (await pg.db.execute(sql`select count(*)::int as n from contact_submissions`)) as unknown as Array<{ n: number }>;
      console.log(`  PostgreSQL holds ${row!.n} inquiries`);
      await pg.close();
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
