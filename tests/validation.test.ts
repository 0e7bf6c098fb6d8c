import { ROLE_MESSAGES } from "../src/shared/permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INPUT_MESSAGES } from "../src/shared/storable-text";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Every validation message of the spec's forms comes back in a 400 for the input that breaks it
 * (as `message` when it is the first failing field, and under its field in `fieldErrors`), and the
 * rejected request changes nothing.
 */
let t: TestApp;
let cookie: string;
let superCookie: string;
let targetUserId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin());
  superCookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
  targetUserId = (await t.createAdmin()).id;
});
afterAll(() => t.close());

type Case = { name: string; field: string; patch: Record<string, unknown>; message: string };

async function expect400(
  path: string,
  init: { method?: string; json?: unknown; form?: FormData },
  field: string,
  message: string,
  c = cookie,
) {
  const res = await t.request(path, { ...init, cookie: c });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.message).toBe(message);
  expect(body.fieldErrors?.[field]).toContain(message);
}

function toForm(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.set(key, String(value));
  return form;
}

const listLength = async (path: string, c = cookie) => (await (await t.request(path, { cookie: c })).json()).length;

describe("contact form (public-site.md section 5)", () => {
  const valid = {
    name: "Avery Stone",
    email: "avery@example.com",
    phone: "801-555-0133",
    servicesInterested: ["General Consultation"],
    healthConditions: "",
    availabilityDays: [],
    availabilityTimes: [],
    optInTexting: false,
    privacyPolicy: true,
    hipaaConsent: true,
    termsAndConditions: true,
  };
  const cases: Case[] = [
    { name: "one-letter name", field: "name", patch: { name: "A" }, message: "Name must be at least 2 characters." },
    { name: "blank name", field: "name", patch: { name: "   " }, message: "Name must be at least 2 characters." },
    { name: "bad email", field: "email", patch: { email: "not-an-email" }, message: "Please enter a valid email address." },
    { name: "missing phone", field: "phone", patch: { phone: "" }, message: "Mobile phone number is required." },
    {
      name: "no service",
      field: "servicesInterested",
      patch: { servicesInterested: [] },
      message: "Please select at least one service you are interested in.",
    },
    {
      name: "long health conditions",
      field: "healthConditions",
      patch: { healthConditions: "x".repeat(201) },
      message: "Health conditions must be 200 characters or less.",
    },
    {
      name: "privacy not agreed",
      field: "privacyPolicy",
      patch: { privacyPolicy: false },
      message: "You must agree to our Privacy Policy to continue.",
    },
    {
      name: "HIPAA not consented",
      field: "hipaaConsent",
      patch: { hipaaConsent: false },
      message: "You must consent to the HIPAA Authorization to continue.",
    },
    {
      name: "terms not agreed",
      field: "termsAndConditions",
      patch: { termsAndConditions: false },
      message: "You must agree to our Terms and Conditions to continue.",
    },
  ];
  for (const c of cases) {
    it(`refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/contact");
      await expect400("/api/contact", { json: { ...valid, ...c.patch } }, c.field, c.message);
      expect(await listLength("/api/admin/contact")).toBe(before);
    });
  }
  it("accepts exactly 200 characters of health conditions and an omitted optional field", async () => {
    const res = await t.request("/api/contact", { json: { ...valid, healthConditions: "x".repeat(200), availabilityDays: undefined } });
    expect(res.status).toBe(201);
  });
});

describe("service form (multipart)", () => {
  const valid = { title: "Cupping", shortDescription: "Short", description: "Long", imageAlt: "Cups", slug: "cupping" };
  const cases: Case[] = [
    { name: "missing title", field: "title", patch: { title: "" }, message: "Title is required" },
    {
      name: "missing short description",
      field: "shortDescription",
      patch: { shortDescription: " " },
      message: "Short description is required",
    },
    { name: "missing description", field: "description", patch: { description: "" }, message: "Description is required" },
    { name: "missing image alt text", field: "imageAlt", patch: { imageAlt: "" }, message: "Image alt text is required" },
    { name: "missing slug", field: "slug", patch: { slug: "" }, message: "URL slug is required" },
    {
      name: "slug with capitals and spaces",
      field: "slug",
      patch: { slug: "Bad Slug" },
      message: "Slug must contain only lowercase letters, numbers, and hyphens",
    },
  ];
  for (const c of cases) {
    it(`refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/services");
      await expect400("/api/admin/services", { form: toForm({ ...valid, ...c.patch }) }, c.field, c.message);
      expect(await listLength("/api/admin/services")).toBe(before);
    });
  }
  it("checks an update the same way", async () => {
    const [first] = await (await t.request("/api/admin/services", { cookie })).json();
    await expect400(
      `/api/admin/services/${first.id}`,
      { method: "PUT", form: toForm({ ...valid, slug: "UPPER" }) },
      "slug",
      "Slug must contain only lowercase letters, numbers, and hyphens",
    );
  });
});

