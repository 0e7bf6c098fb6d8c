import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createSecretBox, newSecretKey } from "../src/server/auth/secret-box";
import { DEFAULT_LIMITS } from "../src/server/auth/throttle";
import { buildDeps } from "../src/server/boot/bootstrap";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/db/client";
import { loadConfig } from "../src/server/env";
import { createApp } from "../src/server/http/app";
import { auditKeySetting } from "../src/server/services/audit-chain";
import { currentSearchIndex } from "../src/server/services/search";

/**
 * `npm run bench:search`: site search (issue 39) over BENCH_ARTICLES published articles (5,000 by
 * default), each in English with a published Spanish and Chinese translation (about 1,000 characters
 * of body in each language), on the embedded database in a data folder of its own; with
 * BENCH_DATABASE_URL also on PostgreSQL (a database of its own, dropped at the end). Prints the time to
 * build the index from the database (the first search after a change pays it), the heap it takes, and
 * the median and 95th percentile of GET /api/search through the app (validation, the search, the JSON
 * answer), over a mix of English, Spanish (accents both ways) and Chinese (words and single characters)
 * queries, found and not found.
 */
const N = Number(process.env.BENCH_ARTICLES ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL;

const EN =
  "regenerative knee shoulder therapy ozone stem cell recovery injection tendon cartilage pain clinic research study patient".split(" ");
const ES =
  "terapía rodilla hombro regenerativa ozono células madre recuperación inyección tendón cartílago dolor clínica estudio paciente".split(
    " ",
  );
const ZH = "膝盖 肩膀 再生 治疗 臭氧 干细胞 恢复 注射 肌腱 软骨 疼痛 诊所 研究 患者 疗法 健康".split(" ");

/** A text of `words` words drawn from `vocabulary` (joined without spaces for Chinese), the same for the same seed. */
function text(vocabulary: string[], words: number, seed: number, joiner = " "): string {
  let x = seed * 2654435761;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(vocabulary[x % vocabulary.length]!);
  }
  return out.join(joiner);
}

const QUERIES: Array<[string, "en" | "es" | "zh"]> = [
  ["ozone", "en"],
  ["knee tendon", "en"],
  ["regenerative shoulder pain", "en"],
  ["nothingmatches", "en"],
  ["rodilla", "es"],
  ["Terapia", "es"],
  ["tendon cartilago", "es"],
  ["células madre", "es"],
  ["膝盖", "zh"],
  ["臭氧疗法", "zh"],
  ["膝", "zh"],
  ["干细胞 研究", "zh"],
];

async function fill(handle: DatabaseHandle) {
  await handle.migrate();
  const { db } = handle;
  await db.execute(sql`delete from news_articles`);
  for (let from = 0; from < N; from += 500) {
    const rows = [];
    for (let i = from; i < Math.min(from + 500, N); i++) {
      rows.push(
        sql`(${`Article ${i}: ${text(EN, 6, i)}`}, ${`bench-${i}`}, ${text(EN, 25, i + 1)}, ${`<p>${text(EN, 150, i + 2)}</p>`}, true, now() - interval '1 day')`,
      );
    }
    await db.execute(
      sql`insert into news_articles (title, slug, summary, content, is_published, published_at) values ${sql.join(rows, sql`, `)}`,
    );
  }
  // A published Spanish and Chinese translation of each.
  for (const [language, vocabulary, joiner] of [
    ["es", ES, " "],
    ["zh", ZH, ""],
  ] as const) {
    const ids = (await db.execute(sql`select id from news_articles order by id`)) as unknown as { rows?: Array<{ id: number }> } & Array<{
      id: number;
    }>;
    const list = (ids.rows ?? ids).map((row) => row.id);
    for (let from = 0; from < list.length; from += 500) {
      const rows = list.slice(from, from + 500).map((id) => {
        const fields = {
          title: `${language === "es" ? "Artículo" : "文章"} ${id}: ${text(vocabulary, 6, id, joiner)}`,
          summary: text(vocabulary, 25, id + 1, joiner),
          content: `<p>${text(vocabulary, language === "zh" ? 300 : 150, id + 2, joiner)}</p>`,
        };
        return sql`('news', ${id}, ${language}, ${JSON.stringify(fields)}::jsonb, 'published', '{}'::jsonb)`;
      });
      await db.execute(
        sql`insert into translations (kind, record_id, language, fields, status, source) values ${sql.join(rows, sql`, `)} on conflict do nothing`,
      );
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

async function run(label: string, handle: DatabaseHandle, dataDir: string) {
  let started = performance.now();
  await fill(handle);
  const filled = performance.now() - started;
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: "http://bench.test", SECRET_KEY: newSecretKey() });
  const { deps } = await buildDeps(config, { database: handle, limits: DEFAULT_LIMITS });
  const app = createApp(deps);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  started = performance.now();
  await currentSearchIndex(deps.db, deps.cacheBus);
  const built = performance.now() - started;
  global.gc?.();
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const times: number[] = [];
  const perQuery = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [q, lang] of QUERIES) {
      const at = performance.now();
      const res = await app.request(`/api/search?q=${encodeURIComponent(q)}&lang=${lang}&page=${1 + (round % 3)}`);
      if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
      await res.json();
      const ms = performance.now() - at;
      times.push(ms);
      perQuery.set(`${lang} ${q}`, [...(perQuery.get(`${lang} ${q}`) ?? []), ms]);
    }
  }
  const found = await (await app.request(`/api/search?q=${encodeURIComponent("rodilla")}&lang=es`)).json();
  console.log(`\n${label}: ${N} articles x 3 languages (filled in ${(filled / 1000).toFixed(1)} s)`);
  console.log(`  index built from the database: ${built.toFixed(0)} ms, heap +${heap.toFixed(0)} MB (with --expose-gc)`);
  console.log(`  GET /api/search: median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms over ${times.length} requests`);
  console.log(`  "rodilla" in Spanish: ${found.total} results`);
  for (const [query, values] of perQuery) console.log(`    ${query.padEnd(32)} median ${median(values).toFixed(1)} ms`);
  deps.mail.close();
}

const work = mkdtempSync(path.join(tmpdir(), "clinic-bench-search-"));
const open = { auditKey: auditKeySetting(createSecretBox(newSecretKey())) };
try {
  const pglite = await openPglite({ dataDir: path.join(work, "db") }, open);
  try {
    await run("Embedded (PGlite)", pglite, path.join(work, "data-pglite"));
  } finally {
    await pglite.close();
  }
  if (PG_URL) {
    const name = `clinic_bench_search_${process.pid}`;
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), open);
    try {
      await run("PostgreSQL", handle, path.join(work, "data-pg"));
    } finally {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
