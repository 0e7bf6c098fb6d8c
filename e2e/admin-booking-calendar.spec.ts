import type { Page } from "@playwright/test";
import { openAdmin } from "./admin-fixtures";
import { E2E_BASE_URL, formToken } from "./env";
import { expect, test } from "./fixtures";

/**
 * The booking calendar (issue 38): a visitor books a time through the public REST route while staff
 * have the calendar open; the portal's live count of New inquiries goes up at once (a booking request
 * is an inquiry); staff find the request on its day, confirm it, and open its inquiry on the desk. The
 * calendar fits a 1366 px screen and a tablet without sideways scrolling.
 */
const menuCount = (page: Page) => page.getByRole("menuitem", { name: /Contact Inquiries/ }).getByTestId("menu-new-count");
const countOf = async (page: Page) => ((await menuCount(page).count()) ? Number(await menuCount(page).textContent()) : 0);
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test("staff confirm a visitor's request in the calendar, and the portal counts it live", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAdmin(page, "/calendar");
  await expect(page.getByRole("heading", { name: "Calendar", level: 2 })).toBeVisible();
  await expect(page.getByText(/^Times in America\/Denver/)).toBeVisible();

  // A free time of the seeded bookable Ozone Therapy, for its first clinician, late in the range (clear of other specs').
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const free = await (await page.request.get(`/api/booking/free-times?service=ozone-therapy&from=${today}&to=${later}`)).json();
  const clinician = free.clinicians[0] as { id: number; name: string };
  const mine = (free.times as Array<{ start: string; clinicianIds: number[] }>).filter((t) => t.clinicianIds.includes(clinician.id));
  expect(mine.length).toBeGreaterThan(0);
  const slot = mine[mine.length - 1 - (Date.now() % Math.min(mine.length, 10))]!;
  const before = await countOf(page);

  const name = `Calendar Visitor ${Date.now()}`;
  const booked = await page.request.post("/api/booking", {
    headers: { Origin: E2E_BASE_URL },
    data: {
      name,
      email: "calendar.visitor@example.com",
      phone: "801-555-0142",
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: formToken(),
      service: "ozone-therapy",
      start: slot.start,
      clinicianId: clinician.id,
      idempotencyKey: `calendar-e2e-${Date.now()}`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, status } = await booked.json();
  expect(status).toBe("requested");
  // The live count moves without a reload.
  await expect(menuCount(page)).toHaveText(String(before + 1), { timeout: 5_000 });

  // The request's day, in the clinic's calendar, for its clinician.
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver" }).format(new Date(slot.start));
  await page.getByRole("combobox", { name: "Calendar of" }).click();
  // antd's list: the visible item (its role="option" twin is for screen readers only).
  await page.locator(".ant-select-item-option", { hasText: clinician.name }).click();
  await page.getByText("Day", { exact: true }).click();
  const picker = page.getByRole("textbox", { name: "Date" });
  await picker.click();
  await picker.fill(day);
  await picker.press("Enter");
  const request = page.locator(`[data-booking="${id}"]`);
  await expect(request).toContainText("Requested");
  await expect(request).toContainText("Ozone Therapy");
  await expect(request).not.toContainText(name);
  expect(await overflows(page)).toBe(false);

  await request.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Booking confirmed")).toBeVisible();
  await expect(request).toContainText("Confirmed");
  await expect(request.getByRole("button", { name: "Confirm" })).toHaveCount(0);

  // Confirmed, the inquiry reads Scheduled on the desk: it opens there (under the desk's rules and history).
  await request.getByRole("link", { name: "Open the inquiry" }).click();
  await expect(page).toHaveURL(/\/admin\/contact\?open=\d+/);
  await expect(page.getByRole("dialog").getByText(name)).toBeVisible();

  // A tablet: the week fits without sideways scrolling.
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto("/admin/calendar");
  await expect(page.getByRole("heading", { name: "Calendar", level: 2 })).toBeVisible();
  await expect(page.getByRole("region").first()).toBeVisible();
  expect(await overflows(page)).toBe(false);
});

test("an administrator reads and saves a service's booking settings on the service editor", async ({ page }) => {
  await openAdmin(page, "/services");
  const services = (await (await page.request.get("/api/admin/services")).json()) as Array<{ id: number; slug: string }>;
  const ozone = services.find((service) => service.slug === "ozone-therapy")!;
  await page.goto(`/admin/services/edit/${ozone.id}`);
  const card = page.getByTestId("service-booking");
  await expect(card.getByRole("switch", { name: "Visitors can book a time online" })).toBeChecked();
  await expect(card.getByRole("spinbutton", { name: "Length (minutes)" })).toHaveValue("60");
  await card.getByRole("button", { name: "Save booking settings" }).click();
  await expect(page.getByText("Booking settings saved")).toBeVisible();
});
