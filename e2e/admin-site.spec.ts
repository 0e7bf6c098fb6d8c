import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { api, openAdmin } from "./admin-fixtures";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The site-editing screens of the admin portal (admin-portal.md sections 2, 4, 5 and 8): testimonials,
 * team, website content, website images and social media links. Each area creates, edits and deletes a
 * record through the UI and checks the public page where it shows. The server is shared by every spec
 * of a run: records made here are this spec's own (unique names) and removed again; the seeded item
 * edited here (the about/mission image's SEO filename) is put back. Editing the footer text, which
 * every public page shows, is in admin-footer.spec.ts (the site-settings project, run last).
 */

/**
 * Records this spec made that a failing test would otherwise leave behind (the home and About pages'
 * own spec counts the seeded testimonials and team), removed through the REST mirror after each test;
 * and seeded items a test changed, put back the same way.
 */
let afterwards: Array<(page: Page) => Promise<void>> = [];

function removeAfterwards(list: string, match: (row: Record<string, unknown>) => boolean) {
  afterwards.push(async (page) => {
    const res = await api(page.request, "GET", list);
    if (!res.ok()) return;
    for (const row of ((await res.json()) as Array<Record<string, unknown>>).filter(match))
      await api(page.request, "DELETE", `${list}/${row.id}`);
  });
}

test.afterEach(async ({ page }) => {
  for (const step of afterwards) await step(page);
  afterwards = [];
});

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 14, g: 90, b: 97 } } })
    .png()
    .toBuffer();
}

