import type { Page, Route } from "@playwright/test";
import { CULTURAL_INSIGHTS } from "../src/shared/cultural-insights";
import { LANGUAGES } from "../src/shared/languages";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

/**
 * Home, About, Services and Service detail (public-site.md sections 2, 3, 4, 8 and 9), on the seeded
 * database: 4 services, 5 visible testimonials (3 pages of 2), 3 team members. The admin specs run
 * beside these and add records of their own for a moment (each after the seeded ones, each removed
 * again): the checks here find the seeded records by name and allow for a record added at the end.
 */

const BOOK = "/contact#contact-form";
const BRAND = "Millcreek Regenerative Wellness";
const SEEDED_SERVICES = ["Utah Stem Cell Therapy", "Ozone Therapy", "Platelet-Rich Plasma (PRP) Therapy", "IV Nutrient Therapy"];
const SEEDED_TEAM = ["Dr. Elena Marsh, MD"];

/** Each seeded service has its card (the first four, in the seeded order). */
async function expectSeededServices(page: Page) {
  const cards = page.getByTestId("service-card");
  for (const [index, title] of SEEDED_SERVICES.entries()) await expect(cards.nth(index)).toContainText(title);
}

/** The seeded team, first in the grid (3 members; one more while an admin spec adds one). */
async function expectSeededTeam(page: Page) {
  const members = page.getByTestId("team-member");
  await expect(members.first()).toContainText(SEEDED_TEAM[0]!);
  await expect(members.nth(2)).toBeVisible();
  expect(await members.count()).toBeLessThanOrEqual(4);
}

/** The batched tRPC GET that carries `procedure` (e.g. /trpc/content.get,services.list?batch=1&input=...). */
function trpcCall(procedure: string): RegExp {
  return new RegExp(`/trpc/[^?]*\\b${procedure.replace(".", "\\.")}\\b`);
}

/** Answers the other procedures of the batch normally and replaces this one's entry by an error or an empty list. */
async function replaceProcedure(page: Page, procedure: string, mode: "fail" | "empty") {
  await page.route(trpcCall(procedure), async (route) => {
    const names = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, "")).split(",");
    const response = await route.fetch();
    const entries = (await response.json()) as unknown[];
    entries[names.indexOf(procedure)] =
      mode === "empty"
        ? { result: { data: [] } }
        : { error: { message: "boom", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path: procedure } } };
    await route.fulfill({ response, json: entries });
  });
}

