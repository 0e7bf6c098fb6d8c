import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { totpCodeAt } from "../src/server/auth/totp";
import { api, createStaffUser, expectAccessible, openAdmin } from "./admin-fixtures";
import { E2E_ADMIN, E2E_BASE_URL } from "./env";
import { expect, test } from "./fixtures";
import { codeAfterStep, enrolmentCode, keyFrom, wrongCode } from "./totp-codes";

/**
 * Admin users, My Account and the Activity Log (admin-portal.md sections 2 to 8; docs/security.md
 * rules), and the sign-in screen with two-factor authentication. The server keeps its state across
 * the run: every test makes its own users, and E2E_ADMIN (the other specs' sign-in) never gets 2FA
 * or a new password.
 */
const ACCESS_DENIED = "Access Denied - Super admin privileges required to manage users";
/** A request the test makes fail on purpose shows up in Chromium's console as "Failed to load resource". */
const EXPECTED_FAILURE = (statuses: string) => new RegExp(`Failed to load resource.*(${statuses})`);

const toast = (page: Page) => page.locator(".ant-notification");
/** A message shown at a form field. */
const fieldError = (scope: Page | Locator, text: string) => scope.locator(".ant-form-item-explain-error", { hasText: text });
const dialog = (page: Page, name?: string) => page.getByRole("dialog", name ? { name } : undefined);
const createDialog = (page: Page) => dialog(page, "Add Admin User");
const editDialog = (page: Page) => dialog(page, "Edit Admin User");
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Admin navigation" });

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

