import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EN } from "../src/client/public/catalogue/en";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Draft services (issue 36), as draft articles: a draft is on no public read or page (the list, the home
 * page, the footer's links, the sitemap, the inquiry form's choices, the structured data), its address is
 * the 404 for visitors, and signed-in staff see it there under the preview banner, never cached. Putting
 * one live is publishing: the "publish" permission's, as an article's.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  staff = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

const TITLE = "Cryotherapy Draft";
const SLUG = "cryotherapy-draft";

async function save(method: "POST" | "PUT", url: string, fields: Record<string, unknown>, cookie = staff) {
  return t.request(url, {
    method,
    json: { title: TITLE, slug: SLUG, shortDescription: "Cold, briefly.", description: "Cold air.", imageAlt: "A chamber", ...fields },
    cookie,
  });
}

/** Everything visitors could find a service by: reads, pages, the sitemap, the form. */
async function publicTraces(): Promise<string[]> {
  const found: string[] = [];
  const has = (where: string, text: string) => {
    if (text.includes(SLUG) || text.includes(TITLE)) found.push(where);
  };
  for (const url of [
    "/api/services",
    "/api/services?lang=es",
    "/api/service-links",
    "/api/service-links?lang=zh",
    "/sitemap.xml",
    "/",
    "/services",
    "/es/services",
    "/contact",
    "/zh/contact",
  ]) {
    has(url, await (await t.request(url)).text());
  }
  return found;
}

describe("a draft service", () => {
  let id: number;

  it("is on no public read, page, sitemap or form, while staff list it as a draft", async () => {
    const res = await save("POST", "/api/admin/services", { isPublished: false, offeredOnContactForm: true });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.isPublished).toBe(false);
    id = body.id;

    expect(await publicTraces()).toEqual([]);
    const staffList = await (await t.request("/api/admin/services", { cookie: staff })).json();
    expect(staffList.find((s: { id: number }) => s.id === id)).toMatchObject({ slug: SLUG, isPublished: false });
    expect((await t.request(`/api/services/${SLUG}`)).status).toBe(404);

    // The form refuses it as a choice, as any service it does not offer.
    const inquiry = await t.request("/api/contact", {
      json: {
        name: "Avery Stone",
        email: "avery@example.com",
        phone: "801-555-0133",
        servicesInterested: [TITLE],
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: t.formToken(),
      },
    });
    expect(inquiry.status).toBe(400);
  });

  it("answers the not-found page to visitors, and a preview under the banner to staff, never cached", async () => {
    for (const path of [`/services/${SLUG}`, `/es/services/${SLUG}`]) {
      const visitor = await t.request(path);
      expect(visitor.status, path).toBe(404);
      expect(await visitor.text()).not.toContain(TITLE);

      const preview = await t.request(path, { cookie: staff });
      expect(preview.status, path).toBe(200);
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
      expect(preview.headers.get("x-robots-tag")).toBe("noindex");
      const html = await preview.text();
      expect(html).toContain(TITLE);
      expect(html).toContain('data-testid="preview-banner"');

      expect((await t.request(path)).status, `${path} after a preview`).toBe(404);
    }
    const english = await (await t.request(`/services/${SLUG}`, { cookie: staff })).text();
    expect(english).toContain(EN.TH.services.previewBanner);
    // Staff who may not edit services get the visitor's page.
    const desk = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
    expect((await t.request(`/services/${SLUG}`, { cookie: desk })).status).toBe(404);
  });

  it("once published, is everywhere; a draft again, gone again", async () => {
    expect((await save("PUT", `/api/admin/services/${id}`, { isPublished: true })).status).toBe(200);
    expect(await publicTraces()).toEqual([
      "/api/services",
      "/api/services?lang=es",
      "/api/service-links",
      "/api/service-links?lang=zh",
      "/sitemap.xml",
      "/",
      "/services",
      "/es/services",
      "/contact",
      "/zh/contact",
    ]);
    const page = await t.request(`/services/${SLUG}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('data-testid="preview-banner"');

    // An edit without isPublished keeps it; false takes it down at once.
    expect((await save("PUT", `/api/admin/services/${id}`, { description: "Colder air." })).status).toBe(200);
    expect((await t.request(`/services/${SLUG}`)).status).toBe(200);
    expect((await save("PUT", `/api/admin/services/${id}`, { isPublished: false })).status).toBe(200);
    expect(await publicTraces()).toEqual([]);
    expect((await t.request(`/services/${SLUG}`)).status).toBe(404);
  });

  it("a new service without isPublished is published (as before drafts); putting one live needs the publish permission", async () => {
    const res = await save("POST", "/api/admin/services", { slug: `${SLUG}-2`, title: "Cryotherapy Two" });
    expect(res.status).toBe(201);
    expect((await res.json()).isPublished).toBe(true);
    expect((await t.request(`/services/${SLUG}-2`)).status).toBe(200);

    // A role that edits services but may not publish (a custom role): a draft is fine, live is refused.
    const owner = await t.createAdmin({ role: "super_admin" });
    const ownerCookie = await t.cookieFor(owner);
    const role = await t.request("/api/admin/roles", {
      json: { name: `Writers ${Date.now()}`, permissions: ["services.edit"] },
      cookie: ownerCookie,
    });
    const roleBody = await role.json();
    expect(role.status, JSON.stringify(roleBody)).toBe(201);
    const writer = await t.cookieFor(await t.createAdmin({ role: roleBody.key }));
    const live = await save("POST", "/api/admin/services", { slug: `${SLUG}-3`, isPublished: true }, writer);
    expect(live.status).toBe(403);
    const draft = await save("POST", "/api/admin/services", { slug: `${SLUG}-3`, isPublished: false }, writer);
    expect(draft.status).toBe(201);
    expect((await t.request(`/services/${SLUG}-3`)).status).toBe(404);
  });
});
