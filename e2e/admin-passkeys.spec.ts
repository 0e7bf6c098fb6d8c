import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CDPSession, Page } from "@playwright/test";
import postgres from "postgres";
import { PASSKEY_MESSAGES } from "../src/shared/schemas/passkeys";
import { startBuiltServer, stopProcess, type BuiltServer } from "../tests/setup/processes";
import { withDatabase } from "../tests/setup/global-setup";
import { E2E_SECRET_KEY } from "./env";
import { expect, test } from "./fixtures";

/**
 * Passkeys in the browser, with Chromium's virtual authenticator (CDP WebAuthn: CTAP2, internal,
 * resident keys, user verification): enrol one in My Account, sign out, sign in with it alone, remove
 * it; and a passkey answer made on another origin is refused.
 *
 * WebAuthn needs a domain for its relying party, and the run's server is addressed as 127.0.0.1; so
 * this spec starts a built server of its own whose PUBLIC_ORIGIN is http://localhost:<port> (on
 * PostgreSQL, a database of its own, when TEST_DATABASE_URL is set).
 */
const ADMIN = { username: "admin", password: "passkeys-e2e-password" };
const PHISHING_ORIGIN = "http://localhost:9";
/** A request the test makes fail on purpose shows up in Chromium's console as "Failed to load resource". */
const EXPECTED_401 = /Failed to load resource.*401/;

