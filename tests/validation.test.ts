import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

async function expect400(path: string, init: { method?: string; json?: unknown; form?: FormData }, field: string, message: string, c = cookie) {
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
    { name: "no service", field: "servicesInterested", patch: { servicesInterested: [] }, message: "Please select at least one service you are interested in." },
    { name: "long health conditions", field: "healthConditions", patch: { healthConditions: "x".repeat(201) }, message: "Health conditions must be 200 characters or less." },
    { name: "privacy not agreed", field: "privacyPolicy", patch: { privacyPolicy: false }, message: "You must agree to our Privacy Policy to continue." },
    { name: "HIPAA not consented", field: "hipaaConsent", patch: { hipaaConsent: false }, message: "You must consent to the HIPAA Authorization to continue." },
    { name: "terms not agreed", field: "termsAndConditions", patch: { termsAndConditions: false }, message: "You must agree to our Terms and Conditions to continue." },
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
    { name: "missing short description", field: "shortDescription", patch: { shortDescription: " " }, message: "Short description is required" },
    { name: "missing description", field: "description", patch: { description: "" }, message: "Description is required" },
    { name: "missing image alt text", field: "imageAlt", patch: { imageAlt: "" }, message: "Image alt text is required" },
    { name: "missing slug", field: "slug", patch: { slug: "" }, message: "URL slug is required" },
    { name: "slug with capitals and spaces", field: "slug", patch: { slug: "Bad Slug" }, message: "Slug must contain only lowercase letters, numbers, and hyphens" },
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
    await expect400(`/api/admin/services/${first.id}`, { method: "PUT", form: toForm({ ...valid, slug: "UPPER" }) }, "slug", "Slug must contain only lowercase letters, numbers, and hyphens");
  });
});

describe("article form (multipart)", () => {
  const valid = { title: "Good title", slug: "good-title", summary: "Long enough summary", content: "<p>x</p>" };
  const cases: Case[] = [
    { name: "short title", field: "title", patch: { title: "Hi" }, message: "Title must be at least 3 characters long" },
    { name: "short slug", field: "slug", patch: { slug: "ab" }, message: "Slug must be at least 3 characters long" },
    { name: "slug with punctuation", field: "slug", patch: { slug: "bad_slug!" }, message: "Slug can only contain lowercase letters, numbers, and hyphens" },
    { name: "short summary", field: "summary", patch: { summary: "too short" }, message: "Summary must be at least 10 characters long" },
    { name: "bad external URL", field: "externalUrl", patch: { externalUrl: "not a url" }, message: "Must be a valid URL" },
    { name: "javascript: external URL", field: "externalUrl", patch: { externalUrl: "javascript:alert(1)" }, message: "Must be a valid URL" },
    { name: "bad thumbnail URL", field: "thumbnailUrl", patch: { thumbnailUrl: "nope" }, message: "Must be a valid URL" },
    { name: "too long title", field: "title", patch: { title: "x".repeat(256) }, message: "Title must be 255 characters or less" },
    { name: "bad publication date", field: "publishedAt", patch: { publishedAt: "yesterday-ish" }, message: "Must be a valid date and time" },
  ];
  for (const c of cases) {
    it(`refuses a ${c.name}`, async () => {
      const before = await listLength("/api/admin/news");
      await expect400("/api/admin/news", { form: toForm({ ...valid, ...c.patch }) }, c.field, c.message);
      expect(await listLength("/api/admin/news")).toBe(before);
    });
  }
  it("accepts empty URLs and a site path for the thumbnail", async () => {
    const res = await t.request("/api/admin/news", { form: toForm({ ...valid, externalUrl: "", thumbnailUrl: "/images/news/recovery-tips.svg" }), cookie });
    expect(res.status).toBe(201);
  });
});

describe("admin user forms", () => {
  const valid = { username: "newuser", password: "long-enough", firstName: "", lastName: "", email: "", role: "admin" };
  const cases: Case[] = [
    { name: "short username", field: "username", patch: { username: "ab" }, message: "Username must be at least 3 characters" },
    { name: "short password", field: "password", patch: { password: "1234567" }, message: "Password must be at least 8 characters" },
    { name: "bad email", field: "email", patch: { email: "nope@" }, message: "Invalid email" },
    { name: "unknown role", field: "role", patch: { role: "editor" }, message: "Role must be admin or super_admin" },
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
    await expect400(`/api/admin/users/${targetUserId}/reset-password`, { json: { newPassword: "short" } }, "newPassword", "Password must be at least 8 characters", superCookie);
  });
  it("sign-in refuses blank username and password", async () => {
    await expect400("/api/admin/login", { json: { username: " ", password: "x" } }, "username", "Username is required");
    await expect400("/api/admin/login", { json: { username: "someone", password: "" } }, "password", "Password is required");
  });
});

describe("testimonial rules, in order", () => {
  const valid = { name: "Sam", content: "Lovely", service: "Ozone Therapy", rating: 5, isVisible: true };
  const cases: Case[] = [
    { name: "blank name (first of several)", field: "name", patch: { name: "  ", content: "", service: "" }, message: "Name is required" },
    { name: "blank content", field: "content", patch: { content: " ", service: "" }, message: "Content is required" },
    { name: "blank service", field: "service", patch: { service: "" }, message: "Service is required" },
    { name: "rating 0", field: "rating", patch: { rating: 0 }, message: "Rating must be between 1 and 5" },
    { name: "rating 6", field: "rating", patch: { rating: 6 }, message: "Rating must be between 1 and 5" },
    { name: "rating 4.5", field: "rating", patch: { rating: 4.5 }, message: "Rating must be between 1 and 5" },
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
    { name: "unknown content type", field: "contentType", patch: { contentType: "pdf" }, message: "Content type must be text, html, markdown or url" },
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
    await expect400(`/api/admin/images/${image.id}`, { method: "PUT", form: toForm({ altText: "a", width: "wide" }) }, "width", "Width must be a number");
    const [after] = await (await t.request("/api/admin/images", { cookie })).json();
    expect(after.altText).toBe(image.altText);
  });
});
