import { clinicDay } from "../src/shared/clinic-date";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testimonials } from "../src/server/db/schema";
import { MIGRATIONS_DIR } from "../src/server/paths";
import { TESTIMONIAL_EXCERPT_LENGTH, testimonialExcerpt } from "../src/client/public/components/home/testimonial-text";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Testimonials as the FTC's 2024 rule on reviews expects (docs/decisions/0049-testimonial-sources.md):
 * each records its source, the day it was received, the patient's agreement to publication and what was
 * given in return. Without the agreement a testimonial cannot be made visible (REST and tRPC alike);
 * what was given in return is said on the home page's card; the card's cut text ends on a whole word.
 */
let t: TestApp;
let cookie: string;
let admin: { id: number };
beforeAll(async () => {
  t = await createTestApp({ web: true });
  admin = await t.createAdmin();
  cookie = await t.cookieFor(admin);
});
afterAll(() => t.close());

const NO_CONSENT = "A testimonial can be visible on the website only when the patient agreed to its publication";
const record = {
  name: "Casey W.",
  service: "Ozone Therapy",
  rating: 5,
  content: "Kind, careful and clear.",
  receivedAt: "2024-10-21",
  source: "patient",
};

type Row = typeof record & { id: number; isVisible: boolean; consentToPublish: boolean; incentive: string | null };
const adminList = async (): Promise<Row[]> => (await t.request("/api/admin/testimonials", { cookie })).json();

describe("a testimonial is visible only with the patient's agreement to publication", () => {
  it("REST: a create or an update that makes one visible without consent is refused, and nothing changes", async () => {
    const before = await adminList();
    for (const consent of [{ consentToPublish: false }, {}]) {
      const res = await t.request("/api/admin/testimonials", { json: { ...record, isVisible: true, ...consent }, cookie });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body).toMatchObject({ message: NO_CONSENT, fieldErrors: { consentToPublish: [NO_CONSENT] } });
    }
    expect(await adminList()).toEqual(before);

    // Recorded hidden while the patient is asked: allowed; made visible: refused until consent is recorded.
    const created = await t.request("/api/admin/testimonials", { json: { ...record, isVisible: false }, cookie });
    expect(created.status).toBe(201);
    const hidden = (await created.json()) as Row;
    expect(hidden).toMatchObject({
      isVisible: false,
      consentToPublish: false,
      incentive: null,
      receivedAt: "2024-10-21",
      source: "patient",
    });
    const refused = await t.request(`/api/admin/testimonials/${hidden.id}`, {
      method: "PUT",
      json: { ...hidden, isVisible: true },
      cookie,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(NO_CONSENT);
    expect((await adminList()).find((row) => row.id === hidden.id)?.isVisible).toBe(false);

    const published = await t.request(`/api/admin/testimonials/${hidden.id}`, {
      method: "PUT",
      json: { ...hidden, isVisible: true, consentToPublish: true },
      cookie,
    });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ isVisible: true, consentToPublish: true });
    expect(((await (await t.request("/api/testimonials")).json()) as Row[]).map((row) => row.id)).toContain(hidden.id);
    await t.request(`/api/admin/testimonials/${hidden.id}`, { method: "DELETE", cookie });
  });

  it("tRPC: the same procedures refuse it over /trpc with the same message", async () => {
    const trpc = async (path: string, input: unknown) => {
      const res = await t.request(`/trpc/${path}`, { json: input, cookie });
      return { status: res.status, error: (await res.json()).error };
    };
    const create = await trpc("testimonials.create", { ...record, isVisible: true, consentToPublish: false });
    expect(create.status).toBe(400);
    expect(create.error).toMatchObject({
      message: NO_CONSENT,
      data: { code: "BAD_REQUEST", fieldErrors: { consentToPublish: [NO_CONSENT] } },
    });

    const caller = await t.callerFor(admin);
    const [seeded] = (await caller.testimonials.adminList()) as Row[];
    expect(seeded).toMatchObject({ isVisible: true, consentToPublish: true, source: "patient", incentive: null });
    const update = await trpc("testimonials.update", { ...seeded, consentToPublish: false });
    expect(update.status).toBe(400);
    expect(update.error.message).toBe(NO_CONSENT);
    await expect(caller.testimonials.update({ ...seeded!, consentToPublish: false })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(((await caller.testimonials.adminList()) as Row[]).find((row) => row.id === seeded!.id)?.consentToPublish).toBe(true);
  });
});

/** The home page's testimonial cards as the server renders them (page 1 of the carousel), by name: their text. */
async function homeCards(): Promise<Map<string, { text: string; html: string }>> {
  const res = await t.request("/");
  expect(res.status).toBe(200);
  const html = await res.text();
  const cards = new Map<string, { text: string; html: string }>();
  for (const card of html.split('data-testid="testimonial"').slice(1)) {
    const figure = card.slice(0, card.indexOf("</figure>"));
    const name = /class="tm-name">([^<]*)</.exec(figure)?.[1];
    const text = figure
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]*>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/\s+/g, " ")
      .trim();
    if (name) cards.set(name, { text, html: figure });
  }
  return cards;
}