async function signInThroughLoginScreen(page: Page, user: { username: string; password: string }) {
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function searchUsers(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Search admin users" }).fill(text);
}

const row = (page: Page, username: string) => page.getByRole("row").filter({ has: page.getByText(username, { exact: true }) });

async function loginStatus(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post("/api/admin/login", { data: user, headers: { Origin: E2E_BASE_URL } });
  return { status: res.status(), body: (await res.json()) as { message?: string } };
}

test("a super admin adds, edits and deactivates, resets the password of and deletes an admin user", async ({
  page,
  consoleGuard,
  playwright,
}) => {
  test.setTimeout(90_000); // several password hashes (argon2id) on a shared machine
  consoleGuard.allow(EXPECTED_FAILURE("409")); // the duplicate username, on purpose
  const username = uniqueName("casey");
  const email = `${username}@clinic.example`;
  await openAdmin(page, "/users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();

  // Own row: no delete, no password reset through this screen.
  await searchUsers(page, E2E_ADMIN.username);
  await expect(page.getByRole("button", { name: `Delete ${E2E_ADMIN.username}`, exact: true })).toBeDisabled();
  await searchUsers(page, "");

  // Create: the schemas' messages at their fields, then the spec's toast; the dialog closes.
  await page.getByRole("button", { name: "Add Admin User" }).click();
  await expect(createDialog(page)).toBeVisible();
  await expect(createDialog(page).getByLabel("Username")).toBeEditable(); // the dialog has finished opening
  await createDialog(page).getByRole("button", { name: "Create User" }).click();
  await expect(fieldError(createDialog(page), "Username must be at least 3 characters")).toBeVisible();
  await expect(fieldError(createDialog(page), "Password must be at least 8 characters")).toBeVisible();
  await createDialog(page).getByLabel("Username").fill(username);
  await createDialog(page).getByLabel("Password").fill("first-password-1");
  // The show/hide toggle reveals the password.
  await expect(createDialog(page).getByLabel("Password")).toHaveAttribute("type", "password");
  await createDialog(page).getByRole("img", { name: /eye/ }).click();
  await expect(createDialog(page).getByLabel("Password")).toHaveAttribute("type", "text");
  await createDialog(page).getByLabel("First name").fill("Casey");
  await createDialog(page).getByLabel("Last name").fill("Jordan");
  await createDialog(page).getByLabel("Email").fill("not-an-email");
  await createDialog(page).getByRole("button", { name: "Create User" }).click();
  await expect(fieldError(createDialog(page), "Invalid email")).toBeVisible();
  await createDialog(page).getByLabel("Email").fill(email);
  await createDialog(page).getByLabel("Role").click();
  await page.locator(".ant-select-item-option").filter({ hasText: "Super Admin (Full Access)" }).click();
  await createDialog(page).getByRole("button", { name: "Create User" }).click();
  await expect(toast(page).getByText(`Admin user "${username}" created successfully`)).toBeVisible();
  await expect(createDialog(page)).toBeHidden();

  await searchUsers(page, email);
  const created = row(page, username);
  await expect(created).toContainText("Casey Jordan");
  await expect(created).toContainText("Super Admin");
  await expect(created).toContainText("Active");
  await expect(created).toContainText("Disabled"); // 2FA
  await expect(created).toContainText("Never");

  // The same username again: the server's 409 message, and the dialog stays open with what was typed.
  await page.getByRole("button", { name: "Add Admin User" }).click();
  await createDialog(page).getByLabel("Username").fill(username);
  await createDialog(page).getByLabel("Password").fill("another-password-1");
  await createDialog(page).getByRole("button", { name: "Create User" }).click();
  await expect(toast(page).getByText("Username already exists")).toBeVisible();
  await expect(fieldError(createDialog(page), "Username already exists")).toBeVisible();
  await expect(createDialog(page).getByLabel("Username")).toHaveValue(username);
  await createDialog(page).getByRole("button", { name: "Cancel" }).click();
  await dialog(page, "Discard your changes?").getByRole("button", { name: "Discard" }).click(); // typed work is not dropped without asking
  await expect(createDialog(page)).toBeHidden();

  // Edit: the Active Account switch turns the account off; the user can no longer sign in.
  await page.getByRole("button", { name: `Edit ${username}`, exact: true }).click();
  await expect(editDialog(page).getByText("User can log in and access the system")).toBeVisible();
  await expect(editDialog(page).getByLabel("First name")).toHaveValue("Casey");
  const active = editDialog(page).getByRole("switch", { name: "Active Account" });
  await expect(active).toBeChecked();
  await active.click();
  await editDialog(page).getByLabel("Last name").fill("Jordan-Lee");
  await editDialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page).getByText(`Admin user "${username}" updated successfully`)).toBeVisible();
  await expect(editDialog(page)).toBeHidden();
  await expect(created).toContainText("Inactive");
  await expect(created).toContainText("Casey Jordan-Lee");
  const outsider = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const refused = await loginStatus(outsider, { username, password: "first-password-1" });
  expect(refused.status).toBe(401);
  expect(refused.body.message).toContain("deactivated");

  // Reset password: the dialog says it turns 2FA off; the new password works once the account is active again.
  await page.getByRole("button", { name: `Reset password for ${username}`, exact: true }).click();
  const resetDialog = dialog(page, `Reset password for ${username}`);
  await expect(resetDialog.getByText("Resetting the password also disables two-factor authentication (2FA) for this user.")).toBeVisible();
  await resetDialog.getByLabel("New password").fill("short");
  await resetDialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(fieldError(resetDialog, "Password must be at least 8 characters")).toBeVisible();
  await resetDialog.getByLabel("New password").fill("second-password-2");
  await resetDialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page).getByText(`Password reset for "${username}". 2FA has been disabled.`)).toBeVisible();
  await expect(resetDialog).toBeHidden();
  await page.getByRole("button", { name: `Edit ${username}`, exact: true }).click();
  await editDialog(page).getByRole("switch", { name: "Active Account" }).click();
  await editDialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page).getByText(`Admin user "${username}" updated successfully`)).toBeVisible();
  await expect(created).toContainText("Active");
  expect((await loginStatus(outsider, { username, password: "first-password-1" })).status).toBe(401);
  expect((await loginStatus(outsider, { username, password: "second-password-2" })).status).toBe(200);
  await outsider.dispose();

  // Delete: the spec's confirmation, then the toast; the list no longer has the user.
  await page.getByRole("button", { name: `Delete ${username}`, exact: true }).click();
  await expect(page.getByText(`Are you sure you want to delete "${username}"? This action cannot be undone.`)).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page).getByText(`Admin user "${username}" deleted successfully`)).toBeVisible();
  await expect(page.getByText("No admin users found")).toBeVisible();
});

