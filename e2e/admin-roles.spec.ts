import { request as requests, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { api, createStaffUser, openAdmin, signInByApi } from "./admin-fixtures";
import { E2E_BASE_URL, E2E_MAIL_LOG, formToken } from "./env";
import { expect, test } from "./fixtures";

/**
 * Roles and permissions in the portal (issue 24): each role sees only what its work needs, the server
 * refuses the rest, health details open behind a reason (or emergency access, which the Super Administrators are told
 * of), and a custom role made in the matrix takes effect at once.
 *
 * Every test makes its own users; the inquiry with health details is sent once (the e2e server takes at
 * most 8 inquiries an hour from one address: see admin-inquiries.spec.ts) and read by the tests.
 */
test.describe.configure({ mode: "serial" });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Admin navigation" });
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).last();
/** A request the test makes fail on purpose shows up in Chromium's console as "Failed to load resource". */
const EXPECTED_FAILURE = (statuses: string) => new RegExp(`Failed to load resource.*(${statuses})`);

const HEALTH = `Lower back pain after a fall ${unique()}`;
const PATIENT = `Rosa Quintana ${unique()}`;
let inquiryId = 0;

async function sendInquiry(request: APIRequestContext): Promise<number> {
  const res = await request.post("/api/contact", {
    data: {
      name: PATIENT,
      email: `rosa.${unique()}@example.com`,
      phone: "(801) 555-0163",
      servicesInterested: ["Ozone Therapy"],
      availabilityDays: ["monday"],
      availabilityTimes: ["morning"],
      healthConditions: HEALTH,
      optInTexting: false,
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: formToken(),
    },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A browser page of its own, signed in as `user` (two people at once: the Super Administrator and a staff member). */
async function pageOf(browser: Browser, path: string, user: { username: string; password: string }) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await openAdmin(page, path, user);
  return page;
}

/** The mails sent to `address` so far (the e2e SMTP server's log). */
async function mailsTo(address: string): Promise<Array<{ subject?: string; text: string }>> {
  const text = await readFile(E2E_MAIL_LOG, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; subject?: string; text: string })
    .filter((mail) => mail.to.some((to) => to.includes(address)));
}

test.beforeAll(async () => {
  const request = await requests.newContext({ baseURL: E2E_BASE_URL });
  inquiryId = await sendInquiry(request);
  await request.dispose();
});

test("a Marketing user sees no Contact Inquiries entry, the page refuses them, and so do the inquiries' REST routes", async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(EXPECTED_FAILURE("403"));
  const staff = await createStaffUser(request, "marketing");
  await openAdmin(page, "/dashboard", staff);
  await expect(page.getByText(`Welcome back, ${staff.username} (Marketing)`)).toBeVisible();
  await expect(sidebar(page).getByRole("menuitem", { name: "News Articles" })).toBeVisible();
  await expect(sidebar(page).getByRole("menuitem", { name: "Contact Inquiries" })).toHaveCount(0);
  await expect(sidebar(page).getByRole("menuitem", { name: "User Management" })).toHaveCount(0);
  await expect(page.getByTestId("count-news")).toBeVisible();
  await expect(page.getByTestId("count-contact")).toHaveCount(0);
  await expect(page.getByTestId("count-newInquiries")).toHaveCount(0);

  await page.goto("/admin/contact");
  await expect(page.locator(".ant-result-title")).toHaveText("Access Denied");
  await expect(
    page.getByText('Your role (Marketing) does not include this page: it needs "See inquiries (contact details only)".', { exact: false }),
  ).toBeVisible();
  await expect(page.getByTestId("inquiry-row")).toHaveCount(0);

  // The server refuses whatever the client sends.
  for (const [method, path, data] of [
    ["GET", "/api/admin/contact?page=1"],
    ["GET", "/api/admin/contact"],
    ["GET", "/api/admin/contact/export"],
    ["GET", `/api/admin/contact/${inquiryId}`],
    ["PATCH", `/api/admin/contact/${inquiryId}`, { status: "contacted" }],
    ["POST", `/api/admin/contact/${inquiryId}/notes`, { text: "Called back" }],
    ["DELETE", `/api/admin/contact/${inquiryId}`],
  ] as const) {
    const res = await page.request.fetch(path, { method, data, headers: method === "GET" ? {} : { Origin: E2E_BASE_URL } });
    expect(res.status(), `${method} ${path}`).toBe(403);
  }
});

