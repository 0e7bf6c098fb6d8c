import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CLINIC } from "../src/shared/clinic";
import { legalDateLine } from "../src/client/public/components/LegalText";
import { LEGAL_KINDS, LEGAL_TEXTS } from "../src/shared/legal";
import { adminActivityLog, legalTextVersions } from "../src/server/db/schema";
import { seedLegalTextsFor } from "../src/server/legal/seed-texts";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The legal texts (issue 22): seeded consistent, one current version each, shown at their own pages
 * (in the sitemap) and read by the dialogs; super admins alone publish a new version, which the site
 * shows from then on and new inquiries' receipts name.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ web: true });
});
afterAll(async () => {
  await t.close();
});

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const DATE_PATTERN = /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/g;

describe("the seeded texts", () => {
  it("agree with each other: Utah law, no Oregon, and no date of their own besides the one effective date", async () => {
    const seeded = seedLegalTextsFor(DEFAULT_CLINIC);
    for (const kind of LEGAL_KINDS) {
      const { html, effectiveDate } = seeded[kind];
      expect(html, kind).not.toMatch(/Oregon/i);
      // The date line is the version's effective date, shown above the text; the text names no other date.
      expect(html.match(DATE_PATTERN) ?? [], kind).toEqual([]);
      expect(effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(seeded.terms.html).toContain("governed by the laws of the State of Utah");
    expect(seeded.privacy.effectiveDate).toBe("2025-05-22");
    expect(seeded.terms.effectiveDate).toBe("2025-05-21");
  });

  it("are version 1 of each text in the database, with the SHA-256 of their HTML", async () => {
    for (const kind of LEGAL_KINDS) {
      const res = await t.request(`/api/legal/${kind}`);
      expect(res.status).toBe(200);
      const text = await res.json();
      expect(text).toMatchObject({ kind, version: 1, publishedBy: null });
      expect(text.sha256).toBe(sha(text.html));
    }
  });
});

describe("the public pages", () => {
  it("answer 200 with the current text and its one date, with a canonical address, and are in the sitemap", async () => {
    const sitemap = await (await t.request("/sitemap.xml")).text();
    for (const kind of LEGAL_KINDS) {
      const { path, title } = LEGAL_TEXTS[kind];
      const current = await (await t.request(`/api/legal/${kind}`)).json();
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).toContain(legalDateLine(current.effectiveDate));
      // A sentence of the text itself, as stored.
      const sentence = /<p>([^<]{40,})<\/p>/.exec(current.html)![1]!;
      expect(html).toContain(sentence);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path}"`));
      expect(html).toContain('property="og:title"');
      expect(sitemap).toContain(`${path}</loc>`);
    }
  });
});