describe("article form (multipart)", () => {
  const valid = { title: "Good title", slug: "good-title", summary: "Long enough summary", content: "<p>x</p>" };
  const cases: Case[] = [
    { name: "short title", field: "title", patch: { title: "Hi" }, message: "Title must be at least 3 characters long" },
    { name: "short slug", field: "slug", patch: { slug: "ab" }, message: "Slug must be at least 3 characters long" },
    {
      name: "slug with punctuation",
      field: "slug",
      patch: { slug: "bad_slug!" },
      message: "Slug can only contain lowercase letters, numbers, and hyphens",
    },
    { name: "short summary", field: "summary", patch: { summary: "too short" }, message: "Summary must be at least 10 characters long" },
    { name: "bad external URL", field: "externalUrl", patch: { externalUrl: "not a url" }, message: "Must be a valid URL" },
    {
      name: "javascript: external URL",
      field: "externalUrl",
      patch: { externalUrl: "javascript:alert(1)" },
      message: "Must be a valid URL",
    },
    { name: "bad thumbnail URL", field: "thumbnailUrl", patch: { thumbnailUrl: "nope" }, message: "Must be a valid URL" },
    { name: "too long title", field: "title", patch: { title: "x".repeat(256) }, message: "Title must be 255 characters or less" },
    {
      name: "bad publication date",
      field: "publishedAt",
      patch: { publishedAt: "yesterday-ish" },
      message: "Must be a valid date and time",
    },
  ];
  for (const c of cases) {
    it(`refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/news");
      await expect400("/api/admin/news", { form: toForm({ ...valid, ...c.patch }) }, c.field, c.message);
      expect(await listLength("/api/admin/news")).toBe(before);
    });
  }
  it("accepts empty URLs and a site path for the thumbnail", async () => {
    const res = await t.request("/api/admin/news", {
      form: toForm({ ...valid, externalUrl: "", thumbnailUrl: "/images/news/recovery-tips.svg" }),
      cookie,
    });
    expect(res.status).toBe(201);
  });
});

describe("admin user forms", () => {
  const valid = { username: "newuser", password: "long-enough", firstName: "", lastName: "", email: "", role: "admin" };
  const cases: Case[] = [
    { name: "short username", field: "username", patch: { username: "ab" }, message: "Username must be at least 3 characters" },
    { name: "short password", field: "password", patch: { password: "1234567" }, message: "Password must be at least 8 characters" },
    { name: "bad email", field: "email", patch: { email: "nope@" }, message: "Invalid email" },
    // Not a role's key at all: the spec's message; a key no role has (the spec's data default, "editor"): the roles' message (issue 24).
    { name: "role that is not a key", field: "role", patch: { role: "Super Admin" }, message: "Role must be admin or super_admin" },
    { name: "unknown role", field: "role", patch: { role: "editor" }, message: ROLE_MESSAGES.unknownRole },
  ];
  for (const c of cases) {
    it(`create refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/users", superCookie);
      await expect400("/api/admin/users", { json: { ...valid, ...c.patch } }, c.field, c.message, superCookie);
      expect(await listLength("/api/admin/users", superCookie)).toBe(before);
    });
  }
  it("edit refuses a bad email", async () => {
    await expect400(`/api/admin/users/${targetUserId}`, { method: "PUT", json: { email: "bad" } }, "email", "Invalid email", superCookie);
  });
  it("reset refuses a short password", async () => {
    await expect400(
      `/api/admin/users/${targetUserId}/reset-password`,
      { json: { newPassword: "short" } },
      "newPassword",
      "Password must be at least 8 characters",
      superCookie,
    );
  });
  it("sign-in refuses blank username and password", async () => {
    await expect400("/api/admin/login", { json: { username: " ", password: "x" } }, "username", "Username is required");
    await expect400("/api/admin/login", { json: { username: "someone", password: "" } }, "password", "Password is required");
  });
});