test("a Front desk user sees the list and contact details, not the health details; emergency access opens them and the Super Administrators are told", async ({
  browser,
  request,
}) => {
  const ownerEmail = `owner.${unique()}@example.com`;
  await createStaffUser(request, "super_admin", { email: ownerEmail });
  const staff = await createStaffUser(request, "front_desk");
  const page = await pageOf(browser, "/dashboard", staff);
  await expect(sidebar(page).getByRole("menuitem", { name: "Contact Inquiries" })).toBeVisible();
  await expect(sidebar(page).getByRole("menuitem", { name: "News Articles" })).toHaveCount(0);

  await page.goto(`/admin/contact?open=${inquiryId}`);
  const drawer = page.getByTestId("inquiry-drawer");
  await expect(drawer.getByRole("link", { name: /rosa\./ })).toBeVisible();
  await expect(drawer.getByText("Your role does not include health details.")).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Show the health details of this inquiry" })).toHaveCount(0);
  await expect(drawer.getByText(HEALTH)).toHaveCount(0);
  // No export, no delete, no access history for this role.
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
  await expect(drawer.getByRole("button", { name: "Delete inquiry" })).toHaveCount(0);
  await expect(drawer.getByTestId("access-history")).toHaveCount(0);

  // Asking the server for them anyway is refused.
  const refused = await page.request.get(`/api/admin/contact/${inquiryId}?reason=reply`);
  expect(refused.status()).toBe(403);

  await drawer.getByRole("button", { name: "Open the health details through emergency access" }).click();
  const ask = page.getByRole("dialog", { name: "Emergency access to health details" });
  await expect(ask.getByText("The Super Administrators are told at once")).toBeVisible();
  await expect(ask.getByText("It lasts 60 minutes.")).toBeVisible();
  await ask.getByLabel("Why do you need them now?").fill("The patient is on the phone with a question about her medication");
  await ask.getByRole("button", { name: "Open in an Emergency" }).click();
  await expect(drawer.getByTestId("health-details")).toHaveText(HEALTH);
  await expect(toast(page, "Emergency access until")).toBeVisible();

  // The Super Administrators are told by mail (no names, no health details), and the activity log says who and why.
  await expect.poll(async () => (await mailsTo(ownerEmail)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mail = (await mailsTo(ownerEmail)).at(-1)!;
  expect(mail.subject).toBe("Emergency access to health details was used");
  expect(mail.text).not.toContain(HEALTH);
  await signInByApi(request);
  const log = await api(request, "GET", `/api/admin/activity?page=1&pageSize=50&adminId=${staff.id}&action=emergency_access`);
  expect(log.status()).toBe(200);
  const entries = ((await log.json()) as { items: Array<{ username: string | null; details: unknown }> }).items;
  expect(entries).toHaveLength(1);
  expect(JSON.stringify(entries[0]!.details)).toContain("The patient is on the phone");
  await page.context().close();
});

test("a Clinician opening health details is asked for a reason, once per inquiry, and the reason shows in the access history", async ({
  browser,
  page,
}) => {
  const staff = await createStaffUser(page.request, "clinician");
  const clinician = await pageOf(browser, `/contact?open=${inquiryId}`, staff);
  const drawer = clinician.getByTestId("inquiry-drawer");
  await expect(drawer.getByText("Hidden until you give a reason")).toBeVisible();
  await drawer.getByRole("button", { name: "Show the health details of this inquiry" }).click();

  const ask = clinician.getByRole("dialog", { name: "Why do you need the health details?" });
  for (const reason of ["Reply to the inquiry", "Scheduling", "Clinical review", "Other"])
    await expect(ask.getByLabel(reason)).toBeVisible();
  await ask.getByRole("button", { name: "Show Details" }).click();
  await expect(ask.getByText("Choose a reason")).toBeVisible();
  await ask.getByLabel("Other").check();
  await ask.getByRole("button", { name: "Show Details" }).click();
  await expect(ask.getByText("Please say why")).toBeVisible();
  const why = `Checking contraindications ${unique()}`;
  await ask.getByLabel("Your reason").fill(why);
  await ask.getByRole("button", { name: "Show Details" }).click();
  await expect(drawer.getByTestId("health-details")).toHaveText(HEALTH);
  await expect(drawer.getByTestId("health-reason")).toHaveText(`Shown for: ${why}`);

  // Closed and opened again in the same session: shown without asking again.
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();
  await clinician.goto(`/admin/contact?open=${inquiryId}`);
  await expect(clinician.getByTestId("inquiry-drawer").getByTestId("health-details")).toHaveText(HEALTH);
  await expect(clinician.getByRole("dialog", { name: "Why do you need the health details?" })).toHaveCount(0);
  await clinician.context().close();

  // The Super Administrator sees who opened them and why in the inquiry's access history.
  await openAdmin(page, `/contact?open=${inquiryId}`);
  const history = page.getByTestId("inquiry-drawer").getByTestId("access-history");
  const line = history.getByRole("row").filter({ hasText: staff.username }).filter({ hasText: why });
  await expect(line.first()).toBeVisible();
});

test("a custom role made in the matrix takes effect at once", async ({ browser, page }) => {
  await openAdmin(page, "/roles");
  const matrix = page.getByTestId("permission-matrix");
  for (const name of ["Super Administrator", "Administrator", "Front desk", "Clinician", "Marketing"])
    await expect(matrix.getByRole("columnheader", { name: new RegExp(name) }).first()).toBeVisible();
  // Built-in roles are read-only.
  await expect(page.getByRole("button", { name: "Edit the role Front desk" })).toHaveCount(0);

  const name = `Testimonials desk ${unique()}`;
  await page.getByRole("button", { name: "Add Custom Role" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Custom Role" });
  await dialog.getByLabel("Role name").fill(name);
  await dialog.getByLabel("Edit testimonials").check();
  await dialog.getByRole("button", { name: "Add Role" }).click();
  await expect(toast(page, `The role "${name}" was added`)).toBeVisible();
  const column = matrix.getByRole("columnheader", { name: new RegExp(name) });
  await expect(column).toBeVisible();

  const roles = (await (await api(page.request, "GET", "/api/admin/roles")).json()) as Array<{ key: string; name: string }>;
  const key = roles.find((role) => role.name === name)!.key;
  const staff = await createStaffUser(page.request, key);

  // User Management names the role and what it allows.
  await page.goto("/admin/users");
  // Other specs' users fill more than a page: find this one.
  await page.getByLabel("Search admin users", { exact: true }).fill(staff.username);
  const row = page.getByRole("row").filter({ hasText: staff.username });
  await expect(row.getByTestId("user-role")).toContainText(name);
  await expect(row.getByTestId("role-summary")).toHaveText("Testimonials");

  const member = await pageOf(browser, "/dashboard", staff);
  await expect(sidebar(member).getByRole("menuitem", { name: "Testimonials" })).toBeVisible();
  await expect(sidebar(member).getByRole("menuitem", { name: "News Articles" })).toHaveCount(0);
  expect((await member.request.get("/api/admin/news")).status()).toBe(403);

  // The Super Administrator adds news to the role: the member has it at the next read, without signing in again.
  await page.goto("/admin/roles");
  await page.getByRole("button", { name: `Edit the role ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit the role ${name}` });
  await edit.getByLabel("Write and edit news articles").check();
  await edit.getByRole("button", { name: "Save Role" }).click();
  await expect(toast(page, `The role "${name}" was saved`)).toBeVisible();
  expect((await member.request.get("/api/admin/news")).status()).toBe(200);
  await member.reload();
  await expect(sidebar(member).getByRole("menuitem", { name: "News Articles" })).toBeVisible();
  // Without "Upload and manage pictures" the body's editor offers no pictures (the uploads are not its to list).
  await member.goto("/admin/news/new");
  const toolbar = member.getByRole("toolbar", { name: "Formatting" });
  await expect(toolbar.getByRole("button", { name: "Bold" })).toBeVisible();
  await expect(toolbar.getByRole("button", { name: "Insert image" })).toHaveCount(0);
  await member.context().close();

  // A role someone holds cannot be deleted; once nobody does, it can.
  expect((await api(page.request, "DELETE", `/api/admin/users/${staff.id}`)).status()).toBe(200);
  await page.getByRole("button", { name: `Delete the role ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `The role "${name}" was deleted`)).toBeVisible();
  await expect(column).toHaveCount(0);
});

test("the clinic chooses that a role sees only the inquiries assigned to its holder or unassigned", async ({ page }) => {
  // A role of its own, so that no other test's Front desk changes under it.
  const name = `Desk ${unique()}`;
  await signInByApi(page.request);
  const created = await api(page.request, "POST", "/api/admin/roles", { name, permissions: ["inquiries.view", "inquiries.work"] });
  expect(created.status(), await created.text()).toBe(201);
  const key = ((await created.json()) as { key: string }).key;
  const desk = await createStaffUser(page.request, key);
  const other = await createStaffUser(page.request, "admin");
  const own = await requests.newContext({ baseURL: E2E_BASE_URL });
  await signInByApi(own, desk);
  const opens = async () => (await own.get(`/api/admin/contact/${inquiryId}`)).status();
  expect(await opens()).toBe(200); // every inquiry, until the clinic chooses otherwise

  await openAdmin(page, "/roles");
  const scope = page.getByTestId("role-scopes").getByLabel(`${name}: only inquiries assigned to them or unassigned`);
  await expect(scope).not.toBeChecked();
  await scope.click();
  await expect(toast(page, `${name} now sees only inquiries assigned to them or unassigned`)).toBeVisible();
  await expect(scope).toBeChecked();

  // Unassigned: still theirs to see. Assigned to someone else: refused, at once.
  expect(await opens()).toBe(200);
  const patched = await page.request.fetch(`/api/admin/contact/${inquiryId}`, {
    method: "PATCH",
    data: { assigneeId: other.id },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  expect(await opens()).toBe(403);
  const unassigned = await page.request.fetch(`/api/admin/contact/${inquiryId}`, {
    method: "PATCH",
    data: { assigneeId: null },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(unassigned.status(), await unassigned.text()).toBe(200);
  expect(await opens()).toBe(200);
  await own.dispose();
});
