import type { APIRequestContext, Page } from "@playwright/test";
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

/** Creates an admin user through the REST route as the super admin; returns its credentials. */
export async function createStaffUser(request: APIRequestContext, role: "admin" | "super_admin" = "admin") {
  await signInByApi(request);
  counter += 1;
  const user = { username: `staff-${process.pid}-${Date.now()}-${counter}`, password: "staff-password-123", role };
  const res = await request.post("/api/admin/users", { data: user, headers: ORIGIN_HEADER });
  expect(res.status(), await res.text()).toBe(201);
  return { ...user, id: (await res.json()).id as number };
}

/** A REST call as the signed-in context (sends Origin on writes). */
export async function api(request: APIRequestContext, method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const res = await request.fetch(path, { method, data, headers: method === "GET" ? {} : ORIGIN_HEADER });
  return res;
}
