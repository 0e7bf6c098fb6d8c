import type { APIRequestContext, Page } from "@playwright/test";
import { api, createStaffUser, expectAccessible, openAdmin, signInByApi } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * The Availability screen (issue 38; docs/decisions/0079-availability-screen.md): an Administrator adds
 * a room, makes a team member a bookable clinician, gives them Tuesday hours (an overlapping interval
 * is refused at its place first) and closes one Tuesday, and the public free times of a service that
 * clinician gives follow each change. A role without availability.edit has no Availability screen, and
 * its procedures refuse it. The spec makes its own service and room (unique names) and removes them, and
 * puts the seeded Sofia Tran (not bookable) back as she was: other specs share the server.
 */
type FreeTime = { start: string; clinicianIds: number[] };
const ZONE = "America/Denver";
const localDate = (instant: string) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date(instant));
const localTime = (instant: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant));
const weekday = (instant: string) => new Intl.DateTimeFormat("en-US", { timeZone: ZONE, weekday: "long" }).format(new Date(instant));
const inDays = (days: number) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));

async function freeTimes(request: APIRequestContext, slug: string): Promise<FreeTime[]> {
  const res = await request.get(`/api/booking/free-times?service=${slug}&from=${inDays(0)}&to=${inDays(30)}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).times;
}

/** A team member not bookable, with no weekly hours or date overrides (the seed's state of one who gives no bookable service). */
async function notBookable(request: APIRequestContext, teamMemberId: number) {
  const owner = { ownerKind: "clinician" as const, ownerId: teamMemberId };
  expect((await api(request, "PUT", "/api/admin/booking/clinicians", { teamMemberId, staffUserId: null, isActive: false })).status()).toBe(
    200,
  );
  expect((await api(request, "PUT", "/api/admin/booking/availability/weekly", { ...owner, weekly: [] })).status()).toBe(200);
  const held = await (await api(request, "GET", `/api/admin/booking/availability?ownerKind=clinician&ownerId=${teamMemberId}`)).json();
  for (const date of new Set((held.overrides as Array<{ date: string }>).map((o) => o.date)))
    await api(request, "PUT", "/api/admin/booking/availability/date", { ...owner, date, closed: true, remove: true });
}

const pickOption = async (page: Page, label: string, option: string) => {
  await page.getByRole("combobox", { name: label }).click();
  // antd's list: the visible item (its role="option" twin is for screen readers only).
  await page.locator(".ant-select-item-option", { hasText: option }).click();
};

test("an administrator adds a room, gives a clinician Tuesday hours and a closed date, and the free times follow", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const unique = `${process.pid}-${Date.now()}`;
  const memberName = "Sofia Tran";
  const roomName = `Availability Room ${unique}`;
  const slug = `availability-service-${unique}`;

  // The super admin's own context makes the service and puts the seeded, not bookable Sofia Tran back as she was
  // (a team member made here would show on the public Team page, which the home spec counts).
  const chief = await browser.newContext();
  await signInByApi(chief.request);
  const choices = await (await api(chief.request, "GET", "/api/admin/booking/choices")).json();
  const member = (choices.teamMembers as Array<{ id: number; name: string }>).find((m) => m.name === memberName)!;
  expect(member, "the seeded team member").toBeDefined();
  await notBookable(chief.request, member.id);
  const service = await (
    await api(chief.request, "POST", "/api/admin/services", {
      title: `Availability Service ${unique}`,
      slug,
      shortDescription: "Short",
      description: "Long",
      imageAlt: "A picture",
    })
  ).json();
  expect(service.id, JSON.stringify(service)).toBeGreaterThan(0);

  const administrator = await createStaffUser(chief.request, "admin");
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openAdmin(page, "/dashboard", administrator);
    await page.getByRole("menuitem", { name: "Availability" }).click();
    await expect(page.getByRole("heading", { name: "Availability", level: 2 })).toBeVisible();
    await expect(page.getByText(`Times in ${ZONE}`)).toBeVisible();

    // A room: added, then in the list.
    const rooms = page.getByTestId("resources");
    await rooms.getByRole("button", { name: "Add room or device" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a room or device" });
    await dialog.getByLabel("Name").fill(roomName);
    await dialog.getByRole("button", { name: "Add room or device" }).click();
    await expect(page.getByText("Room or device added")).toBeVisible();
    await expect(rooms.locator(`[data-resource="${roomName}"]`)).toContainText("Room");

    // The team member becomes a bookable clinician, and the service is theirs (its editor's card; here by REST).
    await page.getByRole("switch", { name: `${memberName} can be booked` }).click();
    await expect(page.getByText("Clinician saved")).toBeVisible();
    await expect(page.getByRole("switch", { name: `${memberName} can be booked` })).toBeChecked();
    const settings = await api(page.request, "PUT", "/api/admin/booking/services", {
      serviceId: service.id,
      bookable: true,
      durationMinutes: 60,
      intervalMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minNoticeMinutes: 0,
      daysAhead: 30,
      resourceId: null,
      requiresConfirmation: true,
      lateCancelHours: 24,
      clinicianIds: [member.id],
    });
    expect(settings.status(), await settings.text()).toBe(200);
    // No weekly hours yet: nothing free.
    expect(await freeTimes(page.request, slug)).toEqual([]);

    // Tuesday 9:00 AM to 12:00 PM; an overlapping second interval is named at its place and nothing is saved.
    await pickOption(page, "Availability of", memberName);
    const weekly = page.getByTestId("weekly-hours");
    await weekly.getByRole("button", { name: "Add interval (Tuesday)" }).click();
    await weekly.getByLabel("To (Tuesday 1)").fill("12:00");
    await weekly.getByRole("button", { name: "Add interval (Tuesday)" }).click();
    await weekly.getByLabel("From (Tuesday 2)").fill("11:00");
    await weekly.getByLabel("To (Tuesday 2)").fill("13:00");
    await weekly.getByRole("button", { name: "Save weekly hours" }).click();
    await expect(weekly.getByRole("alert")).toHaveText("This interval overlaps another one of the same day");
    expect(await freeTimes(page.request, slug)).toEqual([]);
    await weekly.getByRole("button", { name: "Remove interval (Tuesday 2)" }).click();
    await weekly.getByRole("button", { name: "Save weekly hours" }).click();
    await expect(page.getByText("Weekly hours saved")).toBeVisible();

    // The public free times: Tuesdays only, 9, 10 and 11 o'clock in the clinic's time zone.
    const tuesdays = (await freeTimes(page.request, slug)).filter((t) => t.clinicianIds.includes(member.id));
    expect(tuesdays.length).toBeGreaterThan(0);
    for (const time of tuesdays) {
      expect(weekday(time.start)).toBe("Tuesday");
      expect(["09:00", "10:00", "11:00"]).toContain(localTime(time.start));
    }
    // A Tuesday with all three times (the clinic open then): it is closed next.
    const dates = [...new Set(tuesdays.map((t) => localDate(t.start)))];
    const closing = dates.find((date) => tuesdays.filter((t) => localDate(t.start) === date).length === 3) ?? dates[0]!;

    const overrides = page.getByTestId("date-overrides");
    await expect(overrides.getByText("No date overrides.")).toBeVisible();
    const picker = overrides.getByRole("textbox", { name: "Date" });
    await picker.click();
    await picker.fill(closing);
    await picker.press("Enter");
    await overrides.getByRole("button", { name: "Save date" }).click();
    await expect(page.getByText("Date saved")).toBeVisible();
    await expect(overrides.locator(`[data-override="${closing}"]`)).toContainText("Closed all day");

    const after = (await freeTimes(page.request, slug)).filter((t) => t.clinicianIds.includes(member.id));
    expect(after.some((t) => localDate(t.start) === closing)).toBe(false);
    expect(after.length).toBe(tuesdays.length - tuesdays.filter((t) => localDate(t.start) === closing).length);
    await expectAccessible(page);

    // Removing the override gives the date back.
    await overrides.getByRole("button", { name: /^Remove / }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Date override removed")).toBeVisible();
    await expect(overrides.getByText("No date overrides.")).toBeVisible();
    expect((await freeTimes(page.request, slug)).filter((t) => t.clinicianIds.includes(member.id)).length).toBe(tuesdays.length);

    // The room goes again.
    await rooms.getByRole("button", { name: `Remove ${roomName}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Room or device removed")).toBeVisible();
    await expect(rooms.locator(`[data-resource="${roomName}"]`)).toHaveCount(0);
  } finally {
    await api(chief.request, "DELETE", `/api/admin/services/${service.id}`);
    await notBookable(chief.request, member.id);
    const left = (await (await api(chief.request, "GET", "/api/admin/booking/resources")).json()) as Array<{ id: number; name: string }>;
    for (const room of left.filter((r) => r.name === roomName))
      await api(chief.request, "DELETE", `/api/admin/booking/resources/${room.id}`);
    await api(chief.request, "DELETE", `/api/admin/users/${administrator.id}`);
    await chief.close();
  }
});

test("a role without availability.edit has no Availability screen, and its procedures refuse it", async ({ page, browser }) => {
  const chief = await browser.newContext();
  const desk = await createStaffUser(chief.request, "front_desk");
  try {
    await openAdmin(page, "/dashboard", desk);
    await expect(page.getByRole("menuitem", { name: "Calendar" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Availability" })).toHaveCount(0);
    // Opened by its address: the portal's refusal (the role and what the page needs), none of the screen.
    await page.goto("/admin/availability");
    await expect(page.getByText("Access Denied")).toBeVisible();
    await expect(page.getByText('it needs "Edit availability, resources and services\' booking settings"')).toBeVisible();
    await expect(page.getByTestId("weekly-hours")).toHaveCount(0);
    expect((await api(page.request, "GET", "/api/admin/booking/choices")).status()).toBe(403);
    expect((await api(page.request, "POST", "/api/admin/booking/resources", { name: "Desk room", kind: "room" })).status()).toBe(403);
  } finally {
    await api(chief.request, "DELETE", `/api/admin/users/${desk.id}`);
    await chief.close();
  }
});
