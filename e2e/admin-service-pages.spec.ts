import type { Locator, Page } from "@playwright/test";
import { api, expectAccessible, openAdmin } from "./admin-fixtures";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Issue 22 items 3 and 4: staff choose which services the inquiry form offers (a new service is offered
 * unless they take it off, issue 36; Book This Service chooses the service there either way), and build a service's page from sections they add, edit and order (by
 * buttons, keyboard too), previewed in the editor and shown on the page with FAQPage structured data.
 * A new service shows in every page's footer, so this spec runs in the site-settings project, after the others.
 */

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let created: string[] = [];
test.afterEach(async ({ page }) => {
  const res = await api(page.request, "GET", "/api/admin/services");
  if (res.ok()) {
    for (const row of (await res.json()) as Array<{ id: number; slug: string }>)
      if (created.includes(row.slug)) await api(page.request, "DELETE", `/api/admin/services/${row.id}`);
  }
  created = [];
});

async function toast(page: Page, text: string) {
  await expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();
}

/** Fills the new-service form's own fields. */
async function fillService(page: Page, title: string, slug: string) {
  created.push(slug);
  const main = page.locator("main");
  await main.getByLabel("Title", { exact: true }).first().fill(title);
  await main.getByLabel("URL slug", { exact: true }).fill(slug);
  await main.getByLabel("Short description", { exact: true }).fill(`${title}, in short.`);
  await main.getByLabel("Full description", { exact: true }).fill(`${title} at the clinic.`);
  await main.getByLabel("Image alt text", { exact: true }).fill(title);
}

async function addSection(page: Page, kind: string) {
  await page.getByRole("combobox", { name: "Section to add" }).click();
  await page.locator(`.ant-select-item-option[title="${kind}"]`).click();
  await page.getByRole("button", { name: "Add section" }).click();
}

/** Whether the element lies wholly in the window, below the fixed header. */
function wholly(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector("header.site-header")?.getBoundingClientRect().bottom ?? 0;
    return box.top >= header - 1 && box.bottom <= window.innerHeight + 1 && box.left >= 0 && box.right <= window.innerWidth + 1;
  });
}

