import type { Locator, Page } from "@playwright/test";
import { PASSWORD_RULE_MESSAGES } from "../src/shared/schemas/users";
import { api, createStaffUser, openAdmin, signInByApi } from "./admin-fixtures";
import { readFile } from "node:fs/promises";
import { E2E_MAIL_LOG } from "./env";
import { expect, test } from "./fixtures";

/**
 * What an account must do first (docs/decisions/0053-passwords-and-account-setup.md): a password a super
 * admin set is replaced on "Choose a new password" before any page opens, with the rules' messages; and
 * My Account edits one's own name and e-mail. The browser tests' server requires no second factor
 * (REQUIRE_SECOND_FACTOR=none): turning the rule on here would reach every other test running at the
 * same time; the server's gate for it is tested in tests/account-setup.test.ts.
 */
const toast = (page: Page) => page.locator(".ant-notification");
const fieldError = (scope: Page | Locator, text: string) => scope.locator(".ant-form-item-explain-error", { hasText: text });
const EXPECTED_FAILURE = (statuses: string) => new RegExp(`Failed to load resource.*(${statuses})`);

test("a password set by a super admin must be changed at the first sign-in, before any page opens", async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(90_000); // several argon2id hashes on a shared machine
  consoleGuard.allow(EXPECTED_FAILURE("400|403"));
  await signInByApi(request);
  const username = `newcomer-${Date.now().toString(36)}`;
  const created = await api(request, "POST", "/api/admin/users", {
    username,
    password: "set-by-the-super-admin",
    firstName: "Robin",
    role: "admin",
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("set-by-the-super-admin");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  // The sign-in has not landed yet: no "Login successful. Redirecting to admin dashboard..." (issue 36).
  await expect(toast(page).getByText("Login successful")).toHaveCount(0);
  // No page of the portal: no sidebar; the server refuses the rest meanwhile.
  await expect(page.getByTestId("admin-user")).toHaveCount(0);
  const refused = await api(page.request, "GET", "/api/admin/services");
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ requiresPasswordChange: true });

  const card = page.locator(".ant-card", { has: page.locator(".ant-card-head-title", { hasText: "Choose a new password" }) });
  const choose = async (password: string) => {
    await card.getByLabel("Current password").fill("set-by-the-super-admin");
    await card.getByLabel("New password", { exact: true }).fill(password);
    await card.getByLabel("Confirm new password").fill(password);
    await card.getByRole("button", { name: "Change Password" }).click();
  };
  await choose("fourteen-chars");
  await expect(fieldError(card, PASSWORD_RULE_MESSAGES.tooShortSingleFactor)).toBeVisible();
  await choose(`${username}-2026!`);
  await expect(fieldError(card, PASSWORD_RULE_MESSAGES.isUsername)).toBeVisible();
  await choose("a passphrase of my very own");
  await expect(toast(page).getByText("Password changed")).toBeVisible();
  await expect(page.getByText("Your account is ready")).toBeVisible();
  await page.getByRole("button", { name: "Continue to the dashboard" }).click();
  // The first sign-in: "Welcome", not "Welcome back"; the username with the role label, as the spec's welcome
  // line asks (not the first name, Robin: issue 36).
  await expect(page.getByText(`Welcome, ${username} (Administrator)`)).toBeVisible();
  expect((await api(page.request, "GET", "/api/admin/services")).status()).toBe(200);
});

test("My Account: staff edit their own first name, last name and e-mail; a new e-mail changes when the link mailed to it is opened", async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  consoleGuard.allow(EXPECTED_FAILURE("400"));
  const staff = await createStaffUser(request);
  await openAdmin(page, "/account", staff);
  const card = page.locator(".ant-card", { has: page.locator(".ant-card-head-title", { hasText: "Profile" }) });
  await card.getByRole("button", { name: "Edit profile" }).click();
  await card.getByLabel("First name").fill("Jordan");
  await card.getByLabel("Last name").fill("Avery");
  await card.getByLabel("Email").fill("not-an-address");
  await card.getByRole("button", { name: "Save profile" }).click();
  await expect(fieldError(card, "Invalid email")).toBeVisible();
  // The e2e server sends mail (docs/decisions/0053): the new address waits for its link.
  const address = `jordan.avery.${Date.now().toString(36)}@clinic.example`;
  await card.getByLabel("Email").fill(address);
  await card.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page).getByText("Profile saved")).toBeVisible();
  await expect(card.getByText("Jordan Avery")).toBeVisible();
  await expect(card.getByTestId("email-pending")).toHaveText(`We sent a link to ${address}; your e-mail changes when you open it.`);
  expect(await (await api(page.request, "GET", "/api/admin/me")).json()).toMatchObject({
    firstName: "Jordan",
    lastName: "Avery",
    email: null,
    pendingEmail: address,
  });
  await page.reload();
  await expect(card.getByTestId("email-pending")).toHaveText(`We sent a link to ${address}; your e-mail changes when you open it.`);

  let link = "";
  await expect
    .poll(
      async () => {
        const lines = (await readFile(E2E_MAIL_LOG, "utf8"))
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string[]; text: string });
        const mail = lines.find((m) => m.to.includes(address));
        link = /https?:\/\/\S+\/admin\/account\/confirm-email\?token=\S+/.exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");
  await page.goto(`${link.slice(0, -3)}xyz`); // a wrong token changes nothing
  await expect(page.getByText("Your e-mail address was not changed")).toBeVisible();
  await page.goto(link);
  await expect(page.getByText("Your e-mail address is changed")).toBeVisible();
  await expect(page.getByText(`Your account's e-mail is now ${address}.`)).toBeVisible();
  await page.getByRole("button", { name: "Back to My Account" }).click();
  await expect(card.getByText(address)).toBeVisible();
  await expect(card.getByTestId("email-pending")).toHaveCount(0);
  expect(await (await api(page.request, "GET", "/api/admin/me")).json()).toMatchObject({ email: address });
});