let server: BuiltServer;
let base = "";
let dataDir = "";
let dropDatabase: (() => Promise<void>) | null = null;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "clinic-passkeys-e2e-"));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: E2E_SECRET_KEY,
  };
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `clinic_e2e_passkeys_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    env.DATABASE_URL = withDatabase(url, name);
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  server = await startBuiltServer(env, [], "localhost");
  base = server.base;
});

test.afterAll(async () => {
  if (process.env.E2E_SHOW_SERVER_LOG) console.log(server?.output());
  await stopProcess(server);
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A platform authenticator that holds discoverable passkeys and verifies its user (as a laptop's fingerprint reader). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPassword(page: Page) {
  const res = await page.request.post(`${base}/api/admin/login`, { data: ADMIN, headers: { Origin: base } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The details of the latest sign-in in the activity log (as the signed-in super admin reads it). */
async function lastSignIn(page: Page): Promise<Record<string, unknown>> {
  const activity = await page.request.get(`${base}/api/admin/activity?action=login&pageSize=1`);
  const body = (await activity.json()) as { items: Array<{ details: Record<string, unknown> }> };
  return body.items[0]!.details;
}

const passkeysCard = (page: Page) => page.getByTestId("account-passkeys");
const toast = (page: Page) => page.locator(".ant-notification");

/** Adds a passkey named `name` through My Account, as staff do. */
async function enrolInAccount(page: Page, name: string) {
  await signInWithPassword(page);
  await page.goto(`${base}/admin/account`);
  await passkeysCard(page).getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  await dialog.getByLabel("Passkey name").fill(name);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(toast(page)).toContainText("Passkey added");
  await expect(dialog).toBeHidden();
  await expect(passkeysCard(page).getByRole("row", { name: new RegExp(name) })).toContainText("Never");
}

test("enrol a passkey in My Account, sign out, sign in with it alone, then remove it", async ({ page, consoleGuard }) => {
  // Four sign-ins and three screens: more than the default 45 s on a busy machine.
  test.setTimeout(120_000);
  consoleGuard.allow(EXPECTED_401);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await enrolInAccount(page, "E2E laptop");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });

  // Signed out, the sign-in page asks the browser for a passkey among the username field's suggestions
  // (conditional mediation); Chromium's virtual authenticator answers such a request at once.
  await page.getByRole("button", { name: "Logout", exact: true }).click();
  await expect(page.getByLabel("Username")).toHaveAttribute("autocomplete", "username webauthn");
  await expect(page.getByTestId("admin-user")).toBeVisible();
  expect(await lastSignIn(page)).toMatchObject({ method: "passkey", passkey: "E2E laptop" });

  // In a browser without conditional mediation, the button does it.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await page.getByRole("button", { name: "Logout", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(page.getByTestId("admin-user")).toBeVisible();

  // The sign-in is in the activity log as a passkey's, and the passkey's last use is shown.
  expect(await lastSignIn(page)).toMatchObject({ method: "passkey", passkey: "E2E laptop" });
  await page.goto(`${base}/admin/account`);
  const row = passkeysCard(page).getByRole("row", { name: /E2E laptop/ });
  await expect(row).not.toContainText("Never");

  await row.getByRole("button", { name: "Remove E2E laptop" }).click();
  await page.getByRole("dialog", { name: "Remove this passkey?" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Passkey removed");
  await expect(passkeysCard(page)).toContainText("No passkeys yet.");

  // The passkey is still on the device, but no longer signs anyone in here.
  await page.getByRole("button", { name: "Logout", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(toast(page)).toContainText(PASSKEY_MESSAGES.unknownPasskey);
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("an account with a passkey never signs in with its password alone: the passkey is the second step (issue 34)", async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(EXPECTED_401);
  // The 422 that asks for the second step shows in Chromium's console as a failed load.
  consoleGuard.allow(/Failed to load resource.*422/);
  await virtualAuthenticator(page);
  await enrolInAccount(page, "Office key");
  // The password form, not the username field's passkey suggestions (which would sign in with the passkey alone).
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await page.getByRole("button", { name: "Logout", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("main").getByText("Your account's second factor is a passkey. Use it to finish signing in.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByRole("button", { name: "Use my passkey" }).click();
  await expect(page.getByTestId("admin-user")).toBeVisible();
  expect(await lastSignIn(page)).toMatchObject({ twoFactor: true, method: "password_passkey", passkey: "Office key" });

  // Outside the portal too: the password alone answers 422 with the passkey's challenge, and no cookie.
  const bare = await page.request.post(`${base}/api/admin/login`, { data: ADMIN, headers: { Origin: base } });
  expect(bare.status()).toBe(422);
  expect(await bare.json()).toMatchObject({
    requiresTwoFactor: true,
    secondFactors: ["passkey"],
    passkeyStep: { attemptId: expect.any(String) },
  });
  expect(bare.headers()["set-cookie"]).toBeUndefined();

  // Put the account back as the other tests expect it: no passkey (the sign-in just now is the fresh check).
  const [office] = (await (await page.request.get(`${base}/api/admin/account/passkeys`)).json()) as Array<{ id: number }>;
  expect((await page.request.delete(`${base}/api/admin/account/passkeys/${office!.id}`, { headers: { Origin: base } })).status()).toBe(200);
});

test("a super admin's password reset removes the user's passkeys and ends their sessions: the passkey signs in no more (issue 34)", async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page);
  const staff = { username: "passkey_reset_e2e", password: "first-password-for-reset-e2e" };
  const created = await page.request.post(`${base}/api/admin/users`, { data: { ...staff, role: "marketing" }, headers: { Origin: base } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // The staff member, in a browser of their own with its own authenticator: signs in, chooses a password, adds a passkey.
  const theirs = await browser.newContext();
  try {
    const their = await theirs.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(their);
    expect((await their.request.post(`${base}/api/admin/login`, { data: staff, headers: { Origin: base } })).status()).toBe(200);
    const changed = await their.request.post(`${base}/api/admin/account/password`, {
      data: { currentPassword: staff.password, newPassword: "their-own-chosen-password-1" },
      headers: { Origin: base },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    // A blank page of the site's own origin (answered by the test, so without the portal's CSP) runs the browser's WebAuthn calls.
    await their.route(`${base}/e2e-blank`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Blank</title>" }),
    );
    await their.goto(`${base}/e2e-blank`);
    await their.addScriptTag({ path: path.resolve("node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js") });
    const browserCall = (fn: "startRegistration" | "startAuthentication", optionsJSON: unknown) =>
      their.evaluate(
        ({ fn, optionsJSON }) =>
          (window as unknown as { SimpleWebAuthnBrowser: Record<string, (o: object) => Promise<unknown>> }).SimpleWebAuthnBrowser[fn]!({
            optionsJSON,
          }),
        { fn, optionsJSON },
      );
    const start = await (
      await their.request.post(`${base}/api/admin/account/passkeys/options`, { data: { name: "Their laptop" }, headers: { Origin: base } })
    ).json();
    const registration = await browserCall("startRegistration", start.options);
    expect(
      (
        await their.request.post(`${base}/api/admin/account/passkeys`, { data: { response: registration }, headers: { Origin: base } })
      ).status(),
    ).toBe(201);
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

    // The super admin resets their password (the usual answer to a taken-over account).
    const reset = await page.request.post(`${base}/api/admin/users/${id}/reset-password`, {
      data: { newPassword: "a-reset-password-for-them-1" },
      headers: { Origin: base },
    });
    expect(reset.status(), await reset.text()).toBe(200);

    // Their session is gone, and the passkey still on their device signs no one in.
    consoleGuard.allow(EXPECTED_401);
    expect((await their.request.get(`${base}/api/admin/me`)).status()).toBe(401);
    const attempt = await (await their.request.post(`${base}/api/admin/login/passkey/options`, { headers: { Origin: base } })).json();
    const assertion = await browserCall("startAuthentication", attempt.options);
    const refused = await their.request.post(`${base}/api/admin/login/passkey`, {
      data: { attemptId: attempt.attemptId, response: assertion },
      headers: { Origin: base },
    });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ message: PASSKEY_MESSAGES.unknownPasskey });
    expect(refused.headers()["set-cookie"]).toBeUndefined();
  } finally {
    await theirs.close();
    await page.request.delete(`${base}/api/admin/users/${id}`, { headers: { Origin: base } });
  }
});

test("a passkey answer made on another origin (a look-alike page relaying it) is refused", async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await enrolInAccount(page, "Phished laptop");
  await page.request.post(`${base}/api/admin/logout`, { headers: { Origin: base } });

  // A page on another origin of the same host (so the browser lets it use the relying party "localhost").
  await page.route(`${PHISHING_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Sign in</title><h1>Sign in</h1>" }),
  );
  await page.goto(`${PHISHING_ORIGIN}/login`);
  await page.addScriptTag({ path: path.resolve("node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js") });
  const start = await page.request.post(`${base}/api/admin/login/passkey/options`, { headers: { Origin: base } });
  const { attemptId, options } = await start.json();
  const response = await page.evaluate(
    (optionsJSON) =>
      (
        window as unknown as { SimpleWebAuthnBrowser: { startAuthentication(o: object): Promise<unknown> } }
      ).SimpleWebAuthnBrowser.startAuthentication({ optionsJSON }),
    options,
  );
  const clientData = JSON.parse(
    Buffer.from((response as { response: { clientDataJSON: string } }).response.clientDataJSON, "base64url").toString(),
  );
  expect(clientData.origin).toBe(PHISHING_ORIGIN);

  const relayed = await page.request.post(`${base}/api/admin/login/passkey`, { data: { attemptId, response }, headers: { Origin: base } });
  expect(relayed.status()).toBe(401);
  expect(await relayed.json()).toEqual({ message: PASSKEY_MESSAGES.wrongSite });
  expect(relayed.headers()["set-cookie"]).toBeUndefined();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
});