test("an admin who is not a super admin sees no user management, and typing the address says why", async ({ page, request }) => {
  const staff = await createStaffUser(request);
  await openAdmin(page, "/dashboard", staff);
  await expect(page.getByText(`Welcome back, ${staff.username} (Administrator)`)).toBeVisible();
  await expect(sidebar(page).getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
  await expect(sidebar(page).getByRole("menuitem", { name: "My Account" })).toBeVisible();
  await expect(sidebar(page).getByRole("menuitem", { name: "User Management" })).toHaveCount(0);
  await expect(sidebar(page).getByRole("menuitem", { name: "Activity Log" })).toHaveCount(0);
  await expect(page.getByTestId("count-services")).toBeVisible();
  await expect(page.getByTestId("count-users")).toHaveCount(0);

  await page.goto("/admin/users");
  await expect(page.locator(".ant-result-title")).toHaveText(ACCESS_DENIED);
  await expect(toast(page).getByText(ACCESS_DENIED)).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  // The server refuses too (the page only explains it).
  expect((await api(page.request, "GET", "/api/admin/users")).status()).toBe(403);

  await page.goto("/admin/activity");
  await expect(page.locator(".ant-result-title")).toHaveText("Access Denied");
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("sign-in with a password, 2FA enrolment on My Account, then sign-in with the authenticator code and with a backup code", async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // 422: the server asks for the second factor; 400 and 401: wrong codes, on purpose.
  consoleGuard.allow(EXPECTED_FAILURE("400|401|422"));
  const staff = await createStaffUser(request);

  // The login screen, step 1 only (no 2FA yet): straight to the dashboard.
  await page.goto("/admin/login");
  await signInThroughLoginScreen(page, staff);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(toast(page).getByText("Login successful. Redirecting to admin dashboard...")).toBeVisible();

  // Enrolment on My Account.
  await sidebar(page).getByRole("menuitem", { name: "My Account" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByTestId("two-factor-status")).toHaveText("Disabled");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code for adding this account to an authenticator app" })).toBeVisible();
  await expect(page.getByText("Google Authenticator, 1Password or Microsoft Authenticator")).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText(), not the DOM property: the secret as it is shown, read once
  const secret = (await page.getByTestId("totp-secret").innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const key = keyFrom(secret);
  const codeInput = page.getByLabel("6-digit code");
  await expect(codeInput).toHaveAttribute("inputmode", "numeric");
  await expect(codeInput).toHaveAttribute("maxlength", "6");

  await codeInput.fill(wrongCode(key));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(fieldError(page, "Invalid 2FA code")).toBeVisible();

  // Turned on with the previous step's code (enrolmentCode), so the current one is left for the sign-in.
  const enrolment = enrolmentCode(key);
  await codeInput.fill(enrolment.code);
  await page.getByRole("button", { name: "Confirm" }).click();
  const codesDialog = page.getByRole("dialog", { name: "Save your backup codes" });
  await expect(codesDialog).toBeVisible();
  await expect(codesDialog.getByText("This is the only time they are shown")).toBeVisible();
  const codes = await codesDialog.getByTestId("backup-code").allInnerTexts();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  const downloading = page.waitForEvent("download");
  await codesDialog.getByRole("button", { name: "Download codes" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`backup-codes-${staff.username}.txt`);
  const file = await readFile(await download.path(), "utf8");
  for (const code of codes) expect(file).toContain(code);
  await codesDialog.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(codesDialog).toBeHidden();
  await expect(page.getByTestId("two-factor-status")).toHaveText("Enabled");
  await expect(page.getByTestId("backup-codes-remaining")).toHaveText("10");
  await expect(page.getByRole("button", { name: "Turn off two-factor authentication" })).toBeVisible();

  // Sign out; step 2 appears; a wrong code; Back to Login returns to step 1.
  await sidebar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInThroughLoginScreen(page, staff);
  await expect(page.getByRole("heading", { name: "Two-Factor Authentication" })).toBeVisible();
  await expect(toast(page).getByText("Please enter your 2FA code to continue.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(wrongCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page).getByText("Login Failed")).toBeVisible();
  await expect(toast(page).getByText("Invalid 2FA code")).toBeVisible();
  await page.getByRole("button", { name: "Back to Login" }).click();
  await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();

  // The code used to turn 2FA on is spent: the authenticator's next code signs in.
  await signInThroughLoginScreen(page, staff);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByLabel("Authentication code").fill(await codeAfterStep(key, enrolment.step));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`Welcome back, ${staff.username} (Administrator)`)).toBeVisible();

  // A backup code signs in once.
  await sidebar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  for (const attempt of ["first", "second"] as const) {
    await signInThroughLoginScreen(page, staff);
    await page.getByRole("button", { name: "Use a backup code instead" }).click();
    await page.getByLabel("Backup code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    if (attempt === "first") {
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.goto("/admin/account");
      await expect(page.getByTestId("backup-codes-remaining")).toHaveText("9");
      await sidebar(page).getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
    } else {
      await expect(toast(page).getByText("Login Failed")).toBeVisible();
      await expect(toast(page).getByText("Invalid backup code")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/login$/);
    }
  }

  // The activity log (as the super admin) shows those sign-ins and filters by action.
  await openAdmin(page, "/activity");
  await expect(page.getByRole("heading", { name: "Activity Log" })).toBeVisible();
  // The hash chain, every hash recomputed on the server, is intact (tests/audit-trail.test.ts breaks it).
  await expect(page.getByTestId("audit-chain")).toContainText(/Audit trail intact: \d+ entries verified/);
  await page.getByLabel("User", { exact: true }).click();
  await page.keyboard.type(staff.username);
  await page.locator(".ant-select-item-option").filter({ hasText: staff.username }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]user=${staff.id}`));
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows.filter({ hasText: "2FA turned on" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Used a backup code" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Wrong 2FA code" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Wrong backup code" })).toHaveCount(1);
  // createStaffUser's sign-out after choosing the password, then the three of this test.
  await expect(rows.filter({ hasText: "Signed out" })).toHaveCount(4);
  // Newest first: the last thing that happened was the refused backup code.
  await expect(rows.first()).toContainText("Failed sign-in");

  await page.getByLabel("Action", { exact: true }).click();
  await page.locator(".ant-select-item-option").getByText("Signed in", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]action=login(&|$)/);
  // createStaffUser's sign-in to choose the user's own password, then password only, then the
  // authenticator code, then the backup code.
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "With 2FA" })).toHaveCount(2);
  for (const text of await rows.allInnerTexts()) {
    expect(text).toContain("Signed in");
    expect(text).toContain(staff.username);
    expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
  }
  // The filtered view survives a reload (it lives in the address).
  await page.reload();
  await expect(rows).toHaveCount(4);
});

test("My Account: change the password (current one checked, new one typed twice) and turn 2FA off with the password", async ({
  page,
  request,
  consoleGuard,
  playwright,
}) => {
  consoleGuard.allow(EXPECTED_FAILURE("400"));
  const staff = await createStaffUser(request);
  await openAdmin(page, "/account", staff);
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByText(staff.username, { exact: true }).first()).toBeVisible();

  const card = page.locator(".ant-card", { has: page.locator(".ant-card-head-title", { hasText: "Change Password" }) });
  await card.getByLabel("Current password").fill("not-my-password");
  await card.getByLabel("New password", { exact: true }).fill("brand-new-password");
  await card.getByLabel("Confirm new password").fill("brand-new-passwerd");
  await card.getByRole("button", { name: "Change Password" }).click();
  await expect(fieldError(card, "The passwords do not match")).toBeVisible();
  await card.getByLabel("Confirm new password").fill("brand-new-password");
  await card.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page).getByText("Current password is incorrect")).toBeVisible();
  await expect(fieldError(card, "Current password is incorrect")).toBeVisible();
  await card.getByLabel("Current password").fill(staff.password);
  await card.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page).getByText("Password changed")).toBeVisible();
  await expect(card.getByLabel("Current password")).toHaveValue("");

  const outsider = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await loginStatus(outsider, staff)).status).toBe(401);
  expect((await loginStatus(outsider, { username: staff.username, password: "brand-new-password" })).status).toBe(200);

  // 2FA turned on through the REST routes, then off on the page with the password.
  const setup = await api(page.request, "POST", "/api/admin/2fa/setup");
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await api(page.request, "POST", "/api/admin/2fa/enable", { code: totpCodeAt(keyFrom(secret), new Date()) });
  expect(enable.status(), await enable.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("two-factor-status")).toHaveText("Enabled");
  await page.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  const off = page.getByRole("dialog", { name: "Turn off two-factor authentication" });
  await off.getByLabel("Password").fill("wrong-password");
  await off.getByRole("button", { name: "Turn Off" }).click();
  await expect(fieldError(off, "Password is incorrect")).toBeVisible();
  await off.getByLabel("Password").fill("brand-new-password");
  await off.getByRole("button", { name: "Turn Off" }).click();
  await expect(toast(page).getByText("Two-factor authentication turned off")).toBeVisible();
  await expect(off).toBeHidden();
  await expect(page.getByTestId("two-factor-status")).toHaveText("Disabled");
  await expect(page.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();
  await outsider.dispose();
});

test("the users table finds people by name or email and sorts them", async ({ page, request }) => {
  const staff = await createStaffUser(request);
  const email = `${uniqueName("find")}@clinic.example`;
  const lastName = `Quill${Date.now().toString(36)}`;
  expect(
    (
      await api(request, "PUT", `/api/admin/users/${staff.id}`, {
        firstName: "Morgan",
        lastName: lastName,
        email,
        role: "admin",
        isActive: true,
      })
    ).status(),
  ).toBe(200);
  await openAdmin(page, "/users");
  await searchUsers(page, `morgan ${lastName.toLowerCase()}`);
  await expect(row(page, staff.username)).toContainText(`Morgan ${lastName}`);
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(1);
  await searchUsers(page, email.toUpperCase());
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(1);
  await searchUsers(page, "zz-nobody-has-this-name");
  await expect(page.getByText("No admin users found")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(row(page, E2E_ADMIN.username)).toBeVisible();

  // Sorting by user: ascending, then descending.
  const names = () => page.locator(".ant-table-tbody tr.ant-table-row td:first-child strong").allInnerTexts();
  const userHeader = page.getByRole("columnheader", { name: "User", exact: true });
  await userHeader.click();
  await expect(userHeader).toHaveAttribute("aria-sort", "ascending");
  const ascending = await names();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  await userHeader.click();
  await expect(userHeader).toHaveAttribute("aria-sort", "descending");
  const descending = await names();
  expect(descending).toEqual([...descending].sort((a, b) => b.localeCompare(a, "en", { sensitivity: "base" })));
});

test("a failed load of the users list says so and recovers with Try Again", async ({ page, consoleGuard }) => {
  consoleGuard.allow(EXPECTED_FAILURE("500"));
  // The list procedure answers a server error (the rest of a batched call stays real).
  await page.route(/\/trpc\/[^?]*users\.list/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as unknown[];
    const procedures = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, "")).split(",");
    body[procedures.indexOf("users.list")] = {
      error: {
        message: "The service is temporarily unavailable. Please try again shortly.",
        code: -32603,
        data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 },
      },
    };
    await route.fulfill({ status: 500, json: body });
  });
  await openAdmin(page, "/users");
  await expect(toast(page).getByText("Failed to load admin users")).toBeVisible();
  await expect(page.locator(".ant-result-title")).toHaveText("Failed to load admin users");
  await expect(page.getByRole("table")).toHaveCount(0);

  await page.unroute(/\/trpc\/[^?]*users\.list/);
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(row(page, E2E_ADMIN.username)).toBeVisible();
  await expect(page.locator(".ant-result")).toHaveCount(0);
});

test("the three screens pass an accessibility scan", async ({ page, request }) => {
  test.setTimeout(120_000); // axe takes a while on a full table when the machine is busy
  const staff = await createStaffUser(request);
  await openAdmin(page, "/users");
  await expect(row(page, E2E_ADMIN.username)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Add Admin User" }).click();
  await expect(createDialog(page)).toBeVisible();
  await expect(createDialog(page).getByLabel("Username")).toBeEditable(); // the dialog has finished opening
  await createDialog(page).getByRole("button", { name: "Create User" }).click();
  await expect(fieldError(createDialog(page), "Username must be at least 3 characters")).toBeVisible();
  await expectAccessible(page, ".ant-modal");
  await page.goto("/admin/activity");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expectAccessible(page);

  await openAdmin(page, "/account", staff);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByTestId("totp-secret")).toBeVisible();
  await expectAccessible(page);
});