/** The antd form item whose label reads exactly `label` (to find a field's message next to it). */
function fieldItem(scope: Locator, label: string): Locator {
  return scope
    .locator(".ant-form-item")
    .filter({ has: scope.page().locator("label", { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The newest toast reads `text` (one toast at a time; the one before may still be fading out). */
async function toast(page: Page, text: string) {
  await expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();
}

async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

/** Every testimonial name on the home page carousel (all its pages). */
async function homeTestimonialTexts(page: Page): Promise<string> {
  await page.goto("/");
  await waitForHydration(page);
  const section = page.getByTestId("testimonials");
  await expect(section.getByTestId("testimonial").first()).toBeVisible();
  const indicator = page.getByTestId("testimonials-indicator");
  const pageCount = (await indicator.count()) > 0 ? Number((await indicator.textContent())!.split("/")[1]) : 1;
  let text = "";
  for (let i = 1; i <= pageCount; i++) {
    text += (await section.getByTestId("testimonials-page").textContent()) ?? "";
    if (i < pageCount) {
      await section.getByRole("button", { name: "Next testimonials" }).click();
      await expect(indicator).toHaveText(`${i + 1} / ${pageCount}`);
    }
  }
  return text;
}

test.describe("testimonials", () => {
  test("one written in Spanish: chosen on the form, named on its card, and marked as Spanish on the English home page", async ({
    page,
  }) => {
    const name = `E2E Paciente ${stamp()}`;
    removeAfterwards("/api/admin/testimonials", (row) => row.name === name);
    await openAdmin(page, "/testimonials");
    await page.getByRole("button", { name: "Add Testimonial" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await expect(fieldItem(dialog, "Written in")).toContainText("English");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Content", { exact: true }).fill("Me atendieron con paciencia y ahora camino sin dolor.");
    await chooseOption(page, dialog.getByLabel("Written in"), "Spanish");
    await dialog.getByLabel("The patient agreed to the publication of this testimonial").check();
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await toast(page, "Testimonial added successfully");
    await expect(page.getByTestId("testimonial-card").filter({ hasText: name }).getByTestId("testimonial-record")).toContainText(
      "Written in Spanish",
    );

    expect(await homeTestimonialTexts(page)).toContain(name);
    const publicCard = page.getByTestId("testimonial").filter({ hasText: name });
    await expect(publicCard.locator('blockquote span[lang="es"]')).toHaveText("Me atendieron con paciencia y ahora camino sin dolor.");
  });

  test("add, show on the home page, edit, hide, filter and delete a testimonial", async ({ page }) => {
    const name = `E2E Client ${stamp()}`;
    removeAfterwards("/api/admin/testimonials", (row) => row.name === name);
    await openAdmin(page, "/testimonials");
    await expect(page.getByRole("heading", { name: "Testimonials", level: 2 })).toBeVisible();
    const counter = page.getByTestId("testimonial-counter");
    await expect(counter).toHaveText(/^Showing \d+ of \d+ testimonials$/);

    // Add: defaults are rating 5, visible, the first service; received today from the patient, no
    // consent yet, nothing given in return.
    await page.getByRole("button", { name: "Add Testimonial" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await expect(dialog.getByLabel("Service")).toBeVisible();
    await expect(fieldItem(dialog, "Service")).toContainText("Utah Stem Cell Therapy");
    await expect(fieldItem(dialog, "Rating")).toContainText("5 Stars");
    await expect(dialog.getByRole("switch", { name: "Visible on Website" })).toBeChecked();
    await expect(dialog.getByLabel("Content", { exact: true })).toHaveAttribute("rows", "5");
    await expect(dialog.getByLabel("Date received")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(dialog.getByLabel("Source")).toHaveValue("patient");
    await expect(dialog.getByLabel("The patient agreed to the publication of this testimonial")).not.toBeChecked();
    await expect(dialog.getByLabel("Given in return")).toHaveValue("");
    await dialog.getByLabel("Name").fill(name);
    await chooseOption(page, dialog.getByLabel("Service"), "Ozone Therapy");
    await chooseOption(page, dialog.getByLabel("Rating"), "4 Stars");
    await dialog.getByLabel("Content", { exact: true }).fill("The team was kind and explained every step. E2E original text.");
    await dialog.getByLabel("Profile image").setInputFiles({ name: "client.png", mimeType: "image/png", buffer: await png(120, 120) });
    await expect(dialog.getByTestId("image-preview").locator("img")).toHaveAttribute("src", /^blob:/);
    // Where it came from (the FTC's 2024 rule on reviews): visible without the patient's agreement is refused.
    await dialog.getByLabel("Date received").fill("2024-10-21");
    await dialog.getByLabel("Source").fill("Google review");
    await dialog.getByLabel("Given in return").fill("a $25 gift card");
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await expect(
      dialog.locator(".ant-form-item").filter({ hasText: "The patient agreed to the publication of this testimonial" }),
    ).toContainText("A testimonial can be visible on the website only when the patient agreed to its publication");
    await dialog.getByLabel("The patient agreed to the publication of this testimonial").check();
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await toast(page, "Testimonial added successfully");
    await expect(dialog).toBeHidden();

    const card = page.getByTestId("testimonial-card").filter({ hasText: name });
    await expect(card).toContainText("Ozone Therapy");
    await expect(card).toContainText("Rating: 4/5");
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\//);
    await expect(card.getByTestId("testimonial-record")).toContainText("Received Oct 21, 2024 · Source: Google review");
    await expect(card.getByTestId("testimonial-record")).toContainText("Consent to publish");
    await expect(card.getByTestId("testimonial-record")).toContainText("Given in return: a $25 gift card");

    // The home page carousel shows it (on the last page, being the newest), saying what was given in return.
    expect(await homeTestimonialTexts(page)).toContain(name);
    const publicCard = page.getByTestId("testimonial").filter({ hasText: name });
    await expect(publicCard.getByTestId("testimonial-incentive")).toHaveText("Received in return for this testimonial: a $25 gift card");
    await expect(page.getByTestId("testimonial").filter({ hasNotText: name }).getByTestId("testimonial-incentive")).toHaveCount(0);

    // Edit: the dialog opens filled in; a save updates the card.
    await page.goto("/admin/testimonials");
    await card.getByRole("button", { name: `Edit testimonial from ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Testimonial" });
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    await expect(edit.getByLabel("Date received")).toHaveValue("2024-10-21");
    await expect(edit.getByLabel("Source")).toHaveValue("Google review");
    await expect(edit.getByLabel("The patient agreed to the publication of this testimonial")).toBeChecked();
    await expect(edit.getByLabel("Given in return")).toHaveValue("a $25 gift card");
    await edit.getByLabel("Content", { exact: true }).fill("The team was kind and explained every step. E2E edited text.");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Testimonial updated successfully");
    await expect(card).toContainText("E2E edited text.");

    // The switch hides it at once; the card is dimmed and the home page no longer shows it.
    const visibility = card.getByRole("switch", { name: `Visible on website: ${name}` });
    await visibility.click();
    await toast(page, "Testimonial is now hidden on the website");
    await expect(visibility).not.toBeChecked();
    await expect(card).toHaveAttribute("data-visible", "false");
    expect(await homeTestimonialTexts(page)).not.toContain(name);

    // Filters and counter.
    await page.goto("/admin/testimonials");
    await page.getByText("Hidden Only", { exact: true }).click();
    await expect(card).toBeVisible();
    const [, shown, total] = /Showing (\d+) of (\d+)/.exec((await counter.textContent())!)!;
    expect(Number(shown)).toBeLessThan(Number(total));
    await page.getByText("Visible Only", { exact: true }).click();
    await expect(card).toBeHidden();
    await page.getByText("All", { exact: true }).click();
    await expect(card).toBeVisible();

    // Delete: the confirmation names the testimonial, its service and rating.
    await card.getByRole("button", { name: `Delete testimonial from ${name}` }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: "Delete Testimonial" });
    await expect(confirm).toContainText(name);
    await expect(confirm).toContainText("Ozone Therapy");
    await expect(confirm).toContainText("Rating: 4/5");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Testimonial deleted successfully");
    await expect(card).toHaveCount(0);
  });

  test("validation messages show at their fields; a failed photo upload stops the save", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500/);
    await openAdmin(page, "/testimonials");
    await page.getByRole("button", { name: "Add Testimonial" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await expect(fieldItem(dialog, "Name")).toContainText("Name is required");
    await expect(fieldItem(dialog, "Content")).toContainText("Content is required");
    await expect(dialog.getByLabel("Name")).toBeFocused();

    const name = `E2E Upload Fails ${stamp()}`;
    await page.route("**/trpc/testimonials.uploadImage**", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }),
    );
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Content", { exact: true }).fill("This one must not be saved.");
    await dialog.getByLabel("The patient agreed to the publication of this testimonial").check();
    await dialog.getByLabel("Profile image").setInputFiles({ name: "client.png", mimeType: "image/png", buffer: await png(40, 40) });
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await toast(page, "Failed to upload image");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue(name);

    // Cancel with unsaved input asks first.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Discard" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("testimonial-card").filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe("team", () => {
  test("add a member with a photo, see them on the About page, edit and delete", async ({ page }) => {
    const name = `E2E Member ${stamp()}`;
    removeAfterwards("/api/admin/team", (row) => row.name === name);
    await openAdmin(page, "/team");
    await page.getByRole("button", { name: "Add Team Member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Team Member" });

    // Checks in order, at their fields.
    await dialog.getByRole("button", { name: "Add Team Member" }).click();
    await expect(fieldItem(dialog, "Name")).toContainText("Name is required");
    await expect(fieldItem(dialog, "Role")).toContainText("Role is required");
    await expect(fieldItem(dialog, "Bio")).toContainText("Bio is required");
    await expect(fieldItem(dialog, "Photo")).toContainText("Image is required");

    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Role").fill("Wellness Coach");
    await expect(dialog.getByLabel("Bio")).toHaveAttribute("rows", "4");
    await dialog.getByLabel("Bio").fill("Helps patients plan their recovery. Added by the e2e test.");

    // The photo uploads when chosen, with the indicator meanwhile (the upload is held until the test
    // has seen the indicator and the disabled button, then let through).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/trpc/team.uploadImage**", async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByLabel("Photo").setInputFiles({ name: "member.png", mimeType: "image/png", buffer: await png(200, 200) });
    await expect(dialog.getByText("Uploading image...")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Add Team Member" })).toBeDisabled();
    release();
    await expect(dialog.getByText("Uploading image...")).toBeHidden();
    await expect(dialog.getByTestId("image-preview").locator("img")).toHaveAttribute("src", /^\/uploads\//);
    await expect(fieldItem(dialog, "Photo")).not.toContainText("Image is required");
    await dialog.getByRole("button", { name: "Add Team Member" }).click();
    await toast(page, "Team member added successfully");
    await expect(dialog).toBeHidden();

    const card = page.getByTestId("team-card").filter({ hasText: name });
    await expect(card).toContainText("Wellness Coach");
    await expect(card.getByRole("img", { name: `Photo of ${name}` })).toHaveAttribute("src", /^\/uploads\//);

    await page.goto("/about");
    const member = page.getByTestId("team-member").filter({ hasText: name });
    await expect(member).toContainText("Wellness Coach");

    // Edit the role.
    await page.goto("/admin/team");
    await card.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Team Member" });
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    await edit.getByLabel("Role").fill("Senior Wellness Coach");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Team member updated successfully");
    await expect(card).toContainText("Senior Wellness Coach");
    await page.goto("/about");
    await expect(member).toContainText("Senior Wellness Coach");

    // Delete.
    await page.goto("/admin/team");
    await card.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: "Delete Team Member" });
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}? This action cannot be undone.`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Team member deleted successfully");
    await expect(card).toHaveCount(0);
    await page.goto("/about");
    await expect(page.getByTestId("team-member").first()).toBeVisible();
    await expect(page.getByTestId("team-member").filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe("website content", () => {
  test("add, preview (200 characters), cancel by changing tab, and delete a content item", async ({ page }) => {
    const pageName = `e2e-${stamp()}`;
    removeAfterwards("/api/admin/content", (row) => row.page === pageName);
    await openAdmin(page, "/content");
    await page.getByRole("button", { name: "Add Content" }).click();
    const create = page.getByTestId("content-create");
    await expect(create.getByLabel("Content type")).toBeVisible();
    await expect(fieldItem(create, "Content type")).toContainText("text");
    await expect(create.getByRole("switch", { name: "Visible" })).toBeChecked();
    await create.getByRole("button", { name: "Create" }).click();
    await expect(fieldItem(create, "Page")).toContainText("Page is required");
    await expect(fieldItem(create, "Section")).toContainText("Section is required");
    await expect(fieldItem(create, "Key")).toContainText("Key is required");
    await expect(fieldItem(create, "Content")).toContainText("Content is required");

    const long = `${"A".repeat(150)} ${"B".repeat(99)}`;
    await create.getByLabel("Page").fill(pageName);
    await create.getByLabel("Section").fill("intro");
    await create.getByLabel("Key").fill("note");
    await create.getByLabel("Content", { exact: true }).fill(long);
    await create.getByLabel("Sort order").fill("5");
    await create.getByRole("button", { name: "Create" }).click();
    await toast(page, "Content created successfully");
    await expect(create).toHaveCount(0);

    await page.getByRole("tab", { name: pageName }).click();
    const item = page.locator(`[data-testid="content-item"][data-key="${pageName}/intro/note"]`);
    const label = `${pageName}: Intro, note`;
    await expect(item.getByTestId("content-place")).toHaveText(label);
    await expect(page.getByTestId("content-item")).toHaveCount(1);
    await expect(item.getByTestId("content-preview")).toHaveText(`${long.slice(0, 200)}...`);

    // Changing tab cancels an edit in progress.
    await item.getByRole("button", { name: `Edit ${label}` }).click();
    await expect(page.getByTestId(/^content-edit-/)).toBeVisible();
    await page.getByRole("tab", { name: "All Pages" }).click();
    await expect(page.getByTestId(/^content-edit-/)).toHaveCount(0);

    await page.getByRole("tab", { name: pageName }).click();
    await item.getByRole("button", { name: `Delete ${label}` }).click();
    await page.getByRole("dialog").filter({ hasText: "Delete Content Item" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Content deleted successfully");
    await expect(item).toHaveCount(0);
    await expect(page.getByRole("tab", { name: pageName })).toHaveCount(0);
  });
});

test.describe("website images", () => {
  test("upload a new PNG for the about/mission image: preview, suggested SEO filename, measured size", async ({ page }) => {
    await openAdmin(page, "/images");
    await page.getByRole("tab", { name: "about" }).click();
    const card = page.locator('[data-testid="image-card"][data-key="about/mission/image"]');
    await expect(card).toContainText("Visible");
    await expect(card).toContainText("A bright treatment room with a view of the mountains");
    await expect(card.getByTestId("image-size")).toHaveText(/^\d+ × \d+ px$/);

    await card.getByRole("button", { name: "Edit image about / image" }).click();
    const dialog = page.getByRole("dialog", { name: /Edit image: about \/ mission \/ image/ });
    const seo = dialog.getByLabel("SEO filename");
    const originalSeo = await seo.inputValue();
    await seo.fill("");
    await dialog
      .getByLabel("Upload new image")
      .setInputFiles({ name: "E2E Mission Photo.png", mimeType: "image/png", buffer: await png(640, 480) });
    await expect(dialog.getByTestId("image-preview").locator("img")).toHaveAttribute("src", /^blob:/);
    await expect(seo).toHaveValue("e2e-mission-photo");
    await expect(dialog.getByLabel("Width (px)")).toHaveValue("640");
    await expect(dialog.getByLabel("Height (px)")).toHaveValue("480");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Image updated successfully");
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("image-size")).toHaveText("640 × 480 px");
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/.+\.png$/);
    await expect(card).toContainText("A bright treatment room with a view of the mountains");

    // Put the SEO filename back (an edit without a new file keeps the image).
    await card.getByRole("button", { name: "Edit image about / image" }).click();
    await dialog.getByLabel("SEO filename").fill(originalSeo);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Image updated successfully");
    await expect(card.getByTestId("image-size")).toHaveText("640 × 480 px");
  });
});

test.describe("social media", () => {
  test("add a link that shows in the public footer, edit it, and delete it", async ({ page }) => {
    const name = `E2E LinkedIn ${stamp()}`;
    removeAfterwards("/api/admin/social-media", (row) => String(row.displayName).startsWith(name));
    const footerLink = (label: string) => page.locator("footer").getByRole("link", { name: label, exact: true });
    await openAdmin(page, "/social-media");
    await page.getByRole("button", { name: "Add Social Link" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Social Media Link" });

    await dialog.getByRole("button", { name: "Add Link" }).click();
    await expect(fieldItem(dialog, "Platform")).toContainText("Platform is required");
    await expect(fieldItem(dialog, "Display name")).toContainText("Display name is required");
    await expect(fieldItem(dialog, "URL")).toContainText("URL is required");

    await dialog.getByLabel("Platform").fill("linkedin");
    await dialog.getByLabel("Sort order").click();
    await expect(dialog.getByLabel("Display name")).toHaveValue("LinkedIn");
    await expect(dialog.getByTestId("footer-icon-preview")).toHaveAttribute("data-platform", "linkedin");
    await dialog.getByLabel("Display name").fill(name);
    await dialog.getByLabel("URL").fill("not a url");
    await dialog.getByRole("button", { name: "Add Link" }).click();
    await expect(fieldItem(dialog, "URL")).toContainText("Must be a valid URL");
    await dialog.getByLabel("URL").fill("https://www.linkedin.com/company/e2e-clinic");
    await dialog.getByLabel("Sort order").fill("999");
    await expect(dialog.getByRole("switch", { name: "Visible on website" })).toBeChecked();
    await dialog.getByRole("button", { name: "Add Link" }).click();
    await toast(page, "Social media link created successfully");
    await expect(dialog).toBeHidden();

    const row = page.getByTestId("social-link").filter({ hasText: name });
    await expect(row).toContainText("linkedin");
    await expect(row).toContainText("https://www.linkedin.com/company/e2e-clinic");
    await expect(row).toContainText("Sort order: 999");
    await expect(row.getByRole("img", { name: "Visible on website" })).toBeVisible();
    await expect(row.getByRole("link", { name: `Open ${name} in a new tab` })).toHaveAttribute("target", "_blank");

    await page.goto("/");
    await expect(footerLink(name)).toHaveAttribute("href", "https://www.linkedin.com/company/e2e-clinic");
    await expect(footerLink(name)).toHaveAttribute("data-platform", "linkedin");

    // Edit the name; the footer follows.
    const renamed = `${name} Page`;
    await page.goto("/admin/social-media");
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Social Media Link" });
    await edit.getByLabel("Display name").fill(renamed);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Social media link updated successfully");
    const renamedRow = page.getByTestId("social-link").filter({ hasText: renamed });
    await expect(renamedRow).toBeVisible();
    await page.goto("/");
    await expect(footerLink(renamed)).toBeVisible();

    // Delete; the footer no longer has it.
    await page.goto("/admin/social-media");
    await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: "Delete Social Media Link" });
    await expect(confirm).toContainText(`Are you sure you want to delete ${renamed}?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Social media link deleted successfully");
    await expect(renamedRow).toHaveCount(0);
    await page.goto("/");
    await expect(page.locator("footer").getByRole("link", { name: "Facebook", exact: true })).toBeVisible();
    await expect(footerLink(renamed)).toHaveCount(0);
  });
});
