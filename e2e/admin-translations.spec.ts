import { api, openAdmin } from "./admin-fixtures";
import { E2E_BASE_URL } from "./env";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Staff translate (issue 27): a new service translated into Chinese in the Translations screen,
 * published, is at /zh/services/{slug} in Chinese with lang="zh-Hans"; when the English changes
 * afterwards, the Chinese is marked "Needs update" and the editor shows what changed. The service is
 * one of this spec's own (added and removed here), so no other spec reads it.
 */
test("a staff member translates a new service into Chinese, publishes it, and the English change marks it Needs update", async ({
  page,
}) => {
  await openAdmin(page, "/dashboard");
  const slug = `cupping-${process.pid}-${Date.now()}`;
  const english = {
    title: "Cupping Therapy",
    slug,
    shortDescription: "Gentle suction cups that ease muscle tension.",
    description: "Cupping uses gentle suction to relax tight muscles.",
    imageAlt: "Glass cups on a treatment table",
  };
  const created = await api(page.request, "POST", "/api/admin/services", english);
  expect(created.status(), await created.text()).toBe(201);
  const service = (await created.json()) as { id: number };
  try {
    // Untranslated, its Chinese page shows the English marked as such.
    await page.goto(`/zh/services/${slug}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");

    await page.goto("/admin/translations");
    await page.getByRole("searchbox", { name: "Search" }).or(page.getByPlaceholder("Search by name")).fill("Cupping Therapy");
    const row = page.getByTestId("translation-row").filter({ hasText: "Cupping Therapy" });
    await expect(row).toContainText("Not translated");
    await row.getByTestId("translate-zh").click();
    await expect(page).toHaveURL(new RegExp(`/admin/translations/service/${service.id}/zh$`));

    // The English beside each field; the Chinese written in.
    await expect(page.getByTestId("english-text").first()).toHaveText("Cupping Therapy");
    await page.getByLabel("Title (中文)").fill("拔罐疗法");
    await page.getByLabel("Short description (中文)").fill("温和的负压杯，帮助放松紧张的肌肉。");
    await page.getByLabel("Full description (中文)").fill("拔罐利用温和的负压，帮助放松紧绷的肌肉。");
    await page.getByLabel("Image alt text (中文)").fill("治疗台上的玻璃火罐");
    // antd's button-style radios: the label is what a person clicks.
    await page.locator(".editor-actions").getByText("Published", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Published" })).toBeChecked();
    await page.getByRole("button", { name: "Save translation" }).click();
    await expect(page.getByText("Chinese translation saved")).toBeVisible();

    // The visitor's Chinese page.
    const visitor = await page.context().browser()!.newContext({ baseURL: E2E_BASE_URL });
    const site = await visitor.newPage();
    await site.goto(`/zh/services/${slug}`);
    await waitForHydration(site);
    await expect(site.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(site.getByRole("heading", { level: 1 })).toHaveText("拔罐疗法");
    expect(await site.getByRole("heading", { level: 1 }).getAttribute("lang")).toBeNull();
    await expect(site.locator('link[rel="alternate"][hreflang="zh-Hans"]')).toHaveAttribute("href", `${E2E_BASE_URL}/zh/services/${slug}`);
    await visitor.close();

    // The English changes afterwards: the Chinese needs an update, and the editor says what changed.
    const updated = await api(page.request, "PUT", `/api/admin/services/${service.id}`, {
      ...english,
      shortDescription: "Gentle suction cups that ease muscle tension and stiffness.",
    });
    expect(updated.status(), await updated.text()).toBe(200);
    await page.goto("/admin/translations");
    await page.getByPlaceholder("Search by name").fill("Cupping Therapy");
    await expect(page.getByTestId("translation-row").filter({ hasText: "Cupping Therapy" })).toContainText("Needs update");
    await page.getByTestId("translation-row").filter({ hasText: "Cupping Therapy" }).getByTestId("translate-zh").click();
    const changed = page.getByTestId("english-changed");
    await expect(changed).toContainText("The English changed since this was translated");
    await expect(page.getByTestId("english-diff-shortDescription")).toContainText("stiffness");
  } finally {
    await api(page.request, "DELETE", `/api/admin/services/${service.id}`);
  }
});

test('an article no one has translated reads in English under /es/, marked lang="en", and is in no Spanish sitemap', async ({ page }) => {
  await openAdmin(page, "/dashboard");
  const slug = `late-hours-${process.pid}-${Date.now()}`;
  const created = await api(page.request, "POST", "/api/admin/news", {
    title: "Open Late on Thursdays",
    slug,
    summary: "From next month the clinic stays open until 7 PM on Thursdays.",
    content: "<p>Evening appointments are here.</p>",
    isPublished: true,
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()) as { id: number };
  try {
    await page.goto(`/es/news/${slug}`);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const title = page.getByRole("heading", { level: 1 });
    await expect(title).toHaveText("Open Late on Thursdays");
    await expect(title).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("article-body")).toHaveAttribute("lang", "en");
    // The page's own words around it are Spanish.
    await expect(page.getByRole("link", { name: "Volver a Noticias" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${E2E_BASE_URL}/news/${slug}`);

    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${E2E_BASE_URL}/news/${slug}</loc>`);
    expect(sitemap).not.toContain(`/es/news/${slug}`);
    expect(sitemap).not.toContain(`/zh/news/${slug}`);
  } finally {
    await api(page.request, "DELETE", `/api/admin/news/${article.id}`);
  }
});

test("a testimonial written in English, translated into Spanish and published, shows on /es/ labelled as the clinic's translation", async ({
  page,
}) => {
  await openAdmin(page, "/dashboard");
  const name = `Translated Patient ${process.pid}-${Date.now()}`;
  const created = await api(page.request, "POST", "/api/admin/testimonials", {
    name,
    service: "Ozone Therapy",
    content: "The staff were patient with me and I walk without pain now.",
    rating: 5,
    isVisible: true,
    consentToPublish: true,
  });
  expect(created.status(), await created.text()).toBe(201);
  const testimonial = (await created.json()) as { id: number };
  try {
    await page.goto("/admin/translations?kind=testimonial");
    await page.getByPlaceholder("Search by name").fill(name);
    const row = page.getByTestId("translation-row").filter({ hasText: name });
    await expect(row).toContainText("Not translated");
    await row.getByTestId("translate-es").click();
    await expect(page).toHaveURL(new RegExp(`/admin/translations/testimonial/${testimonial.id}/es$`));
    await page.getByLabel("Content (Español)").fill("El personal tuvo mucha paciencia conmigo y ahora camino sin dolor.");
    await page.getByLabel("Service (Español)").fill("Terapia de ozono");
    await page.locator(".editor-actions").getByText("Published", { exact: true }).click();
    await page.getByRole("button", { name: "Save translation" }).click();
    await expect(page.getByText("Spanish translation saved")).toBeVisible();

    // The visitor's Spanish home page: the carousel's page that has it.
    const visitor = await page.context().browser()!.newContext({ baseURL: E2E_BASE_URL });
    const site = await visitor.newPage();
    await site.goto("/es/");
    await waitForHydration(site);
    const card = site.getByTestId("testimonial").filter({ hasText: name });
    // The carousel wraps around; other specs may add testimonials meanwhile, so look page by page until it shows.
    const next = site.getByRole("button", { name: "Testimonios siguientes" });
    for (let i = 0; i < 100 && (await card.count()) === 0 && (await next.count()) > 0; i++) await next.click();
    await expect(card).toContainText("El personal tuvo mucha paciencia conmigo");
    await expect(card).toContainText("Terapia de ozono");
    await expect(card.getByTestId("testimonial-translated")).toHaveText("Traducido por la clínica del inglés original del paciente");
    expect(await card.locator("blockquote span").first().getAttribute("lang")).toBeNull();
    await visitor.close();
  } finally {
    await api(page.request, "DELETE", `/api/admin/testimonials/${testimonial.id}`);
  }
});
