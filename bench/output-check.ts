import { performance } from "node:perf_hooks";
import { z } from "zod";
import { pageOf } from "../src/shared/schemas/answers";
import { inquirySummaryAnswer } from "../src/shared/schemas/inquiries";
import { newsArticleAnswer } from "../src/shared/schemas/news";
import { serviceAnswer } from "../src/shared/schemas/services";

/**
 * What checking a procedure's answer against its output schema costs (`.output()`, src/server/routers):
 * the CPU time of one parse of typical answers, in microseconds. Public reads pay it only when the page
 * cache misses; staff reads on each call. Run: npx tsx bench/output-check.ts
 */

const now = new Date();
const service = (i: number) => ({
  id: i + 1,
  slug: `service-${i}`,
  title: `Service ${i}`,
  shortDescription: "A short description of the service.",
  description: "A longer description. ".repeat(20),
  imageUrl: `/uploads/${"a".repeat(64)}.jpg`,
  imageAlt: "A picture",
  imageSize: { width: 2400, height: 1600 },
  createdAt: now,
  updatedAt: now,
});
const article = (i: number) => ({
  id: i + 1,
  title: `Article ${i}`,
  slug: `article-${i}`,
  summary: "A summary of the article.",
  content: "<p>Body</p>".repeat(50),
  externalUrl: null,
  thumbnailUrl: null,
  thumbnailAlt: null,
  thumbnailSize: null,
  metaTitle: null,
  metaDescription: null,
  tags: "news",
  isPublished: true,
  publishedAt: now,
  createdAt: now,
  updatedAt: now,
});
const summary = (i: number) => ({
  id: i + 1,
  createdAt: now,
  updatedAt: now,
  name: `Patient ${i}`,
  email: `p${i}@example.com`,
  phone: "(801) 555-0100",
  servicesInterested: ["Ozone Therapy"],
  availabilityDays: ["monday" as const],
  availabilityTimes: ["morning" as const],
  optInTexting: false,
  hasHealthDetails: true,
  status: "new" as const,
  statusChangedAt: null,
  statusChangedBy: null,
  assigneeId: null,
  noteCount: 0,
  assignee: null,
  overdue: false,
});

const cases = [
  { name: "services list (10)", schema: z.array(serviceAnswer), value: Array.from({ length: 10 }, (_, i) => service(i)) },
  {
    name: "news page (12)",
    schema: pageOf(newsArticleAnswer),
    value: { items: Array.from({ length: 12 }, (_, i) => article(i)), total: 40, page: 1, pageSize: 12 },
  },
  {
    name: "inquiry desk page (100)",
    schema: pageOf(inquirySummaryAnswer),
    value: { items: Array.from({ length: 100 }, (_, i) => summary(i)), total: 50_000, page: 1, pageSize: 100 },
  },
];

for (const { name, schema, value } of cases) {
  for (let i = 0; i < 200; i++) schema.parse(value); // warm up
  const runs = 2000;
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let i = 0; i < runs; i++) schema.parse(value);
  const cpu = process.cpuUsage(cpuBefore);
  const serialize = performance.now();
  for (let i = 0; i < runs; i++) JSON.stringify(value);
  const jsonMs = performance.now() - serialize;
  console.log(
    `${name.padEnd(26)} check ${(((cpu.user + cpu.system) / runs) | 0).toString().padStart(5)} µs CPU per answer` +
      ` (wall ${(((serialize - wallBefore) * 1000) / runs).toFixed(0)} µs; JSON.stringify of the same: ${((jsonMs * 1000) / runs).toFixed(0)} µs)`,
  );
}
