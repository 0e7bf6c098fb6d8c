import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clinicDay } from "../src/shared/clinic-date";
import { uploadedImages } from "../src/server/db/schema";
import { createTestApp, type TestApp } from "./setup/test-app";

/** The admin call table of admin-portal.md section 7 (and the routes docs/rest-api.md adds), through app.request(). */
let t: TestApp;
let cookie: string;
let superCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin({ role: "admin" }));
  superCookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
});
afterAll(() => t.close());

async function pngFile(name = "photo.png", width = 64, height = 48): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 14, g: 90, b: 97 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [key, value] of Object.entries(fields)) f.set(key, value);
  return f;
}

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

const get = (path: string, c = cookie) => t.request(path, { cookie: c }).then((r) => ok(r));

describe("lists feeding the dashboard", () => {
  it("answers arrays for services, team, testimonials, news, contact, content, images and social media", async () => {
    for (const area of ["services", "team", "testimonials", "news", "contact", "content", "images", "social-media"]) {
      const list = await get(`/api/admin/${area}`);
      expect(Array.isArray(list), area).toBe(true);
    }
  });

  it("answers the dashboard counts in one call; users only for super admins", async () => {
    const counts = await get("/api/admin/dashboard");
    const lengths: Record<string, number> = {};
    for (const [card, area] of Object.entries({
      services: "services",
      team: "team",
      testimonials: "testimonials",
      news: "news",
      content: "content",
      images: "images",
      social: "social-media",
      contact: "contact",
    })) {
      lengths[card] = (await get(`/api/admin/${area}`, superCookie)).length;
    }
    expect(counts).toEqual({ ...lengths, users: undefined, newInquiries: expect.any(Number), overdueInquiries: expect.any(Number) });
    expect(counts.users).toBeUndefined();

    // Relative, so it holds in any order and beside other tests: a new team member counts once, and no longer once deleted.
    const member = await ok(
      await t.request("/api/admin/team", { json: { name: "Count Me", role: "R", bio: "B", imageUrl: "/images/x.svg" }, cookie }),
      201,
    );
    const added = await get("/api/admin/dashboard");
    expect(added).toEqual({ ...counts, team: counts.team + 1, newInquiries: expect.any(Number), overdueInquiries: expect.any(Number) });
    await ok(await t.request(`/api/admin/team/${member.id}`, { method: "DELETE", cookie }));
    expect((await get("/api/admin/dashboard")).team).toBe(counts.team);
    expect((await get("/api/admin/dashboard", superCookie)).users).toBeGreaterThanOrEqual(2);
  });
});