test("a service created in the portal is on the form unless staff take it off, and Book This Service chooses it, on a phone too", async ({
  page,
}) => {
  const title = `Cupping ${stamp()}`;
  const slug = `cupping-${stamp()}`;
  await openAdmin(page, "/services/new");
  await fillService(page, title, slug);
  // Issue 36: on for a new service, untouched here.
  await expect(page.getByRole("checkbox", { name: "Offered on the contact form" })).toBeChecked();
  await page.getByRole("button", { name: "Create Service" }).click();
  await toast(page, "Service created successfully");

  // The plain form offers it, before General Consultation, on a desktop and a phone.
  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 360, height: 780 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/contact");
    await waitForHydration(page);
    const services = page.getByRole("group", { name: /Services You're Interested In/ });
    await expect(services.getByRole("checkbox", { name: title })).not.toBeChecked();
    const names = await services.locator("label.choice").allTextContents();
    expect(names.at(-1)).toBe("General Consultation");
    expect(names.indexOf(title)).toBeGreaterThan(names.indexOf("Ozone Therapy"));

    await page.goto(`/services/${slug}`);
    await waitForHydration(page);
    // The footer lists it with the other services.
    await expect(page.locator("footer").getByRole("navigation", { name: "Services" }).getByRole("link", { name: title })).toHaveAttribute(
      "href",
      `/services/${slug}`,
    );
    await page.locator("main").getByRole("link", { name: "Book This Service" }).click();
    await expect(page).toHaveURL(new RegExp(`/contact\\?service=${slug}#contact-form$`));
    const box = page.getByRole("group", { name: /Services You're Interested In/ }).getByRole("checkbox", { name: title });
    await expect(box).toBeChecked();
    await expect(box).toBeFocused();
    await expect.poll(() => wholly(box)).toBe(true);
    await expect(services.getByRole("checkbox", { name: "Ozone Therapy" })).not.toBeChecked();
  }

  // Opened directly (the server's page, before any script), the same choice.
  await page.goto(`/contact?service=${slug}`);
  await expect(page.getByRole("group", { name: /Services You're Interested In/ }).getByRole("checkbox", { name: title })).toBeChecked();
});

test("a service created with the switch off is not on the plain form, and its Book This Service adds it for that visit", async ({
  page,
}) => {
  const title = `Sauna ${stamp()}`;
  const slug = `sauna-${stamp()}`;
  await openAdmin(page, "/services/new");
  await fillService(page, title, slug);
  await page.getByRole("checkbox", { name: "Offered on the contact form" }).uncheck();
  await page.getByRole("button", { name: "Create Service" }).click();
  await toast(page, "Service created successfully");

  await page.goto("/contact");
  await waitForHydration(page);
  const services = page.getByRole("group", { name: /Services You're Interested In/ });
  await expect(services.getByRole("checkbox", { name: "General Consultation" })).toBeVisible();
  await expect(services.getByRole("checkbox", { name: title })).toHaveCount(0);

  await page.goto(`/services/${slug}`);
  await waitForHydration(page);
  await page.locator("main").getByRole("link", { name: "Book This Service" }).click();
  await expect(services.getByRole("checkbox", { name: title })).toBeChecked();
  await expect(services.getByRole("checkbox", { name: title })).toBeFocused();
});

test("a new service's benefits, steps and FAQ, ordered by keyboard, show on its page with FAQPage structured data", async ({ page }) => {
  const title = `Cold Plunge ${stamp()}`;
  const slug = `cold-plunge-${stamp()}`;
  await openAdmin(page, "/services/new");
  await fillService(page, title, slug);

  await addSection(page, "Benefits");
  const benefits = page.getByRole("group", { name: "Section 1: Benefits" });
  await benefits.getByRole("group", { name: "Item 1" }).getByLabel("Title").fill("Alertness");
  await benefits.getByRole("group", { name: "Item 1" }).getByLabel("Text").fill("A cold start wakes you up.");
  await benefits.getByRole("button", { name: "Add item" }).click();
  await benefits.getByRole("group", { name: "Item 2" }).getByLabel("Title").fill("Recovery");
  await benefits.getByRole("group", { name: "Item 2" }).getByLabel("Text").fill("Cold soothes tired muscles.");

  await addSection(page, "FAQ");
  const faq = page.getByRole("group", { name: "Section 2: FAQ" });
  await faq.getByLabel("Question").fill("How cold is the water?");
  await faq.getByLabel("Answer").fill("About 40 degrees Fahrenheit.");

  await addSection(page, "Treatment steps");
  const steps = page.getByRole("group", { name: "Section 3: Treatment steps" });
  await steps.getByRole("group", { name: "Step 1" }).getByLabel("Title").fill("Warm up");
  await steps.getByRole("group", { name: "Step 1" }).getByLabel("Text").fill("Five minutes of light movement.");
  await steps.getByRole("button", { name: "Add step" }).click();
  await steps.getByRole("group", { name: "Step 2" }).getByLabel("Title").fill("Plunge");
  await steps.getByRole("group", { name: "Step 2" }).getByLabel("Text").fill("Three minutes in the water.");

  // Steps before the FAQ, by keyboard: the moved section keeps the focus.
  await page.getByRole("button", { name: "Move Section 3: Treatment steps up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("service-section")).toHaveCount(3);
  await expect(page.getByRole("group", { name: "Section 2: Treatment steps" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Move Section 2: Treatment steps up" })).toBeFocused();
  await expect(page.getByRole("group", { name: "Section 3: FAQ" })).toBeVisible();

  // The editor's preview shows them as they are typed.
  const preview = page.getByTestId("service-sections-preview");
  for (const text of ["Alertness", "Warm up", "How cold is the water?"]) await expect(preview).toContainText(text);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Create Service" }).click();
  await toast(page, "Service created successfully");

  await page.goto(`/services/${slug}`);
  await waitForHydration(page);
  const sections = page.getByTestId("service-sections");
  await expect(sections.getByRole("heading", { level: 2 })).toHaveText(["Benefits", "The Treatment Process", "Frequently Asked Questions"]);
  for (const benefit of ["Alertness", "Recovery"]) await expect(sections.getByRole("heading", { name: benefit })).toBeVisible();
  const stepItems = sections.getByRole("list", { name: "The Treatment Process" }).locator("li");
  await expect(stepItems).toHaveCount(2);
  await expect(stepItems.nth(0)).toContainText("Warm up");
  await expect(stepItems.nth(1)).toContainText("Three minutes in the water.");
  await sections.getByText("How cold is the water?").click();
  await expect(sections.getByText("About 40 degrees Fahrenheit.")).toBeVisible();

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faqPage = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data["@type"] === "FAQPage");
  expect(faqPage).toEqual({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: [
      { "@type": "Question", name: "How cold is the water?", acceptedAnswer: { "@type": "Answer", text: "About 40 degrees Fahrenheit." } },
    ],
  });
});
