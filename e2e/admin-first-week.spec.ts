import { api, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * The smaller findings of a clinic owner's first week (issue 36, item 10): Settings opens on the clinic's
 * details, with a line of links to every section; a record is translated from where it is edited, by a
 * labelled Translate button; the news summary's help says where the site shows the summary. Nothing is
 * changed here (the service is one of this spec's own, removed again), so it runs beside any other spec.
 */
test("Settings starts with Clinic details and links to each section", async ({ page }) => {
  await openAdmin(page, "/settings");
  const links = page.getByRole("navigation", { name: "Settings sections" }).getByRole("link");
  await expect(links).toHaveText(["Clinic details", "Brand", "E-mail", "Sign-in security", "Retention", "Backup"]);
  // The first card on the page is the clinic's details.
  const cards = page.locator('[data-testid^="settings-"]').filter({ has: page.locator(".ant-card-head") });
  await expect(cards.first()).toHaveAttribute("data-testid", "settings-clinic");
  // A link brings its section into view, once the cards above it hold what they load (a card that grows
  // after the scroll pushes the section down again, as it would for a person who clicked that early).
  await expect(page.getByTestId("settings-sections").locator("xpath=..").locator(".ant-skeleton, .ant-spin-spinning")).toHaveCount(0);
  await links.filter({ hasText: "Backup" }).click();
  await expect(page.getByTestId("settings-backup")).toBeInViewport();
});

test("a service is translated from its editor: Translate, then the language", async ({ page }) => {
  await openAdmin(page, "/dashboard");
  const slug = `translate-here-${process.pid}-${Date.now()}`;
  const created = await api(page.request, "POST", "/api/admin/services", {
    title: "Sound Bath",
    slug,
    shortDescription: "Resonant tones for deep rest.",
    description: "A session of resonant tones for deep rest.",
    imageAlt: "Singing bowls",
  });
  expect(created.status(), await created.text()).toBe(201);
  const service = (await created.json()) as { id: number };
  try {
    await page.goto(`/admin/services/edit/${service.id}`);
    await page.getByRole("button", { name: 'Translate "Sound Bath"' }).click();
    await page.getByRole("menuitem", { name: "Into Spanish (Español)" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/translations/service/${service.id}/es$`));
    await expect(page.getByTestId("english-text").first()).toHaveText("Sound Bath");
  } finally {
    expect((await api(page.request, "DELETE", `/api/admin/services/${service.id}`)).status()).toBe(200);
  }
});

test("the news summary's help says where the site shows the summary", async ({ page }) => {
  await openAdmin(page, "/news/new");
  const help = page.getByText("Shown on the article's card in News and under Related Articles", { exact: false });
  await expect(help).toBeVisible();
  await expect(page.getByText("at the top of the article")).toHaveCount(0);
});