describe("testimonial rules, in order", () => {
  const valid = {
    name: "Sam",
    content: "Lovely",
    service: "Ozone Therapy",
    rating: 5,
    isVisible: true,
    receivedAt: "2024-10-21",
    source: "patient",
    consentToPublish: true,
  };
  const cases: Case[] = [
    { name: "blank name (first of several)", field: "name", patch: { name: "  ", content: "", service: "" }, message: "Name is required" },
    { name: "blank content", field: "content", patch: { content: " ", service: "" }, message: "Content is required" },
    { name: "blank service", field: "service", patch: { service: "" }, message: "Service is required" },
    { name: "rating 0", field: "rating", patch: { rating: 0 }, message: "Rating must be between 1 and 5" },
    { name: "rating 6", field: "rating", patch: { rating: 6 }, message: "Rating must be between 1 and 5" },
    { name: "rating 4.5", field: "rating", patch: { rating: 4.5 }, message: "Rating must be between 1 and 5" },
    // Where it came from (the FTC's 2024 rule on reviews; docs/decisions/0049-testimonial-sources.md).
    // Left out, it is today (tests/testimonial-sources.test.ts); sent blank, it is refused.
    { name: "blank date received", field: "receivedAt", patch: { receivedAt: " " }, message: "Date received is required" },
    {
      name: "date received that is no day",
      field: "receivedAt",
      patch: { receivedAt: "2024-02-30" },
      message: "Date received must be a date (YYYY-MM-DD) from 1970 to 9999",
    },
    {
      name: "date received with a time",
      field: "receivedAt",
      patch: { receivedAt: "2024-10-21T10:00:00Z" },
      message: "Date received must be a date (YYYY-MM-DD) from 1970 to 9999",
    },
    { name: "blank source", field: "source", patch: { source: " " }, message: "Source is required" },
    {
      name: "source over 120 characters",
      field: "source",
      patch: { source: "x".repeat(121) },
      message: "Source must be 120 characters or less",
    },
    {
      name: "visible testimonial without consent",
      field: "consentToPublish",
      patch: { consentToPublish: false },
      message: "A testimonial can be visible on the website only when the patient agreed to its publication",
    },
    {
      name: "visible testimonial with consent left out",
      field: "consentToPublish",
      patch: { consentToPublish: undefined },
      message: "A testimonial can be visible on the website only when the patient agreed to its publication",
    },
  ];
  for (const c of cases) {
    it(`refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/testimonials");
      await expect400("/api/admin/testimonials", { json: { ...valid, ...c.patch } }, c.field, c.message);
      expect(await listLength("/api/admin/testimonials")).toBe(before);
    });
  }
});

describe("team member rules, in order", () => {
  const valid = { name: "Kai", role: "Nurse", bio: "Kind", imageUrl: "/images/team/sofia-tran.svg" };
  const cases: Case[] = [
    { name: "blank name (first of several)", field: "name", patch: { name: "", role: "", bio: "" }, message: "Name is required" },
    { name: "blank role", field: "role", patch: { role: " ", bio: "" }, message: "Role is required" },
    { name: "blank bio", field: "bio", patch: { bio: "", imageUrl: "" }, message: "Bio is required" },
    { name: "missing image", field: "imageUrl", patch: { imageUrl: "" }, message: "Image is required" },
  ];
  for (const c of cases) {
    it(`refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/team");
      await expect400("/api/admin/team", { json: { ...valid, ...c.patch } }, c.field, c.message);
      expect(await listLength("/api/admin/team")).toBe(before);
    });
  }
});

