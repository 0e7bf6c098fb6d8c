import type { Page } from "@playwright/test";
import { DEFAULT_CLINIC } from "../src/shared/clinic";
import { api, expectAccessible, openAdmin, signInByApi } from "./admin-fixtures";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Staff change the footer every public page shows (public-site.md section 4, admin-portal.md section
 * 5): its text in the visual editor, and its fallbacks when staff hide their text and links. These
 * tests change what the public specs read (layout.spec.ts checks the footer's text and links), so
 * they are in the site-settings project, which runs after every other project, beside one other
 * spec of it that changes another fact (playwright.config.ts); and one after the other here, as both
 * change the footer's text.
 */
test.describe.configure({ mode: "serial" });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The newest toast reads `text` (one toast at a time; the one before may still be fading out). */
async function toast(page: Page, text: string) {
  await expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

/** Puts the seeded footer text back after the editor's test, also when it failed half-way. */
let putBackAfterwards: ((page: Page) => Promise<void>) | null = null;
test.afterEach(async ({ page }) => {
  await putBackAfterwards?.(page);
  putBackAfterwards = null;
});

test("edit the footer text in the visual editor: bold text is saved as HTML and the public footer shows it; then put it back", async ({
  page,
}) => {
  await openAdmin(page, "/content");
  await expect(page.getByRole("button", { name: "Back to Dashboard" })).toBeVisible();
  await page.getByRole("tab", { name: "footer" }).click();
  await expect(page.getByTestId("content-item").first()).toHaveAttribute("data-key", /^footer\//);
  const item = page.locator('[data-testid="content-item"][data-key="footer/description/text"]');
  await expect(item.getByTestId("content-place")).toHaveText("Footer (every page): text about the clinic");
  // The spec's badges (page, section, key, type) show under Advanced.
  await expect(item).not.toContainText("Type: html");
  await page.getByRole("switch", { name: "Advanced" }).click();
  await expect(item).toContainText("Type: html");
  await expect(item.getByRole("img", { name: "Visible on website" })).toBeVisible();

  const rows = (await (await api(page.request, "GET", "/api/admin/content?page=footer")).json()) as Array<Record<string, unknown>>;
  const stored = rows.find((r) => r.section === "description" && r.key === "text")!;
  const original = String(stored.content);
  expect(original).toContain("fully regenerative approach");
  putBackAfterwards = async (p) => {
    const now = (await (await api(p.request, "GET", "/api/admin/content?page=footer")).json()) as Array<Record<string, unknown>>;
    const row = now.find((r) => r.section === "description" && r.key === "text");
    if (row && row.content !== original) await api(p.request, "PUT", `/api/admin/content/${row.id}`, { ...row, content: original });
  };

  // An html item is edited visually: no HTML to type, the toolbar makes text bold.
  await item.getByRole("button", { name: "Edit Footer (every page): text about the clinic" }).click();
  const editor = item.getByRole("textbox", { name: "Content (visual editor)" });
  await expect(editor).toContainText("fully regenerative approach");
  await expect(item.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await expectAccessible(page, '[data-testid="content-item"][data-key="footer/description/text"]');
  const words = `E2E footer ${stamp()}`;
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Plain start. ");
  await item.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(words);
  await item.getByRole("button", { name: "Save Changes" }).click();
  await toast(page, "Content updated successfully");
  await expect(item.getByRole("textbox", { name: "Content (visual editor)" })).toHaveCount(0);
  await expect(item.getByTestId("content-preview").locator("strong")).toHaveText(words);

  const saved = (await (await api(page.request, "GET", "/api/admin/content?page=footer")).json()) as Array<Record<string, unknown>>;
  expect(String(saved.find((r) => r.id === stored.id)!.content)).toBe(`<p>Plain start. <strong>${words}</strong></p>`);
  await page.goto("/");
  await expect(page.getByTestId("footer-description").locator("strong")).toHaveText(words);

  // Put it back (the afterEach step is the safety net).
  await api(page.request, "PUT", `/api/admin/content/${stored.id}`, { ...stored, content: original });
  await page.goto("/");
  await expect(page.getByTestId("footer-description")).toContainText("we believe in a fully regenerative approach to health and wellness");
});

test("static social links when staff show none, and the default text when the description is hidden", async ({ page }) => {
  await signInByApi(page.request);
  const links = (await (await api(page.request, "GET", "/api/admin/social-media")).json()) as Array<
    Record<string, unknown> & { id: number; isVisible: boolean; displayName: string; url: string }
  >;
  const visible = links.filter((l) => l.isVisible);
  const content = (await (await api(page.request, "GET", "/api/admin/content?page=footer")).json()) as Array<
    Record<string, unknown> & { id: number; section: string; key: string }
  >;
  const description = content.find((c) => c.section === "description" && c.key === "text")!;
  const footer = page.locator("footer.site-footer");
  const social = footer.getByRole("list", { name: "Follow us" });
  const defaultText =
    "At Millcreek Regenerative Wellness, we believe in a fully regenerative approach to health and wellness, addressing the needs of body, mind, and spirit.";
  // Staff's own text and addresses first, each unlike the built-in fallback, so the fallback below is
  // seen to replace them (the seeded ones are the fallback's words).
  const edit = `edit-${Date.now()}`;
  const staffText = `Staff ${edit}: we believe in a fully regenerative approach to health and wellness.`;
  const staffUrl = (link: { url: string }) => `${link.url.replace(/\/+$/, "")}/${edit}`;
  try {
    for (const link of visible)
      expect((await api(page.request, "PUT", `/api/admin/social-media/${link.id}`, { ...link, url: staffUrl(link) })).status()).toBe(200);
    expect(
      (await api(page.request, "PUT", `/api/admin/content/${description.id}`, { ...description, content: `<p>${staffText}</p>` })).status(),
    ).toBe(200);
    await page.context().clearCookies();
    await open(page, "/services");
    await expect(footer.getByTestId("footer-description")).toHaveText(staffText);
    for (const link of visible) await expect(social.getByRole("link", { name: link.displayName })).toHaveAttribute("href", staffUrl(link));

    await signInByApi(page.request);
    for (const link of visible)
      await api(page.request, "PUT", `/api/admin/social-media/${link.id}`, { ...link, url: staffUrl(link), isVisible: false });
    await api(page.request, "PUT", `/api/admin/content/${description.id}`, {
      ...description,
      content: `<p>${staffText}</p>`,
      isVisible: false,
    });
    await page.context().clearCookies();
    await open(page, "/services");
    await expect(footer.getByTestId("footer-description")).toHaveText(defaultText);
    await expect(social.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", DEFAULT_CLINIC.social.facebook);
    await expect(social.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", DEFAULT_CLINIC.social.instagram);
    await expect(social.getByRole("link", { name: "YouTube" })).toHaveAttribute("href", DEFAULT_CLINIC.social.youtube);
    await expect(social.getByRole("link")).toHaveCount(3);
  } finally {
    await signInByApi(page.request);
    for (const link of visible) await api(page.request, "PUT", `/api/admin/social-media/${link.id}`, link);
    await api(page.request, "PUT", `/api/admin/content/${description.id}`, description);
  }
});