/** Holds the batch that carries `procedure` until the returned function is called (to see the skeletons). */
async function holdProcedure(page: Page, procedure: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(trpcCall(procedure), async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Loads /contact (which prefetches none of these lists), then follows a footer link, so the page fetches in the browser. */
async function navigateFromContact(page: Page, linkName: "Home" | "About" | "Services") {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.locator("footer").getByRole("link", { name: linkName, exact: true }).click();
}

test.describe("pages", () => {
  test("home: hero, welcome, services, testimonials and the closing call to action @phone", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page).toHaveTitle(`${BRAND} | Stem Cell & Ozone Therapy in Millcreek, Utah`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /stem cell and ozone therapy in Millcreek, Utah/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);

    const main = page.locator("main");
    const hero = main.locator("section.hp-hero--home");
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Regenerative Care in the Heart of Millcreek");
    await expect(hero).toContainText("helping your body do what it does best: heal.");
    await expect(hero.locator("img.hp-hero-bg")).toHaveAttribute("src", "/images/hero-home.svg");
    await expect(hero.locator("img.hp-hero-bg")).toHaveAttribute("alt", "The Wasatch mountains at dawn above the Salt Lake Valley");
    await expect(hero.locator("img.hp-hero-bg")).toHaveAttribute("loading", "eager");
    await expect(hero.getByRole("link", { name: "Book Appointment" })).toHaveAttribute("href", BOOK);
    await expect(hero.getByRole("link", { name: "Explore Services" })).toHaveAttribute("href", "/services");

    await expect(main.getByRole("heading", { name: `Welcome to ${BRAND}` })).toBeVisible();
    await expect(main).toContainText("focused on helping people move, recover and feel better");
    await expect(main).toContainText("Every plan starts with listening.");
    await expect(main.getByRole("link", { name: "Learn more about our approach" })).toHaveAttribute("href", "/about");

    const services = main.locator("section", { has: page.getByRole("heading", { name: "Our Services" }) });
    await expectSeededServices(page);
    await expect(services.getByRole("link", { name: "Learn more about Ozone Therapy" })).toHaveAttribute("href", "/services/ozone-therapy");
    await expect(services.getByRole("link", { name: "Book Your Service" })).toHaveAttribute("href", BOOK);
    await expect(services.locator("img").first()).toHaveAttribute("loading", "lazy");

    const testimonials = page.getByTestId("testimonials");
    await expect(testimonials.getByRole("heading", { name: "What Our Clients Say" })).toBeVisible();
    await expect(testimonials.getByTestId("testimonial")).toHaveCount(2);
    await expect(page.getByTestId("testimonials-indicator")).toHaveText(/^1 \/ [34]$/);

    const cta = main.locator("section", { has: page.getByRole("heading", { name: "Ready to Start Your Wellness Journey?" }) });
    await expect(cta.getByRole("link", { name: "Book Your Appointment" })).toHaveAttribute("href", BOOK);
    await expect(cta.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", BOOK);

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}") as Record<
      string,
      unknown
    >;
    expect(jsonLd["@type"]).toBe("MedicalClinic");
    expect(jsonLd.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    await expectNoSeriousA11yViolations(page);
  });

  test("about: heading, mission, cultural insights, team and approach @phone", async ({ page }) => {
    expect((await page.goto("/about"))?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page).toHaveTitle(`About Us | ${BRAND}`);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");

    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(`About ${BRAND}`);
    await expect(main.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    await expect(main).toContainText("Our mission is to offer thoughtful, evidence-informed regenerative care");
    await expect(main).toContainText("We believe good care is personal.");
    await expect(main).toContainText("Rooted in the Millcreek community");
    await expect(main.getByAltText("A bright treatment room with a view of the mountains")).toBeVisible();

    const insights = page.getByTestId("cultural-insights");
    await expect(insights.getByRole("heading", { name: "Cultural Wellness Insights" })).toBeVisible();
    await expect(page.getByTestId("insights-language")).toHaveText("English");
    await expect(page.getByTestId("insights-list").locator("li")).toHaveText(CULTURAL_INSIGHTS[LANGUAGES[0]!.code]);
    await expect(insights.getByRole("group", { name: "Language" }).getByRole("radio")).toHaveCount(3);

    await expect(main.getByRole("heading", { name: "Our Team" })).toBeVisible();
    const members = main.getByTestId("team-member");
    await expectSeededTeam(page);
    await expect(members.first()).toContainText("Dr. Elena Marsh, MD");
    await expect(members.first()).toContainText("Medical Director");
    await expect(members.first()).toContainText("Dr. Marsh has practised sports and regenerative medicine");
    await expect(members.first().getByRole("img", { name: "Dr. Elena Marsh, MD" })).toHaveAttribute("width", "160");

    await expect(main.getByRole("heading", { name: "Our Approach" })).toBeVisible();
    await expect(main).toContainText("We look at the whole person: body, mind and daily life.");
    await expect(main.getByRole("link", { name: "Explore Our Approach" })).toHaveAttribute("href", "/services");

    await expectNoSeriousA11yViolations(page);
  });

  test("services list: hero from page content and a card per service @phone", async ({ page }) => {
    expect((await page.goto("/services"))?.status()).toBe(200);
    await waitForHydration(page);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Our Services");
    await expect(main).toContainText("Regenerative treatments tailored to you, delivered with care in our Millcreek clinic.");
    await expect(main.locator("img.hp-hero-bg")).toHaveAttribute("src", "/images/hero-services.svg");

    const cards = main.getByTestId("service-card");
    await expectSeededServices(page);
    const stemCell = cards.filter({ hasText: "Utah Stem Cell Therapy" });
    await expect(stemCell.getByRole("heading", { level: 2 })).toHaveText("Utah Stem Cell Therapy");
    await expect(stemCell).toContainText("Regenerative stem cell treatments that support your body's own repair processes");
    await expect(stemCell.getByRole("img", { name: "Illustration of stem cells dividing" })).toHaveAttribute("height", "400");
    await expect(stemCell.getByRole("link", { name: "Learn more about Utah Stem Cell Therapy" })).toHaveAttribute(
      "href",
      "/services/stem-cell-therapy",
    );
    await expect(cards.filter({ hasText: "IV Nutrient Therapy" }).getByRole("link")).toHaveAttribute(
      "href",
      "/services/iv-nutrient-therapy",
    );
    await expectNoSeriousA11yViolations(page);

    await stemCell.getByRole("link").click();
    await expect(page).toHaveURL(/\/services\/stem-cell-therapy$/);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Utah Stem Cell Therapy");
  });

  test("stem cell therapy: the service plus its educational section @phone", async ({ page }) => {
    expect((await page.goto("/services/stem-cell-therapy"))?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page).toHaveTitle(`Stem Cell Therapy in Utah | ${BRAND}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Non-surgical stem cell therapy in Millcreek, Utah/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/share\/services\/stem-cell-therapy\.png$/);

    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Utah Stem Cell Therapy");
    await expect(main.getByRole("img", { name: "Illustration of stem cells dividing" })).toHaveAttribute(
      "src",
      "/images/services/stem-cell-therapy.svg",
    );
    const paragraphs = page.getByTestId("service-description").locator("p");
    await expect(paragraphs).toHaveCount(3);
    await expect(paragraphs.nth(1)).toHaveText(/^Treatments are performed in our clinic under sterile conditions/);
    // The form offers it: Book This Service chooses it there.
    await expect(main.getByRole("link", { name: "Book This Service" })).toHaveAttribute(
      "href",
      "/contact?service=stem-cell-therapy#contact-form",
    );
    await expect(main.getByRole("link", { name: "View All Services" })).toHaveAttribute("href", "/services");

    // Its seeded sections: the educational texts the page has always shown.
    const education = page.getByTestId("service-sections");
    await expect(education.getByRole("heading", { name: "What Are Stem Cells?" })).toBeVisible();
    for (const benefit of ["Anti-Aging", "Pain Relief", "Tissue Regeneration", "Non-Surgical Option"]) {
      await expect(education.getByRole("heading", { name: benefit })).toBeVisible();
    }
    await expect(education.getByRole("heading", { name: "Common Conditions Treated" })).toBeVisible();
    await expect(education.locator(".stem-conditions li")).toHaveText([
      "Joint pain",
      "Sports injuries",
      "Back and neck pain",
      "Chronic inflammation",
    ]);
    const steps = education.getByRole("list", { name: "The Treatment Process" }).locator("li");
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText("Consultation");
    await expect(steps.nth(1)).toContainText("1-2 hours");
    await expect(steps.nth(2)).toContainText("24-48 hours");
    await expect(steps.nth(3)).toContainText("2-3 months");
    await expect(education.getByRole("link", { name: "Book a Consultation" })).toHaveAttribute(
      "href",
      "/contact?service=stem-cell-therapy#contact-form",
    );
    await expectNoSeriousA11yViolations(page);
  });

  test("ozone therapy: title and description from the service, no sections @phone", async ({ page }) => {
    expect((await page.goto("/services/ozone-therapy"))?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page).toHaveTitle(`Ozone Therapy | ${BRAND}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Medical ozone treatments that may support circulation, oxygen use and the body's response to inflammation.",
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/share\/services\/ozone-therapy\.png$/);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Ozone Therapy");
    await expect(page.getByTestId("service-description").locator("p")).toHaveCount(3);
    await expect(main.getByRole("link", { name: "Book This Service" })).toHaveAttribute(
      "href",
      "/contact?service=ozone-therapy#contact-form",
    );
    await expect(page.getByTestId("service-sections")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("an unknown service answers 404 with the Service Not Found card @phone", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
    const response = await page.goto("/services/no-such-treatment");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    const card = page.getByTestId("service-not-found");
    await expect(card.getByRole("heading", { level: 1 })).toHaveText("Service Not Found");
    await expect(card).toContainText(
      "The service you're looking for could not be found. Please check the URL or browse our services page.",
    );
    await expect(card.getByRole("link", { name: "View All Services" })).toHaveAttribute("href", "/services");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectNoSeriousA11yViolations(page);
  });

  test("a broken service image is replaced by the placeholder", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource/);
    await page.route("**/images/services/ozone-therapy.svg", (route) => route.fulfill({ status: 404, body: "missing" }));
    await page.goto("/services/ozone-therapy");
    await waitForHydration(page);
    const image = page.locator(".svc-detail-media img");
    await expect(image).toHaveAttribute("src", "/images/placeholder.svg");
    await expect(image).toHaveAttribute("alt", "Illustration of an ozone molecule with rising bubbles");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  });
});

test.describe("testimonials carousel", () => {
  test("pages through 2 at a time and wraps around both ways", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const slide = page.getByTestId("testimonials-page");
    const indicator = page.getByTestId("testimonials-indicator");
    const next = page.getByRole("button", { name: "Next testimonials" });
    const previous = page.getByRole("button", { name: "Previous testimonials" });
    const names = () => slide.locator(".tm-name");

    await expect(slide).toHaveAttribute("aria-live", "polite");
    // 5 seeded testimonials make 3 pages; a sixth that an admin spec adds for a moment joins Angela on the third.
    await expect(indicator).toHaveText("1 / 3");
    await expect(names()).toHaveText(["Karen M.", "David R."]);

    await next.click();
    await expect(indicator).toHaveText("2 / 3");
    await expect(names()).toHaveText(["Linda S.", "Michael T."]);
    await expect(next).toBeFocused();
    await next.click();
    await expect(indicator).toHaveText("3 / 3");
    await expect(names().first()).toHaveText("Angela P.");
    await next.click();
    await expect(indicator).toHaveText("1 / 3");
    await expect(names()).toHaveText(["Karen M.", "David R."]);

    await previous.click();
    await expect(indicator).toHaveText("3 / 3");
    await expect(names().first()).toHaveText("Angela P.");
    await previous.click();
    await expect(indicator).toHaveText("2 / 3");
    await expect(previous).toBeFocused();

    // Linda's 94 characters show whole; Michael's 155 are cut after the last whole word within 100, plus "...".
    const linda = slide.getByTestId("testimonial").filter({ hasText: "Linda S." });
    await expect(linda.locator("blockquote")).toHaveText(
      "A calm, clean clinic and a staff who genuinely listen. The results have been gradual but real.",
    );
    await expect(linda.getByRole("button")).toHaveCount(0);
    const michael = slide.getByTestId("testimonial").filter({ hasText: "Michael T." });
    await expect(michael.locator("blockquote")).toHaveText(
      "As a runner I was skeptical, but the care plan was thorough and sensible. My tendon issue has... Read more",
    );
    await expect(michael.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    await expect(michael.locator(".tm-initials")).toHaveText("MT");
  });

  test("Read more opens the full text; close button, overlay click and Escape close it and focus returns", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const readMore = page.getByRole("button", { name: "Read more from Karen M." });
    const dialog = page.getByTestId("testimonial-dialog");
    const fullText = "Six months on I'm hiking with my grandkids again.";
    await expect(page.getByTestId("testimonials-page")).not.toContainText(fullText);

    for (const how of ["close button", "overlay", "Escape"] as const) {
      await readMore.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: "Karen M." })).toBeVisible();
      await expect(dialog).toContainText(
        `After years of knee pain that kept me off the trails, I wanted an option that didn't involve surgery. The team explained every step, never rushed me, and checked in after each visit. ${fullText}`,
      );
      await expect(dialog.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
      if (how === "close button") await dialog.getByRole("button", { name: "Close" }).click();
      else if (how === "overlay") await page.mouse.click(4, 400);
      else await page.keyboard.press("Escape");
      await expect(dialog, `closed by ${how}`).toBeHidden();
      await expect(readMore, `focus back after ${how}`).toBeFocused();
    }
  });
});

