import { api, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * Draft preview (issue 14): from a draft's editor, Preview opens the article at its public address in
 * a new tab, under the "Preview: not public" banner; a visitor (a browser without the staff session)
 * gets Article Not Found at the same address.
 */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("Preview in a draft's editor shows it with the banner; a visitor gets 404 at the same address", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const id = unique();
  const title = `Ozone draft ${id}`;
  const slug = `ozone-draft-${id}`;
  await openAdmin(page, "/dashboard");
  const created = await api(page.request, "POST", "/api/admin/news", {
    title,
    slug,
    summary: "Not published yet.",
    content: "<p>A draft body staff check before it goes out.</p>",
    isPublished: false,
  });
  expect(created.status(), await created.text()).toBe(201);
  const articleId = (await created.json()).id as number;
  try {
    await page.getByRole("menuitem", { name: "News Articles" }).click();
    await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Edit "${title}"` })
      .click();
    await expect(page.getByRole("heading", { name: "Edit News Article" })).toBeVisible();

    const [preview] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: "Preview" }).click()]);
    await expect(preview.getByTestId("preview-banner")).toHaveText(/Preview: not public/);
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(preview.getByTestId("article-body")).toContainText("A draft body staff check");

    const visitor = await browser.newContext();
    try {
      const visit = await visitor.newPage();
      const answer = await visit.goto(`${baseURL}/news/${slug}`);
      expect(answer?.status()).toBe(404);
      await expect(visit.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
      await expect(visit.getByText(title)).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  } finally {
    await api(page.request, "DELETE", `/api/admin/news/${articleId}`);
  }
});