describe("services", () => {
  it("creates (multipart, optional image), reads, updates keeping the image, and deletes", async () => {
    const created = await ok(
      await t.request("/api/admin/services", {
        form: form({
          title: "Cold Laser",
          shortDescription: "Light therapy",
          description: "Para one.\n\nPara two.",
          imageAlt: "Laser",
          slug: "cold-laser",
          image: await pngFile(),
        }),
        cookie,
      }),
      201,
    );
    expect(created).toMatchObject({
      id: expect.any(Number),
      title: "Cold Laser",
      slug: "cold-laser",
      imageAlt: "Laser",
      imageUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.png$/),
    });
    expect(await get(`/api/admin/services/${created.id}`)).toMatchObject({ slug: "cold-laser" });

    const updated = await ok(
      await t.request(`/api/admin/services/${created.id}`, {
        method: "PUT",
        form: form({
          title: "Cold Laser Therapy",
          shortDescription: "Light therapy",
          description: "Para.",
          imageAlt: "Laser",
          slug: "cold-laser",
        }),
        cookie,
      }),
    );
    expect(updated.title).toBe("Cold Laser Therapy");
    expect(updated.imageUrl).toBe(created.imageUrl);

    const replaced = await ok(
      await t.request(`/api/admin/services/${created.id}`, {
        method: "PUT",
        form: form({
          title: "Cold Laser Therapy",
          shortDescription: "Light",
          description: "Para.",
          imageAlt: "Laser",
          slug: "cold-laser",
          image: await pngFile("new.png", 80, 40),
        }),
        cookie,
      }),
    );
    expect(replaced.imageUrl).not.toBe(created.imageUrl);

    // JSON works too, for outside tools.
    const viaJson = await ok(
      await t.request(`/api/admin/services/${created.id}`, {
        method: "PUT",
        json: { title: "Cold Laser (JSON)", shortDescription: "Light", description: "Para.", imageAlt: "Laser", slug: "cold-laser" },
        cookie,
      }),
    );
    expect(viaJson).toMatchObject({ title: "Cold Laser (JSON)", imageUrl: replaced.imageUrl });

    expect(await ok(await t.request(`/api/admin/services/${created.id}`, { method: "DELETE", cookie }))).toEqual({ success: true });
    expect((await t.request(`/api/admin/services/${created.id}`, { cookie })).status).toBe(404);
    expect((await t.request(`/api/admin/services/${created.id}`, { method: "DELETE", cookie })).status).toBe(404);
  });

  it("answers 409 for a duplicate slug and stores no orphan image", async () => {
    const res = await t.request("/api/admin/services", {
      form: form({ title: "Again", shortDescription: "x", description: "x", imageAlt: "x", slug: "ozone-therapy", image: await pngFile() }),
      cookie,
    });
    expect(res.status).toBe(409);
    // A duplicate names its field, so a form shows it there.
    expect(await res.json()).toEqual({
      message: "A service with this URL slug already exists",
      fieldErrors: { slug: ["A service with this URL slug already exists"] },
    });
    const images = async () => (await t.deps.db.select({ name: uploadedImages.name }).from(uploadedImages)).length;
    const before = await images();
    await t.request("/api/admin/services", {
      form: form({
        title: "Again",
        shortDescription: "x",
        description: "x",
        imageAlt: "x",
        slug: "ozone-therapy",
        image: await pngFile("orphan.png", 33, 21),
      }),
      cookie,
    });
    expect(await images()).toBe(before);
  });

  it("answers 404 for an unknown or non-numeric id", async () => {
    expect((await t.request("/api/admin/services/999999", { cookie })).status).toBe(404);
    expect((await t.request("/api/admin/services/abc", { cookie })).status).toBe(404);
  });
});

