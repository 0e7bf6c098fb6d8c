import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySecret } from "../src/server/auth/passwords";
import { adminUsers, services, socialMediaLinks, testimonials, websiteContent, websiteImages } from "../src/server/db/schema";
import { seedDatabase } from "../src/server/db/seed";
import { ensureFirstAdmin } from "../src/server/services/admin-users";
import { createTestApp, type TestApp } from "./setup/test-app";

/** The test database starts from a migrated and seeded copy: seeding already ran once on it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("first-start seed", () => {
  it("seeded everything the public site needs", async () => {
    const slugs = (await t.deps.db.select().from(services)).map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(["stem-cell-therapy", "ozone-therapy"]));
    expect((await t.deps.db.select().from(services).where(eq(services.slug, "stem-cell-therapy")))[0]!.title).toBe(
      "Utah Stem Cell Therapy",
    );
    expect((await t.deps.db.select().from(services).where(eq(services.slug, "ozone-therapy")))[0]!.title).toBe("Ozone Therapy");
    expect((await t.deps.db.select().from(testimonials)).length).toBeGreaterThanOrEqual(3);
    const platforms = (await t.deps.db.select().from(socialMediaLinks)).map((l) => l.platform);
    expect(platforms).toEqual(["facebook", "instagram", "youtube"]);
    const images = await t.deps.db.select().from(websiteImages);
    expect(images.find((i) => i.page === "home" && i.section === "hero")).toBeTruthy();
    const pairs = new Set((await t.deps.db.select().from(websiteContent)).map((c) => `${c.page}/${c.section}`));
    for (const pair of ["home/hero", "home/welcome", "about/mission", "about/approach", "services/hero", "footer/description"]) {
      expect(pairs.has(pair), pair).toBe(true);
    }
    // The footer's address, phone and e-mail are the clinic's details in Settings, not content items.
    expect(pairs.has("footer/contact")).toBe(false);
  });

  it("never runs twice and never overwrites or re-creates what staff changed", async () => {
    await t.deps.db.update(services).set({ title: "Ozone (edited by staff)" }).where(eq(services.slug, "ozone-therapy"));
    await t.deps.db.delete(services).where(eq(services.slug, "prp-therapy"));
    const testimonialCount = (await t.deps.db.select().from(testimonials)).length;
    expect(await seedDatabase(t.deps.db)).toBe(false);
    const rows = await t.deps.db.select().from(services);
    expect(rows.find((s) => s.slug === "ozone-therapy")!.title).toBe("Ozone (edited by staff)");
    expect(rows.find((s) => s.slug === "prp-therapy")).toBeUndefined();
    expect((await t.deps.db.select().from(testimonials)).length).toBe(testimonialCount);
  });
});

describe("first super admin", () => {
  it("is created once from ADMIN_USERNAME / ADMIN_PASSWORD, or with a generated password", async () => {
    const generated = await ensureFirstAdmin(t.deps.db, { username: "owner" });
    expect(generated).toMatchObject({
      created: true,
      username: "owner",
      generatedPassword: expect.stringMatching(/^[a-z2-7]{5}(-[a-z2-7]{5}){3}$/),
    });
    const [row] = await t.deps.db.select().from(adminUsers).where(eq(adminUsers.username, "owner"));
    expect(row!.role).toBe("super_admin");
    expect(await verifySecret(row!.passwordHash, (generated as { generatedPassword: string }).generatedPassword)).toBe(true);
    expect(await ensureFirstAdmin(t.deps.db, { username: "second", password: "long-enough-1" })).toEqual({ created: false });
  });
});
