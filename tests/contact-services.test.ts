import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The inquiry form's service choices are data (issue 22 item 3): the services staff mark "Offered on
 * the contact form", then General Consultation. The server refuses any other name at its field, and
 * an inquiry keeps the names it was sent with when a service is renamed. Service pages are built from
 * sections staff edit (item 4): stored, versioned and restored with the service, rendered by the server
 * (with FAQPage structured data for an FAQ). On the embedded database, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

const inquiry = (servicesInterested: string[]) => ({
  name: "Avery Stone",
  email: "avery@example.com",
  phone: "801-555-0133",
  servicesInterested,
  privacyPolicy: true,
  hipaaConsent: true,
  termsAndConditions: true,
  formToken: t.formToken(),
});

const send = (servicesInterested: string[], ip = "198.51.100.20") => t.request("/api/contact", { json: inquiry(servicesInterested), ip });
const choices = async (): Promise<string[]> => (await (await t.request("/api/service-links")).json()).contactChoices;
const inquiryCount = async () => Number((await t.request("/api/admin/contact?page=1", { cookie })).headers.get("X-Total-Count"));

async function createService(fields: Record<string, unknown>) {
  const res = await t.request("/api/admin/services", {
    json: { shortDescription: "Short", description: "Long", imageAlt: "A picture", ...fields },
    cookie,
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body as { id: number; slug: string; title: string; sections: unknown[]; offeredOnContactForm: boolean };
}

async function updateService(id: number, fields: Record<string, unknown>) {
  const current = await (await t.request(`/api/admin/services/${id}`, { cookie })).json();
  const { title, slug, shortDescription, description, imageAlt } = current;
  const res = await t.request(`/api/admin/services/${id}`, {
    method: "PUT",
    json: { title, slug, shortDescription, description, imageAlt, ...fields },
    cookie,
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe("the inquiry form's service choices", () => {
  it("a new site offers the spec's choices: Utah Stem Cell Therapy, Ozone Therapy, General Consultation", async () => {
    expect(await choices()).toEqual(["Utah Stem Cell Therapy", "Ozone Therapy", "General Consultation"]);
  });

  it("refuses an unknown service, and a service the form does not offer, at the field, saving nothing", async () => {
    const before = await inquiryCount();
    for (const name of ["Time Travel Therapy", "IV Nutrient Therapy"]) {
      const res = await send(["Ozone Therapy", name]);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      const message = `"${name}" is not one of the services we offer on this form. Please choose from the list.`;
      expect(body.message).toBe(message);
      expect(body.fieldErrors.servicesInterested).toEqual([message]);
    }
    expect(await inquiryCount()).toBe(before);
  });

  it("offers a service staff mark offered (in the site's order, before General Consultation), and stops when they unmark it", async () => {
    const service = await createService({ title: "Cupping Therapy", slug: "cupping-therapy", offeredOnContactForm: true });
    expect(service.offeredOnContactForm).toBe(true);
    expect(await choices()).toEqual(["Utah Stem Cell Therapy", "Ozone Therapy", "Cupping Therapy", "General Consultation"]);
    expect((await send(["Cupping Therapy"], "198.51.100.21")).status).toBe(201);

    await updateService(service.id, { offeredOnContactForm: false });
    expect(await choices()).not.toContain("Cupping Therapy");
    expect((await send(["Cupping Therapy"], "198.51.100.21")).status).toBe(400);
    // An edit that does not mention it keeps it as it is.
    await updateService(service.id, { offeredOnContactForm: true });
    await updateService(service.id, { shortDescription: "Shorter" });
    expect(await choices()).toContain("Cupping Therapy");
  });

  it("a renamed service leaves earlier inquiries' names as they were sent; the desk's filter offers both names", async () => {
    const service = await createService({ title: "Hydro Therapy", slug: "hydro-therapy", offeredOnContactForm: true });
    const sent = await send(["Hydro Therapy", "General Consultation"], "198.51.100.22");
    expect(sent.status).toBe(201);
    const { id } = await sent.json();

    await updateService(service.id, { title: "Hydrotherapy" });
    const opened = await (await t.request(`/api/admin/contact/${id}`, { cookie })).json();
    expect(opened.servicesInterested).toEqual(["Hydro Therapy", "General Consultation"]);
    // The old name is no longer a choice of the form; the new one is.
    expect((await send(["Hydro Therapy"], "198.51.100.23")).status).toBe(400);
    expect((await send(["Hydrotherapy"], "198.51.100.23")).status).toBe(201);

    const filterChoices: string[] = await (await t.request("/api/admin/contact/services", { cookie })).json();
    expect(filterChoices).toEqual(expect.arrayContaining(["Hydrotherapy", "Hydro Therapy", "General Consultation"]));
    expect(filterChoices.indexOf("Hydrotherapy")).toBeLessThan(filterChoices.indexOf("Hydro Therapy"));
    const page = await (await t.request(`/api/admin/contact?page=1&service=${encodeURIComponent("Hydro Therapy")}`, { cookie })).json();
    expect(page.map((row: { id: number }) => row.id)).toEqual([id]);

    // Removed: the inquiry still names it.
    expect((await t.request(`/api/admin/services/${service.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await (await t.request(`/api/admin/contact/${id}`, { cookie })).json()).servicesInterested).toEqual([
      "Hydro Therapy",
      "General Consultation",
    ]);
  });

  it("Book This Service: /contact?service=<slug> renders the form with that service chosen, only when the form offers it", async () => {
    const checkedBoxes = async (path: string) => {
      const html = await (await t.request(path)).text();
      return [...html.matchAll(/<input[^>]*name="servicesInterested"[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => / checked=""/.test(tag))
        .map((tag) => /value="([^"]*)"/.exec(tag)?.[1]);
    };
    expect(await checkedBoxes("/contact?service=ozone-therapy")).toEqual(["Ozone Therapy"]);
    expect(await checkedBoxes("/contact")).toEqual([]);
    expect(await checkedBoxes("/contact?service=iv-nutrient-therapy")).toEqual([]);
    expect(await checkedBoxes("/contact?service=no-such-service")).toEqual([]);
    const ozone = await (await t.request("/services/ozone-therapy")).text();
    expect(ozone).toContain('href="/contact?service=ozone-therapy#contact-form"');
  });
});

describe("service page sections", () => {
  const sections = [
    { kind: "overview", eyebrow: "", title: "About Cold Plunge", text: "First paragraph.\n\nSecond paragraph." },
    {
      kind: "benefits",
      title: "Benefits",
      items: [
        { title: "Alertness", text: "Wakes you up." },
        { title: "Recovery", text: "Soothes muscles." },
      ],
    },
    {
      kind: "steps",
      title: "How It Works",
      items: [
        { title: "Arrive", text: "Check in." },
        { title: "Plunge", text: "Three minutes." },
      ],
    },
    { kind: "faq", title: "Questions", items: [{ question: "Is it cold?", answer: "Very." }] },
    { kind: "cta", text: "Ready to try?", button: "Book a Plunge" },
  ];

  it("stores a service's sections, shows them on its page with FAQPage structured data, and refuses a malformed one", async () => {
    const service = await createService({ title: "Cold Plunge", slug: "cold-plunge", offeredOnContactForm: true, sections });
    expect(service.sections).toEqual(sections);
    const html = await (await t.request("/services/cold-plunge")).text();
    for (const text of [
      "About Cold Plunge",
      "Second paragraph.",
      "Alertness",
      "Wakes you up.",
      "How It Works",
      "Three minutes.",
      "Is it cold?",
      "Book a Plunge",
    ])
      expect(html).toContain(text);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const faq = jsonLd.find((data) => data["@type"] === "FAQPage");
    expect(faq).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Is it cold?", acceptedAnswer: { "@type": "Answer", text: "Very." } }],
    });
    // A page without an FAQ has no FAQPage.
    expect(await (await t.request("/services/ozone-therapy")).text()).not.toContain('"FAQPage"');

    const bad = await t.request(`/api/admin/services/${service.id}`, {
      method: "PUT",
      json: {
        title: "Cold Plunge",
        slug: "cold-plunge",
        shortDescription: "Short",
        description: "Long",
        imageAlt: "A picture",
        sections: [{ kind: "steps", title: "Steps", items: [{ title: "", text: "x" }] }],
      },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors["sections.0.items.0.title"]).toEqual(["Each item needs a title"]);
  });

  it("takes the sections as JSON text in a multipart save, as the portal sends them", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: "Sauna",
      slug: "sauna",
      shortDescription: "Short",
      description: "Long",
      imageAlt: "Sauna",
      offeredOnContactForm: "true",
    }))
      form.set(key, value);
    form.set("sections", JSON.stringify([{ kind: "conditions", title: "Helps With", items: ["Stiffness"] }]));
    const res = await t.request("/api/admin/services", { form, cookie });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.sections).toEqual([{ kind: "conditions", title: "Helps With", items: ["Stiffness"] }]);
    expect(body.offeredOnContactForm).toBe(true);
  });

  it("the seeded stem cell service carries the page's educational texts as its sections", async () => {
    const stemCell = await (await t.request("/api/services/stem-cell-therapy")).json();
    expect(stemCell.sections.map((section: { kind: string }) => section.kind)).toEqual([
      "overview",
      "benefits",
      "conditions",
      "steps",
      "cta",
    ]);
    expect(stemCell.sections[1].items.map((item: { title: string }) => item.title)).toEqual([
      "Anti-Aging",
      "Pain Relief",
      "Tissue Regeneration",
      "Non-Surgical Option",
    ]);
  });

  it("keeps sections in the service's versions: reordering is a change, and a restore brings the earlier order back", async () => {
    const service = await createService({ title: "Float Tank", slug: "float-tank", sections });
    const reordered = [sections[3], sections[0], sections[1], sections[2], sections[4]];
    await updateService(service.id, { sections: reordered });
    const versions = await (await t.request(`/api/admin/services/${service.id}/versions`, { cookie })).json();
    expect(versions[0].summary).toBe("Changed: Page sections");
    const restore = await t.request(`/api/admin/services/${service.id}/versions/${versions[1].version}/restore`, {
      method: "POST",
      cookie,
    });
    expect(restore.status, await restore.clone().text()).toBe(200);
    expect((await restore.json()).sections).toEqual(sections);
  });
});