describe("publishing", () => {
  it("is for super admins only: a plain admin gets 403 over REST and tRPC, and nothing changes", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const before = await (await t.request("/api/legal/terms")).json();
    const input = { effectiveDate: "2026-01-01", html: "<p>Plain admins cannot write this.</p>" };
    expect((await t.request("/api/admin/legal/terms", { json: input, cookie })).status).toBe(403);
    expect((await t.request("/api/admin/legal/terms/versions", { cookie })).status).toBe(403);
    expect((await t.request("/trpc/legal.publish", { json: { json: { kind: "terms", ...input } }, cookie })).status).toBe(403);
    expect(
      (await t.request(`/trpc/legal.versions?input=${encodeURIComponent(JSON.stringify({ json: { kind: "terms" } }))}`, { cookie })).status,
    ).toBe(403);
    expect(await (await t.request("/api/legal/terms")).json()).toEqual(before);
  });

  it("makes a new version the site shows, the receipts name and the activity log records; the HTML is cleaned", async () => {
    const chief = await t.createAdmin({ role: "super_admin" });
    const cookie = await t.cookieFor(chief);
    const before = await (await t.request("/api/legal/terms")).json();
    const res = await t.request("/api/admin/legal/terms", {
      json: { effectiveDate: "2026-02-01", html: "<h2>1. Introduction</h2><p>New terms, under Utah law.</p><script>alert(1)</script>" },
      cookie,
    });
    expect(res.status).toBe(200);
    const published = await res.json();
    expect(published).toMatchObject({
      kind: "terms",
      version: before.version + 1,
      effectiveDate: "2026-02-01",
      publishedBy: chief.username,
    });
    expect(published.html).toBe("<h2>1. Introduction</h2><p>New terms, under Utah law.</p>");
    expect(published.sha256).toBe(sha(published.html));

    // The site shows it now: the API, the page.
    expect(await (await t.request("/api/legal/terms")).json()).toEqual(published);
    const page = await (await t.request("/terms")).text();
    expect(page).toContain("New terms, under Utah law.");
    expect(page).toContain("Effective date: February 1, 2026");

    // Every version is kept, newest first.
    const versions = await (await t.request("/api/admin/legal/terms/versions", { cookie })).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([
      published.version,
      ...Array.from({ length: before.version }, (_, i) => before.version - i),
    ]);

    // A new inquiry's receipt names it.
    const sent = await t.request("/api/contact", {
      json: {
        name: "Terms Reader",
        email: "terms.reader@example.com",
        phone: "801-555-0101",
        servicesInterested: ["Ozone Therapy"],
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: t.formToken(),
      },
      ip: "192.0.2.160",
    });
    expect(sent.status).toBe(201);
    const inquiry = await (await t.request(`/api/admin/contact/${(await sent.json()).id}`, { cookie })).json();
    expect(inquiry.consentReceipt.documents.termsAndConditions).toEqual({ version: published.label, sha256: published.sha256 });

    const [logged] = await t.deps.db
      .select()
      .from(adminActivityLog)
      .where(eq(adminActivityLog.resourceType, "legal_text"))
      .orderBy(desc(adminActivityLog.id))
      .limit(1);
    expect(logged).toMatchObject({ action: "create", username: chief.username });
    expect(JSON.stringify(logged!.details)).toContain("Terms and Conditions");
  });

  it("refuses a date that does not exist and an empty text", async () => {
    const cookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
    expect((await t.request("/api/admin/legal/privacy", { json: { effectiveDate: "2026-02-30", html: "<p>x</p>" }, cookie })).status).toBe(
      400,
    );
    expect(
      (await t.request("/api/admin/legal/privacy", { json: { effectiveDate: "2026-02-03", html: "<script>only</script>" }, cookie }))
        .status,
    ).toBe(400);
  });
});

describe("cleaned on the way out (issue 34)", () => {
  it("HTML written into the table some other way than publishing reaches no answer and no page uncleaned; every seeded text keeps its hash", async () => {
    for (const language of ["en", "es", "zh"]) {
      for (const kind of LEGAL_KINDS) {
        const text = await (await t.request(`/api/legal/${kind}?lang=${language}`)).json();
        expect(text.sha256, `${kind} ${language}`).toBe(sha(text.html));
      }
    }
    const [row] = await t.deps.db
      .insert(legalTextVersions)
      .values({
        kind: "terms",
        language: "en",
        version: 99,
        effectiveDate: "2026-01-01",
        html: '<p>Terms<script>alert(1)</script><img src="https://tracker.example/p.gif" onerror="alert(2)"></p>',
        sha256: "0".repeat(64),
      })
      .returning();
    // What the server cached before the hand edit is emptied, as a staff change would empty it.
    t.deps.publicCache.clear();
    try {
      const answer = await (await t.request("/api/legal/terms")).json();
      expect(answer.version).toBe(99);
      expect(answer.html).not.toMatch(/script|onerror|tracker\.example/);
      const page = await (await t.request(LEGAL_TEXTS.terms.path)).text();
      expect(page).toContain("Terms");
      expect(page).not.toMatch(/<script>alert|onerror=|tracker\.example/);
    } finally {
      await t.deps.db
        .delete(legalTextVersions)
        .where(eq(legalTextVersions.id, row!.id))
        .catch(() => undefined);
      t.deps.publicCache.clear();
    }
  });
});
