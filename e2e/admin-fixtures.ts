import AxeBuilder from "@axe-core/playwright";
import { request as requests, type APIRequestContext, type Locator, type Page, type Route } from "@playwright/test";
import { E2E_ADMIN, E2E_BASE_URL } from "./env";
import { expect } from "./fixtures";

/**
 * Sign-in helpers for the admin specs that are not about the login screen itself: the browser context
 * signs in through the REST route (its cookie is then the page's), as outside tools would.
 */
const ORIGIN_HEADER = { Origin: E2E_BASE_URL };

export async function signInByApi(request: APIRequestContext, user: { username: string; password: string } = E2E_ADMIN) {
  const res = await request.post("/api/admin/login", { data: user, headers: ORIGIN_HEADER });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in (super admin by default) and opens an admin page, waiting for the portal to render it. */
export async function openAdmin(page: Page, path: string, user?: { username: string; password: string }) {
  await signInByApi(page.request, user);
  await page.goto(`/admin${path}`);
  await expect(page.getByTestId("admin-user")).toBeVisible();
}

let counter = 0;

/**
 * Creates a staff user with a role (a built-in role's key, or a custom one's) through the REST route as
 * the super admin (with an e-mail address if given);
 * returns its credentials. The password a super admin sets must be changed at the first sign-in, so
 * the user signs in once (its first sign-in) in a context of its own and chooses the returned one.
 */
export async function createStaffUser(request: APIRequestContext, role: string = "admin", extra: { email?: string } = {}) {
  await signInByApi(request);
  counter += 1;
  const user = { username: `staff-${process.pid}-${Date.now()}-${counter}`, password: "staff-password-123", role, ...extra };
  const temporary = "set-by-the-super-admin";
  const res = await request.post("/api/admin/users", { data: { ...user, password: temporary }, headers: ORIGIN_HEADER });
  expect(res.status(), await res.text()).toBe(201);
  const own = await requests.newContext({ baseURL: E2E_BASE_URL });
  await signInByApi(own, { username: user.username, password: temporary });
  const changed = await own.post("/api/admin/account/password", {
    data: { currentPassword: temporary, newPassword: user.password },
    headers: ORIGIN_HEADER,
  });
  expect(changed.status(), await changed.text()).toBe(200);
  // Signed out again, so the account's own sessions are the ones its test makes.
  expect((await own.post("/api/admin/logout", { headers: ORIGIN_HEADER })).status()).toBe(200);
  await own.dispose();
  return { ...user, id: (await res.json()).id as number };
}

/** A REST call as the signed-in context (sends Origin on writes). */
export async function api(request: APIRequestContext, method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const res = await request.fetch(path, { method, data, headers: method === "GET" ? {} : ORIGIN_HEADER });
  return res;
}

/** Answers a batched tRPC GET with the real response, one procedure's data replaced. */
export async function replaceProcedureData(route: Route, procedure: string, data: unknown) {
  const response = await route.fetch();
  const body = (await response.json()) as Array<{ result?: { data: unknown } }>;
  const procedures = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, "")).split(",");
  const index = procedures.indexOf(procedure);
  expect(index, `${procedure} is in the batch`).toBeGreaterThanOrEqual(0);
  body[index] = { result: { data } };
  await route.fulfill({ response, json: body });
}

/**
 * axe-core (WCAG 2.1 A/AA, serious and critical) on a screen's own content: the page's <main> by
 * default, or a dialog or drawer. The portal's sidebar and top bar are scanned by the foundation's tests.
 */
export async function expectAccessible(page: Page, selector = "main") {
  const results = await new AxeBuilder({ page }).include(selector).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

/** An opened inquiry's health details, behind a reason (issue 24): asked once per inquiry per session. */
export async function showHealth(page: Page, opened: Locator, reason = "Reply to the inquiry") {
  await opened.getByRole("button", { name: "Show the health details of this inquiry" }).click();
  const ask = page.getByRole("dialog", { name: "Why do you need the health details?" });
  await ask.getByLabel(reason).check();
  await ask.getByRole("button", { name: "Show Details" }).click();
}