describe("content form", () => {
  const valid = { page: "home", section: "extra", key: "k", content: "c", contentType: "text", isVisible: true };
  const cases: Case[] = [
    { name: "missing page", field: "page", patch: { page: "" }, message: "Page is required" },
    { name: "missing section", field: "section", patch: { section: "" }, message: "Section is required" },
    { name: "missing key", field: "key", patch: { key: "" }, message: "Key is required" },
    { name: "missing content", field: "content", patch: { content: "" }, message: "Content is required" },
    {
      name: "unknown content type",
      field: "contentType",
      patch: { contentType: "pdf" },
      message: "Content type must be text, html, markdown or url",
    },
  ];
  for (const c of cases) {
    it(`refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/content");
      await expect400("/api/admin/content", { json: { ...valid, ...c.patch } }, c.field, c.message);
      expect(await listLength("/api/admin/content")).toBe(before);
    });
  }
});

describe("social link rules", () => {
  const valid = { platform: "x", displayName: "X", url: "https://x.com/clinic", iconClass: "", isVisible: true, sortOrder: 0 };
  const cases: Case[] = [
    { name: "missing platform", field: "platform", patch: { platform: "" }, message: "Platform is required" },
    { name: "missing display name", field: "displayName", patch: { displayName: "" }, message: "Display name is required" },
    { name: "missing URL", field: "url", patch: { url: "" }, message: "URL is required" },
    { name: "URL that is not one", field: "url", patch: { url: "clinic page" }, message: "Must be a valid URL" },
    { name: "non-numeric sort order", field: "sortOrder", patch: { sortOrder: "first" }, message: "Sort order must be a whole number" },
  ];
  for (const c of cases) {
    it(`refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/social-media");
      await expect400("/api/admin/social-media", { json: { ...valid, ...c.patch } }, c.field, c.message);
      expect(await listLength("/api/admin/social-media")).toBe(before);
    });
  }
});

describe("image edit form", () => {
  it("refuses a width that is not a number", async () => {
    const [image] = await (await t.request("/api/admin/images", { cookie })).json();
    await expect400(
      `/api/admin/images/${image.id}`,
      { method: "PUT", form: toForm({ altText: "a", width: "wide" }) },
      "width",
      "Width must be a number",
    );
    const [after] = await (await t.request("/api/admin/images", { cookie })).json();
    expect(after.altText).toBe(image.altText);
  });
});