describe("a caller that sends only the spec's fields", () => {
  it("creates a testimonial received today (the clinic's day) from the patient; an update without them keeps them", async () => {
    const { receivedAt: _day, source: _source, ...specFields } = record;
    const res = await t.request("/api/admin/testimonials", { json: { ...specFields, isVisible: true, consentToPublish: true }, cookie });
    const created = (await res.json()) as Row;
    expect(res.status, JSON.stringify(created)).toBe(201);
    expect(created).toMatchObject({ source: "patient", receivedAt: clinicDay(new Date()) });
    const kept = await t.request(`/api/admin/testimonials/${created.id}`, {
      method: "PUT",
      json: { ...specFields, rating: 4, isVisible: true, consentToPublish: true },
      cookie,
    });
    expect(await kept.json()).toMatchObject({ rating: 4, source: "patient", receivedAt: created.receivedAt });
  });
});

describe("the home page's testimonial card", () => {
  it("says what was given in return when something was, and nothing of the kind otherwise", async () => {
    const [karen, david] = ((await adminList()) as Row[]).slice(0, 2);
    expect(karen!.incentive).toBeNull();
    let cards = await homeCards();
    expect(cards.get(karen!.name)?.html).not.toContain("testimonial-incentive");
    expect(cards.get(karen!.name)?.text).not.toContain("in return");

    const saved = await t.request(`/api/admin/testimonials/${karen!.id}`, {
      method: "PUT",
      json: { ...karen, incentive: "  a $25 gift card " },
      cookie,
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).incentive).toBe("a $25 gift card");
    cards = await homeCards();
    expect(cards.get(karen!.name)?.text).toContain("Received in return for this testimonial: a $25 gift card");
    expect(cards.get(david!.name)?.text).not.toContain("in return");
    expect(cards.get(david!.name)?.html).not.toContain("testimonial-incentive");

    // Emptied: nothing was given; the line goes.
    const cleared = await t.request(`/api/admin/testimonials/${karen!.id}`, { method: "PUT", json: { ...karen, incentive: "" }, cookie });
    expect((await cleared.json()).incentive).toBeNull();
    expect((await homeCards()).get(karen!.name)?.text).not.toContain("in return");
  });

  it("cuts a long text after the last whole word within 100 characters, plus ...", async () => {
    const [first] = (await adminList()) as Row[];
    // The 100th character falls inside "wonderfully": the card must not show "won...".
    const content = `${"The nurses explained each step and ".repeat(2)}made the whole visit calm, wonderfully kind and unhurried from start to finish.`;
    expect(content.slice(0, TESTIMONIAL_EXCERPT_LENGTH)).toMatch(/calm, won$/);
    const res = await t.request(`/api/admin/testimonials/${first!.id}`, { method: "PUT", json: { ...first, content }, cookie });
    expect(res.status).toBe(200);
    const card = (await homeCards()).get(first!.name)!;
    expect(card.text).toContain(`${"The nurses explained each step and ".repeat(2)}made the whole visit calm... Read more`);
    await t.request(`/api/admin/testimonials/${first!.id}`, { method: "PUT", json: first, cookie });
  });
});

describe("testimonialExcerpt", () => {
  it("ends on a whole word, without the punctuation or spaces before the cut", () => {
    const words = "word ".repeat(30).trim();
    expect(testimonialExcerpt(words).text).toBe(`${"word ".repeat(19)}word...`);
    // A word that ends exactly at the 100th character stays; a comma after it goes.
    const exact = `${"a".repeat(94)} words, and more`;
    expect(testimonialExcerpt(exact).text).toBe(`${"a".repeat(94)} words...`);
    // "didn't" is one word: never cut at its apostrophe.
    expect(testimonialExcerpt(`${"x".repeat(95)} didn't help at all`).text).toBe(`${"x".repeat(95)}...`);
    // One word longer than 100 characters: cut where the 100 end.
    expect(testimonialExcerpt("y".repeat(150)).text).toBe(`${"y".repeat(100)}...`);
    expect(testimonialExcerpt("Short and sweet.")).toEqual({ text: "Short and sweet.", truncated: false });
  });
});

describe("the migration that added these fields", () => {
  it("records the testimonials already there as the patient's, consented, received the clinic's day they were added, nothing in return", async () => {
    // As on a database from before the migration: the columns are not there yet, a testimonial is.
    for (const column of ["received_at", "source", "consent_to_publish", "incentive"]) {
      await t.deps.db.execute(sql.raw(`ALTER TABLE "testimonials" DROP COLUMN "${column}"`));
    }
    // 05:00 UTC on March 10, 2024 is still March 9 in Utah.
    await t.deps.db.execute(
      sql.raw(
        `INSERT INTO "testimonials" ("name", "service", "content", "rating", "created_at") VALUES ('Old One', 'Ozone Therapy', 'From before.', 5, '2024-03-10T05:00:00Z')`,
      ),
    );
    const [{ id }] = (await t.deps.db.select({ id: testimonials.id }).from(testimonials).where(eq(testimonials.name, "Old One"))) as [
      { id: number },
    ];
    const file = readdirSync(MIGRATIONS_DIR).find((name) => name.endsWith("_testimonial_sources.sql"))!;
    const migration = readFileSync(path.join(MIGRATIONS_DIR, file), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await t.deps.db.execute(sql.raw(statement));
    const [row] = await t.deps.db.select().from(testimonials).where(eq(testimonials.id, id));
    expect(row).toMatchObject({ receivedAt: "2024-03-09", source: "patient", consentToPublish: true, incentive: null });
  });
});