test.describe("language choice", () => {
  // Issue 27: the choice opens this page in that language (its own address, its words, its <html lang>),
  // and is remembered; the insights card shows the page language's insights.
  test("choosing Spanish opens the Spanish About page with its insights and <html lang>, and survives a reload", async ({ page }) => {
    const spanish = LANGUAGES.find((language) => language.code === "es")!;
    const english = LANGUAGES[0]!;
    await page.goto("/about");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const list = page.getByTestId("insights-list").locator("li");
    await expect(list).toHaveText(CULTURAL_INSIGHTS[english.code]);

    await page.getByRole("radio", { name: "Español" }).check();
    await expect(page).toHaveURL(/\/es\/about$/);
    await waitForHydration(page);
    await expect(list).toHaveText(CULTURAL_INSIGHTS[spanish.code]);
    await expect(page.getByTestId("insights-language")).toContainText("Español");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_ES");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
    // The whole page is in Spanish now, not only the insights.
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(`About ${BRAND}`);

    await page.reload();
    await waitForHydration(page);
    await expect(list).toHaveText(CULTURAL_INSIGHTS[spanish.code]);
    await expect(page.getByRole("radio", { name: "Español" })).toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    await page.getByRole("radio", { name: "English" }).check();
    await expect(page).toHaveURL(/\/about$/);
    await waitForHydration(page);
    await expect(list).toHaveText(CULTURAL_INSIGHTS[english.code]);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test.describe("loading, failure and empty states", () => {
  test("services: 6 skeletons while loading, then the cards", async ({ page }) => {
    const release = await holdProcedure(page, "services.list");
    await navigateFromContact(page, "Services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
    const loading = page.getByRole("status", { name: "Loading services" });
    await expect(loading.getByTestId("skeleton")).toHaveCount(6);
    release();
    await expectSeededServices(page);
    await expect(loading).toHaveCount(0);
  });

  test("services: a failed list shows the red error in place of the grid", async ({ page }) => {
    await replaceProcedure(page, "services.list", "fail");
    await navigateFromContact(page, "Services");
    const error = page.getByText("Failed to load services. Please try again later.");
    await expect(error).toBeVisible();
    await expect(error).toHaveCSS("color", "rgb(180, 35, 24)");
    await expect(page.getByTestId("service-card")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
  });

  test("team: 3 skeletons while loading, and the error when it fails", async ({ page }) => {
    const release = await holdProcedure(page, "team.list");
    await navigateFromContact(page, "About");
    await expect(page.getByRole("status", { name: "Loading team" }).getByTestId("skeleton")).toHaveCount(3);
    release();
    await expectSeededTeam(page);

    await page.unrouteAll({ behavior: "wait" });
    await replaceProcedure(page, "team.list", "fail");
    await navigateFromContact(page, "About");
    await expect(page.getByText("Failed to load team data. Please try again later.")).toBeVisible();
    await expect(page.getByTestId("team-member")).toHaveCount(0);
    await expect(page.getByTestId("cultural-insights")).toBeVisible();
  });

  test("home: 2 testimonial and 6 service skeletons while loading", async ({ page }) => {
    const release = await holdProcedure(page, "testimonials.list");
    await navigateFromContact(page, "Home");
    await expect(page.getByRole("status", { name: "Loading testimonials" }).getByTestId("skeleton")).toHaveCount(2);
    await expect(page.getByRole("status", { name: "Loading services" }).getByTestId("skeleton")).toHaveCount(6);
    release();
    await expect(page.getByTestId("testimonial")).toHaveCount(2);
    await expectSeededServices(page);
  });

  test("home: testimonials failure and empty list", async ({ page }) => {
    await replaceProcedure(page, "testimonials.list", "fail");
    await navigateFromContact(page, "Home");
    await expect(page.getByTestId("testimonials")).toContainText("Failed to load testimonials. Please try again later.");
    await expect(page.getByTestId("testimonial")).toHaveCount(0);
    await expectSeededServices(page);

    await page.unrouteAll({ behavior: "wait" });
    await replaceProcedure(page, "testimonials.list", "empty");
    await navigateFromContact(page, "Home");
    await expect(page.getByTestId("testimonials")).toContainText("No testimonials available at the moment.");
    await expect(page.getByTestId("testimonials-indicator")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Next testimonials" })).toHaveCount(0);
  });
});
