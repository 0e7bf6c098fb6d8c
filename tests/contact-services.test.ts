import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The inquiry form's service choices are data (issue 22 item 3): the services staff mark "Offered on
 * the contact form" (a new service is, unless they take it off: issue 36), then General Consultation;
 * Book This Service adds its service for that visit where the form does not offer it. The server
 * refuses a name that is no choice and no service at its field, and an inquiry keeps the names it was
 * sent with when a service is renamed. Service pages are built from
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

  it("refuses a made-up service name at the field, saving nothing", async () => {
    const before = await inquiryCount();
    for (const name of ["Time Travel Therapy", "PRP", "ozone therapy"]) {
      const res = await send(["Ozone Therapy", name]);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      const message = `"${name}" is not one of the services we offer on this form. Please choose from the list.`;
      expect(body.message).toBe(message);
      expect(body.fieldErrors.servicesInterested).toEqual([message]);
    }
    expect(await inquiryCount()).toBe(before);
  });

  it("accepts a published service the form does not offer (Book This Service adds it for that visit), and the inquiry keeps it", async () => {
    expect(await choices()).not.toContain("Platelet-Rich Plasma (PRP) Therapy");
    const sent = await send(["Platelet-Rich Plasma (PRP) Therapy"], "198.51.100.24");
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { id } = await sent.json();
    const opened = await (await t.request(`/api/admin/contact/${id}`, { cookie })).json();
    expect(opened.servicesInterested).toEqual(["Platelet-Rich Plasma (PRP) Therapy"]);
    // The links every page reads give each service the name the form sends for it, in every language.
    const links = await (await t.request("/api/service-links?lang=es")).json();
    expect(links.services.find((service: { slug: string }) => service.slug === "prp-therapy")).toMatchObject({
      title: "Terapia con plasma rico en plaquetas (PRP)",
      contactChoice: "Platelet-Rich Plasma (PRP) Therapy",
      offeredOnContactForm: false,
    });
  });

  it("a service staff create is offered on the form unless they take it off", async () => {
    const plain = await createService({ title: "Red Light Therapy", slug: "red-light-therapy" });
    expect(plain.offeredOnContactForm).toBe(true);
    const off = await createService({ title: "Dry Needling", slug: "dry-needling", offeredOnContactForm: false });
    expect(off.offeredOnContactForm).toBe(false);
    const now = await choices();
    expect(now).toContain("Red Light Therapy");
    expect(now).not.toContain("Dry Needling");
    expect(now.at(-1)).toBe("General Consultation");
    for (const service of [plain, off]) await t.request(`/api/admin/services/${service.id}`, { method: "DELETE", cookie });
  });

  it("offers a service staff mark offered (in the site's order, before General Consultation), and stops when they unmark it", async () => {
    const service = await createService({ title: "Cupping Therapy", slug: "cupping-therapy", offeredOnContactForm: true });
    expect(service.offeredOnContactForm).toBe(true);
    expect(await choices()).toEqual(["Utah Stem Cell Therapy", "Ozone Therapy", "Cupping Therapy", "General Consultation"]);
    expect((await send(["Cupping Therapy"], "198.51.100.21")).status).toBe(201);

    await updateService(service.id, { offeredOnContactForm: false });
    expect(await choices()).not.toContain("Cupping Therapy");
    // Still a service with a page: its Book This Service may send it.
    expect((await send(["Cupping Therapy"], "198.51.100.21")).status).toBe(201);
    // An edit that does not mention it keeps it as it is.
    await updateService(service.id, { offeredOnContactForm: true });
    await updateService(service.id, { shortDescription: "Shorter" });
    expect(await choices()).toContain("Cupping Therapy");
    // Removed: no longer a name an inquiry may be sent with.
    expect((await t.request(`/api/admin/services/${service.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await send(["Cupping Therapy"], "198.51.100.21")).status).toBe(400);
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

  it("Book This Service: /contact?service=<slug> renders the form with that service chosen, as an extra choice where not offered", async () => {
    const boxes = async (path: string) => {
      const html = await (await t.request(path)).text();
      return [
        ...html.matchAll(/<label [^>]*class="choice"[^>]*><input[^>]*name="servicesInterested"[^>]*>(?:<!-- -->)?<span>([^<]*)<\/span>/g),
      ].map((m) => ({
        value: /value="([^"]*)"/.exec(m[0])?.[1],
        label: m[1],
        checked: / checked(=""|[\s/>])/.test(m[0]),
      }));
    };
    const checked = async (path: string) => (await boxes(path)).filter((box) => box.checked).map((box) => box.value);
    const values = async (path: string) => (await boxes(path)).map((box) => box.value);
    const plain = ["Utah Stem Cell Therapy", "Ozone Therapy", "General Consultation"];
    expect(await values("/contact")).toEqual(plain);
    expect(await checked("/contact?service=ozone-therapy")).toEqual(["Ozone Therapy"]);
    expect(await values("/contact?service=ozone-therapy")).toEqual(plain);
    expect(await checked("/contact")).toEqual([]);
    // Not offered on the form: added for that visit, ticked, before General Consultation.
    expect(await checked("/contact?service=iv-nutrient-therapy")).toEqual(["IV Nutrient Therapy"]);
    expect(await values("/contact?service=iv-nutrient-therapy")).toEqual([
      "Utah Stem Cell Therapy",
      "Ozone Therapy",
      "IV Nutrient Therapy",
      "General Consultation",
    ]);
    expect(await values("/contact?service=no-such-service")).toEqual(plain);
    expect(await checked("/contact?service=no-such-service")).toEqual([]);
    // In Spanish and Chinese: shown in the page's language, sent with the English name.
    expect((await boxes("/es/contact?service=prp-therapy")).find((box) => box.checked)).toEqual({
      value: "Platelet-Rich Plasma (PRP) Therapy",
      label: "Terapia con plasma rico en plaquetas (PRP)",
      checked: true,
    });
    expect((await boxes("/zh/contact?service=prp-therapy")).find((box) => box.checked)).toEqual({
      value: "Platelet-Rich Plasma (PRP) Therapy",
      label: "富血小板血浆（PRP）疗法",
      checked: true,
    });
    // Every service page's Book This Service chooses its service, offered or not.
    for (const slug of ["stem-cell-therapy", "ozone-therapy", "prp-therapy", "iv-nutrient-therapy"]) {
      const page = await (await t.request(`/services/${slug}`)).text();
      expect(page).toContain(`href="/contact?service=${slug}#contact-form"`);
    }
  });

  it("a plain post (without JavaScript) with the extra choice is accepted, and sent back with it when a field is wrong", async () => {
    const post = (fields: Record<string, string | string[]>, ip: string) => {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(key, item);
      return t.request("/es/contact?service=iv-nutrient-therapy", {
        method: "POST",
        body: form.toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        ip,
      });
    };
    const fields = {
      name: "Dana Ruiz",
      email: "dana.ruiz@example.com",
      phone: "801-555-0188",
      servicesInterested: "IV Nutrient Therapy",
      formToken: t.formToken(),
    };
    const refused = await post(fields, "198.51.100.25");
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const box = [...html.matchAll(/<input[^>]*name="servicesInterested"[^>]*>/g)].find((m) => m[0].includes('value="IV Nutrient Therapy"'));
    expect(box?.[0]).toMatch(/ checked(=""|[\s/>])/);
    const before = await inquiryCount();
    const sent = await post({ ...fields, privacyPolicy: "on", hipaaConsent: "on", termsAndConditions: "on" }, "198.51.100.25");
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(await inquiryCount()).toBe(before + 1);
    const [latest] = await (await t.request("/api/admin/contact?page=1", { cookie })).json();
    expect(latest.servicesInterested).toEqual(["IV Nutrient Therapy"]);
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