describe("text the database can store (one rule for every field)", () => {
  const inquiry = {
    name: "Avery Stone",
    email: "avery@example.com",
    phone: "801-555-0133",
    servicesInterested: ["General Consultation"],
    privacyPolicy: true,
    hipaaConsent: true,
    termsAndConditions: true,
  };
  it("refuses a NUL character or an unpaired surrogate with a 400 naming the field, and saves nothing", async () => {
    const before = await listLength("/api/admin/contact", superCookie);
    for (const [field, value] of [
      ["name", "Avery\u0000Stone"],
      ["phone", "801\ud800"],
      ["healthConditions", "knee \udc00"],
    ] as const) {
      await expect400("/api/contact", { json: { ...inquiry, [field]: value } }, field, INPUT_MESSAGES.unstorableText);
    }
    await expect400(
      "/api/contact",
      { json: { ...inquiry, servicesInterested: ["Ozone Therapy\u0000"] } },
      "servicesInterested.0",
      INPUT_MESSAGES.unstorableText,
    );
    expect(await listLength("/api/admin/contact", superCookie)).toBe(before);
  });
  it("accepts text with characters outside the basic plane (a surrogate pair is not unpaired)", async () => {
    const res = await t.request("/api/contact", {
      json: { ...inquiry, name: "Avery 😀 Stone", healthConditions: "𝄞 ok" },
      ip: "192.0.2.77",
    });
    expect(res.status).toBe(201);
  });
  it("refuses input nested too deeply", async () => {
    let nested: unknown = "x";
    for (let i = 0; i < 40; i++) nested = [nested];
    const res = await t.request("/api/contact", { json: { ...inquiry, availabilityDays: nested } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(INPUT_MESSAGES.tooDeep);
  });
});

describe("publication dates from 1970 to 9999", () => {
  const article = () => ({ title: "Dated article", slug: `dated-${Math.random().toString(36).slice(2, 8)}`, summary: "A summary of ten." });
  it("refuses year 0, year 275760 and 1969 with the range message, and text that is no ISO date", async () => {
    for (const publishedAt of ["0000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "1969-12-31T23:59:59.000Z"]) {
      await expect400(
        "/api/admin/news",
        { json: { ...article(), publishedAt } },
        "publishedAt",
        "Publication date must be between 1970 and 9999",
      );
    }
    for (const publishedAt of ["12345", "1", "May 5"]) {
      await expect400("/api/admin/news", { form: toForm({ ...article(), publishedAt }) }, "publishedAt", "Must be a valid date and time");
    }
  });
  it("accepts the first and the last moment of the range", async () => {
    for (const publishedAt of ["1970-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z"]) {
      const res = await t.request("/api/admin/news", { json: { ...article(), publishedAt, isPublished: true }, cookie });
      expect(res.status, publishedAt).toBe(201);
      expect((await res.json()).publishedAt).toBe(publishedAt);
    }
  });
});

describe("ids and types, strictly", () => {
  const link = { platform: "linkedin", displayName: "LinkedIn", url: "https://www.linkedin.com/company/x" };
  it("a REST path id that is not a plain positive decimal is an unknown record: nothing is deleted", async () => {
    const created = await (await t.request("/api/admin/social-media", { json: link, cookie })).json();
    const id: number = created.id;
    for (const odd of [`0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `${id}.0`, `+${id}`, `0${id}`, `${id}%00`]) {
      const res = await t.request(`/api/admin/social-media/${odd}`, { method: "DELETE", cookie });
      expect(res.status, odd).toBe(404);
    }
    const list = await (await t.request("/api/admin/social-media", { cookie })).json();
    expect(list.some((row: { id: number }) => row.id === id)).toBe(true);
    expect((await t.request(`/api/admin/social-media/${id}`, { method: "DELETE", cookie })).status).toBe(200);
  });
  it("a procedure refuses an id that is not a number (id: true used to update record 1)", async () => {
    const caller = await t.callerFor({ id: targetUserId });
    for (const id of [true, "1", 1.5, 0, 2 ** 31] as unknown[]) {
      await expect(caller.socialMedia.update({ ...link, id } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
  });
  it('JSON booleans and numbers must be typed: rating true or "5", isVisible "true" are refused', async () => {
    const testimonial = {
      name: "Typed",
      service: "Ozone Therapy",
      content: "Fine.",
      rating: 5,
      receivedAt: "2024-10-21",
      source: "patient",
      consentToPublish: true,
    };
    await expect400("/api/admin/testimonials", { json: { ...testimonial, rating: true } }, "rating", "Rating must be between 1 and 5");
    await expect400("/api/admin/testimonials", { json: { ...testimonial, rating: "5" } }, "rating", "Rating must be between 1 and 5");
    await expect400("/api/admin/testimonials", { json: { ...testimonial, isVisible: "true" } }, "isVisible", "Must be true or false");
    await expect400("/api/admin/social-media", { json: { ...link, sortOrder: "3" } }, "sortOrder", "Sort order must be a whole number");
    await expect400("/api/admin/social-media", { json: { ...link, sortOrder: 2 ** 31 } }, "sortOrder", "Sort order must be a whole number");
  });
  it("multipart text becomes a boolean only from true/false and a number only from a plain decimal", async () => {
    const service = await (await t.request("/api/admin/services", { cookie })).json();
    const images = await (await t.request("/api/admin/images", { cookie })).json();
    const image = images[0];
    expect(service.length).toBeGreaterThan(0);
    const ok = await t.request(`/api/admin/images/${image.id}`, {
      method: "PUT",
      form: toForm({ isVisible: "false", width: "640", height: "480" }),
      cookie,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ isVisible: false, width: 640, height: 480 });
    await expect400(
      `/api/admin/images/${image.id}`,
      { method: "PUT", form: toForm({ isVisible: "on" }) },
      "isVisible",
      "Must be true or false",
    );
    await expect400(
      `/api/admin/images/${image.id}`,
      { method: "PUT", form: toForm({ width: "0x280" }) },
      "width",
      "Width must be a number",
    );
    await expect400(
      `/api/admin/images/${image.id}`,
      { method: "PUT", form: toForm({ width: "640.0" }) },
      "width",
      "Width must be a number",
    );
    const after = (await (await t.request("/api/admin/images", { cookie })).json()).find((row: { id: number }) => row.id === image.id);
    expect(after).toMatchObject({ isVisible: false, width: 640, height: 480 });
  });
});