describe("news articles", () => {
  it("creates from multipart (text fields, ISO date, thumbnail file), reads every editor field, updates and deletes", async () => {
    const publishedAt = "2026-01-05T16:30:00.000Z";
    const created = await ok(
      await t.request("/api/admin/news", {
        form: form({
          title: "Knee Health Basics",
          slug: "knee-health-basics",
          summary: "What everyone should know about knees.",
          content: "<p>Hello</p>",
          thumbnailAlt: "A knee",
          metaTitle: "Knee Health",
          metaDescription: "All about knees",
          tags: "knees, joints",
          isPublished: "true",
          publishedAt,
          thumbnail: await pngFile("thumb.png"),
        }),
        cookie,
      }),
      201,
    );
    expect(created).toMatchObject({
      isPublished: true,
      publishedAt,
      thumbnailUrl: expect.stringMatching(/^\/uploads\//),
      authorId: expect.any(Number),
    });

    const read = await get(`/api/admin/news/${created.id}`);
    for (const field of [
      "title",
      "slug",
      "summary",
      "content",
      "externalUrl",
      "thumbnailUrl",
      "thumbnailAlt",
      "isPublished",
      "publishedAt",
      "metaTitle",
      "metaDescription",
      "tags",
    ]) {
      expect(read, field).toHaveProperty(field);
    }
    expect(read.tags).toBe("knees, joints");

    // Without a new file and with thumbnailUrl absent, the thumbnail stays; a URL given replaces it.
    const updated = await ok(
      await t.request(`/api/admin/news/${created.id}`, {
        method: "PUT",
        form: form({
          title: "Knee Health Basics, Revised",
          slug: "knee-health-basics",
          summary: "What everyone should know about knees.",
          isPublished: "false",
        }),
        cookie,
      }),
    );
    expect(updated).toMatchObject({ title: "Knee Health Basics, Revised", isPublished: false, thumbnailUrl: created.thumbnailUrl });
    const external = await ok(
      await t.request(`/api/admin/news/${created.id}`, {
        method: "PUT",
        form: form({
          title: "Knee Health Basics",
          slug: "knee-health-basics",
          summary: "What everyone should know about knees.",
          externalUrl: "https://example.org/study",
          thumbnailUrl: "https://example.org/t.png",
        }),
        cookie,
      }),
    );
    expect(external).toMatchObject({ externalUrl: "https://example.org/study", thumbnailUrl: "https://example.org/t.png" });

    const all = await get("/api/admin/news");
    expect(all.map((a: { id: number }) => a.id)).toContain(created.id);
    expect(await ok(await t.request(`/api/admin/news/${created.id}`, { method: "DELETE", cookie }))).toEqual({ success: true });
    expect((await t.request(`/api/admin/news/${created.id}`, { cookie })).status).toBe(404);
  });

  it("publishing without a date publishes now; a duplicate slug is a 409", async () => {
    const requested = Date.now();
    const created = await ok(
      await t.request("/api/admin/news", {
        form: form({ title: "Now", slug: "published-now", summary: "Published right away.", isPublished: "true" }),
        cookie,
      }),
      201,
    );
    const answered = Date.now();
    // Published at the moment of the request (the order of the readings, not a duration).
    expect(Date.parse(created.publishedAt)).toBeGreaterThanOrEqual(requested);
    expect(Date.parse(created.publishedAt)).toBeLessThanOrEqual(answered);
    const dup = await t.request("/api/admin/news", {
      form: form({ title: "Dup", slug: "published-now", summary: "Another one here." }),
      cookie,
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe("An article with this slug already exists");
  });
});

describe("contact submissions", () => {
  it("lists every field for staff and exports contact-submissions-YYYY-MM-DD.csv", async () => {
    await t.request("/api/contact", {
      json: {
        name: "Casey Lee",
        email: "casey@example.com",
        phone: "801-555-0111",
        servicesInterested: ["Utah Stem Cell Therapy", "General Consultation"],
        availabilityDays: ["friday"],
        availabilityTimes: ["afternoon"],
        healthConditions: "Shoulder stiffness",
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: t.formToken(),
      },
    });
    const list = await get("/api/admin/contact");
    const casey = list.find((s: { name: string }) => s.name === "Casey Lee");
    expect(casey).toMatchObject({
      id: expect.any(Number),
      email: "casey@example.com",
      phone: "801-555-0111",
      createdAt: expect.any(String),
      servicesInterested: ["Utah Stem Cell Therapy", "General Consultation"],
      availabilityDays: ["friday"],
      availabilityTimes: ["afternoon"],
      healthConditions: "Shoulder stiffness",
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      optInTexting: false,
    });

    const res = await t.request("/api/admin/contact/export", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const today = clinicDay(new Date());
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="contact-submissions-${today}.csv"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const csv = await res.text();
    expect(csv.split("\r\n")[0]).toBe(
      '"Submitted At","Name","Email","Phone","Services Interested","Availability Days","Availability Times","Health Conditions","Opt-in Texting","Privacy Policy","HIPAA Consent","Terms and Conditions","Status","Assignee","Privacy Policy Version","HIPAA Authorization Version","Terms and Conditions Version","Consent Recorded At","Language"',
    );
    expect(csv).toContain(
      '"Casey Lee","casey@example.com","801-555-0111","Utah Stem Cell Therapy; General Consultation","Friday","Afternoon (12PM-5PM)","Shoulder stiffness","No","Yes","Yes","Yes","New",""',
    );
  });

  it("writes every read and export to the activity log, without health details", async () => {
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const c = await t.cookieFor(superAdmin);
    await get("/api/admin/contact", c);
    await (await t.request("/api/admin/contact/export", { cookie: c })).text();
    const log = await get(`/api/admin/activity?adminId=${superAdmin.id}`, superCookie);
    expect(log.items.map((e: { action: string }) => e.action).slice(0, 2)).toEqual(["export", "read"]);
    expect(log.items[0]).toMatchObject({
      resourceType: "contact_submission",
      username: superAdmin.username,
      ipAddress: expect.any(String),
      timestamp: expect.any(String),
    });
    expect(JSON.stringify(log)).not.toContain("Shoulder");
  });
});

describe("admin users (super admin)", () => {
  it("lists, creates, updates, resets a password and deletes, never showing secrets", async () => {
    const created = await ok(
      await t.request("/api/admin/users", {
        json: {
          username: "dana",
          password: "long-enough-passphrase",
          firstName: "Dana",
          lastName: "Fox",
          email: "dana@example.com",
          role: "admin",
        },
        cookie: superCookie,
      }),
      201,
    );
    expect(created).toMatchObject({
      id: expect.any(Number),
      username: "dana",
      firstName: "Dana",
      lastName: "Fox",
      email: "dana@example.com",
      role: "admin",
      isActive: true,
      twoFactorEnabled: false,
      lastLogin: null,
    });
    const list = await get("/api/admin/users", superCookie);
    expect(list.find((u: { username: string }) => u.username === "dana")).toBeTruthy();
    const text = JSON.stringify(list);
    expect(text).not.toMatch(/passwordHash|password_hash|twoFactorSecret|argon2/);

    const dup = await t.request("/api/admin/users", {
      json: { username: "DANA", password: "long-enough-passphrase", role: "admin" },
      cookie: superCookie,
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe("Username already exists");

    const updated = await ok(
      await t.request(`/api/admin/users/${created.id}`, {
        method: "PUT",
        json: { firstName: "Danielle", lastName: "Fox", email: "", role: "super_admin", isActive: true },
        cookie: superCookie,
      }),
    );
    expect(updated).toMatchObject({ firstName: "Danielle", email: null, role: "super_admin" });

    expect(
      await ok(
        await t.request(`/api/admin/users/${created.id}/reset-password`, { json: { newPassword: "another-long-pw" }, cookie: superCookie }),
      ),
    ).toEqual({ success: true });
    expect((await t.request("/api/admin/login", { json: { username: "dana", password: "another-long-pw" } })).status).toBe(200);

    expect(await ok(await t.request(`/api/admin/users/${created.id}`, { method: "DELETE", cookie: superCookie }))).toEqual({
      success: true,
    });
    expect((await t.request(`/api/admin/users/${created.id}`, { method: "DELETE", cookie: superCookie })).status).toBe(404);
  });
});

describe("testimonials", () => {
  it("creates, toggles visibility with the whole record, updates and deletes; uploads a profile image", async () => {
    const upload = await ok(
      await t.request("/api/admin/testimonials/upload-image", { form: form({ image: await pngFile() }), cookie }),
      201,
    );
    expect(upload).toMatchObject({ imageUrl: expect.stringMatching(/^\/uploads\//) });
    const created = await ok(
      await t.request("/api/admin/testimonials", {
        json: {
          name: "Robin",
          service: "Ozone Therapy",
          rating: 5,
          content: "Great care.",
          imageUrl: upload.imageUrl,
          isVisible: true,
          receivedAt: "2024-10-21",
          source: "patient",
          consentToPublish: true,
        },
        cookie,
      }),
      201,
    );
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: "Robin",
      service: "Ozone Therapy",
      rating: 5,
      content: "Great care.",
      imageUrl: upload.imageUrl,
      isVisible: true,
    });
    const hidden = await ok(
      await t.request(`/api/admin/testimonials/${created.id}`, { method: "PUT", json: { ...created, isVisible: false }, cookie }),
    );
    expect(hidden.isVisible).toBe(false);
    const all = await get("/api/admin/testimonials");
    expect(all.find((x: { id: number }) => x.id === created.id).isVisible).toBe(false);
    expect(await ok(await t.request(`/api/admin/testimonials/${created.id}`, { method: "DELETE", cookie }))).toEqual({ success: true });
  });
});

describe("team", () => {
  it("creates, updates and deletes; uploads a photo", async () => {
    const upload = await ok(await t.request("/api/admin/team/upload-image", { form: form({ image: await pngFile() }), cookie }), 201);
    const created = await ok(
      await t.request("/api/admin/team", { json: { name: "Alex Kim", role: "Nurse", bio: "Caring.", imageUrl: upload.imageUrl }, cookie }),
      201,
    );
    expect(created).toMatchObject({ id: expect.any(Number), name: "Alex Kim", role: "Nurse", bio: "Caring.", imageUrl: upload.imageUrl });
    const updated = await ok(
      await t.request(`/api/admin/team/${created.id}`, { method: "PUT", json: { ...created, role: "Senior Nurse" }, cookie }),
    );
    expect(updated.role).toBe("Senior Nurse");
    expect((await get("/api/team")).map((m: { name: string }) => m.name)).toContain("Alex Kim");
    expect(await ok(await t.request(`/api/admin/team/${created.id}`, { method: "DELETE", cookie }))).toEqual({ success: true });
  });
});

describe("website content", () => {
  it("lists by page, creates (visible text by default), updates and deletes", async () => {
    const home = await get("/api/admin/content?page=home");
    expect(home.every((i: { page: string }) => i.page === "home")).toBe(true);
    const created = await ok(
      await t.request("/api/admin/content", { json: { page: "home", section: "promo", key: "title", content: "Spring offer" }, cookie }),
      201,
    );
    expect(created).toMatchObject({
      page: "home",
      section: "promo",
      key: "title",
      content: "Spring offer",
      contentType: "text",
      isVisible: true,
      sortOrder: 0,
    });
    const dup = await t.request("/api/admin/content", { json: { page: "home", section: "promo", key: "title", content: "Again" }, cookie });
    expect(dup.status).toBe(409);
    const updated = await ok(
      await t.request(`/api/admin/content/${created.id}`, {
        method: "PUT",
        json: { page: "home", section: "promo", key: "title", content: "<b>Summer</b>", contentType: "html", isVisible: true },
        cookie,
      }),
    );
    expect(updated).toMatchObject({ content: "<b>Summer</b>", contentType: "html" });
    expect(await ok(await t.request(`/api/admin/content/${created.id}`, { method: "DELETE", cookie }))).toEqual({ success: true });
  });
});

describe("website images (edit only)", () => {
  it("lists by page and updates alt text, SEO name, size and visibility; a new file is measured", async () => {
    const [hero] = await get("/api/admin/images?page=home");
    expect(hero).toMatchObject({
      page: "home",
      section: "hero",
      key: "background",
      imageUrl: expect.any(String),
      width: 1600,
      height: 900,
      isVisible: true,
    });
    const edited = await ok(
      await t.request(`/api/admin/images/${hero.id}`, {
        method: "PUT",
        form: form({ altText: "Mountains", seoFilename: "wasatch-dawn", width: "1200", height: "675", isVisible: "true" }),
        cookie,
      }),
    );
    expect(edited).toMatchObject({ altText: "Mountains", seoFilename: "wasatch-dawn", width: 1200, height: 675, imageUrl: hero.imageUrl });
    const replaced = await ok(
      await t.request(`/api/admin/images/${hero.id}`, {
        method: "PUT",
        form: form({ altText: "New", image: await pngFile("x.png", 80, 40) }),
        cookie,
      }),
    );
    expect(replaced).toMatchObject({ width: 80, height: 40, imageUrl: expect.stringMatching(/^\/uploads\//), seoFilename: null });
    expect((await t.request("/api/admin/images", { method: "POST", json: {}, cookie })).status).toBe(404);
  });
});

describe("social media links", () => {
  it("creates (empty iconClass becomes null), updates and deletes", async () => {
    const created = await ok(
      await t.request("/api/admin/social-media", {
        json: {
          platform: "LinkedIn",
          displayName: "LinkedIn",
          url: "https://linkedin.com/company/x",
          iconClass: "",
          isVisible: true,
          sortOrder: 4,
        },
        cookie,
      }),
      201,
    );
    expect(created).toMatchObject({
      platform: "linkedin",
      displayName: "LinkedIn",
      url: "https://linkedin.com/company/x",
      iconClass: null,
      isVisible: true,
      sortOrder: 4,
    });
    const updated = await ok(
      await t.request(`/api/admin/social-media/${created.id}`, {
        method: "PUT",
        json: { ...created, sortOrder: 9, isVisible: false },
        cookie,
      }),
    );
    expect(updated).toMatchObject({ sortOrder: 9, isVisible: false });
    expect(await ok(await t.request(`/api/admin/social-media/${created.id}`, { method: "DELETE", cookie }))).toEqual({ success: true });
  });
});

describe("activity log", () => {
  it("records creates, updates and deletes with admin, action, resource, address and time, newest first, paginated", async () => {
    const admin = await t.createAdmin();
    const c = await t.cookieFor(admin);
    const created = await ok(
      await t.request("/api/admin/team", { json: { name: "Log Me", role: "R", bio: "B", imageUrl: "/images/x.svg" }, cookie: c }),
      201,
    );
    await t.request(`/api/admin/team/${created.id}`, { method: "PUT", json: { ...created, role: "R2" }, cookie: c });
    await t.request(`/api/admin/team/${created.id}`, { method: "DELETE", cookie: c });
    const page = await get(`/api/admin/activity?adminId=${admin.id}&page=1&pageSize=2`, superCookie);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((e: { action: string }) => e.action)).toEqual(["delete", "update"]);
    expect(page.items[0]).toMatchObject({
      adminId: admin.id,
      username: admin.username,
      resourceType: "team_member",
      resourceId: String(created.id),
      ipAddress: "198.51.100.7",
      details: { label: "Log Me" },
    });
    const next = await get(`/api/admin/activity?adminId=${admin.id}&page=2&pageSize=2`, superCookie);
    expect(next.items.map((e: { action: string }) => e.action)).toEqual(["create"]);
    const filtered = await get(`/api/admin/activity?adminId=${admin.id}&action=update`, superCookie);
    expect(filtered.total).toBe(1);
  });
});

describe("the activity log names what changed", () => {
  it("in the words staff use: the username, the page and place of a content item or an image, the title", async () => {
    const chief = await t.createAdmin({ role: "super_admin" });
    const chiefCookie = await t.cookieFor(chief);
    const latest = async () => {
      const log = await get(`/api/admin/activity?adminId=${chief.id}&pageSize=1`, superCookie);
      return log.items[0] as { action: string; resourceType: string; resourceId: string; details: { label: string } };
    };
    const hero = (await get("/api/admin/content?page=home", chiefCookie)).find(
      (item: { section: string; key: string }) => item.section === "hero" && item.key === "title",
    );
    await ok(
      await t.request(`/api/admin/content/${hero.id}`, {
        method: "PUT",
        json: { ...hero, content: `${hero.content} ` },
        cookie: chiefCookie,
      }),
    );
    expect(await latest()).toMatchObject({
      action: "update",
      resourceType: "website_content",
      resourceId: String(hero.id),
      details: { label: "Home page, Hero, Title" },
    });

    const image = (await get("/api/admin/images?page=home", chiefCookie))[0];
    await ok(
      await t.request(`/api/admin/images/${image.id}`, { method: "PUT", json: { altText: image.altText ?? "Alt" }, cookie: chiefCookie }),
    );
    expect((await latest()).details.label).toBe("Home page, Hero background");

    const doomed = await t.createAdmin();
    await ok(await t.request(`/api/admin/users/${doomed.id}`, { method: "DELETE", cookie: chiefCookie }));
    expect(await latest()).toMatchObject({ action: "delete", resourceType: "admin_user", details: { label: doomed.username } });

    const created = await ok(
      await t.request("/api/admin/social-media", {
        json: { platform: "linkedin", displayName: "LinkedIn page", url: "https://www.linkedin.com/company/x" },
        cookie: chiefCookie,
      }),
      201,
    );
    expect(await latest()).toMatchObject({ action: "create", resourceId: String(created.id), details: { label: "LinkedIn page" } });
  });
});
