import { type APIRequestContext, request as requests } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { EN } from "../src/client/public/catalogue/en";
import { signInByApi } from "./admin-fixtures";
import { E2E_BASE_URL, E2E_MAIL_LOG, formToken } from "./env";
import { expect, test } from "./fixtures";

/**
 * The links in a booking's mail, opened in a browser (issue 38, item 6): a visitor books a time (through
 * the public REST route), reads the confirmation from the mail the real SMTP server received (E2E_MAIL_LOG),
 * opens its cancel link, cancels, and the time is free again; another opens its reschedule link, picks a
 * new time and moves the booking. Plain pages without script, on a phone too.
 *
 * Each worker sets up a bookable service and a clinician of its own (unique names, through the staff
 * REST routes; the service is not offered on the inquiry form) and removes them afterwards, so no other
 * spec's times or choices change under it.
 */
const ORIGIN = { Origin: E2E_BASE_URL };
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
let staff: APIRequestContext;
let setup: { serviceId: number; slug: string; teamMemberId: number };

interface Answer {
  id: number;
  slug: string;
  status: string;
  times: Array<{ start: string }>;
}

async function ok<T = Answer>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  staff = await requests.newContext({ baseURL: E2E_BASE_URL });
  await signInByApi(staff);
  const team = await ok<Array<{ imageUrl: string }>>(await staff.get("/api/admin/team"));
  const member = await ok(
    await staff.post("/api/admin/team", {
      headers: ORIGIN,
      data: { name: `Link Tester ${stamp}`, role: "Nurse", bio: "Added by the mail links e2e test.", imageUrl: team[0]!.imageUrl },
    }),
    201,
  );
  await ok(await staff.put("/api/admin/booking/clinicians", { headers: ORIGIN, data: { teamMemberId: member.id } }));
  await ok(
    await staff.put("/api/admin/booking/availability/weekly", {
      headers: ORIGIN,
      data: {
        ownerKind: "clinician",
        ownerId: member.id,
        weekly: Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
      },
    }),
  );
  const service = await ok(
    await staff.post("/api/admin/services", {
      headers: ORIGIN,
      data: {
        title: `Link Test ${stamp}`,
        slug: `link-test-${stamp}`,
        shortDescription: "Short.",
        description: "Added by the mail links e2e test.",
        imageAlt: "A picture",
        offeredOnContactForm: false,
      },
    }),
    201,
  );
  await ok(
    await staff.put("/api/admin/booking/services", {
      headers: ORIGIN,
      data: {
        serviceId: service.id,
        bookable: true,
        durationMinutes: 60,
        intervalMinutes: 60,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        minNoticeMinutes: 60,
        daysAhead: 14,
        resourceId: null,
        requiresConfirmation: false,
        lateCancelHours: 0,
        clinicianIds: [member.id],
      },
    }),
  );
  setup = { serviceId: service.id, slug: service.slug, teamMemberId: member.id };
});

test.afterAll(async () => {
  if (setup) {
    // The bookings still standing are cancelled (their times released), their inquiries deleted.
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const calendar = (await ok(
      await staff.get(`/api/admin/booking/calendar?from=${from}&to=${to}&clinicianId=${setup.teamMemberId}`),
    )) as Array<{
      id: number;
      status: string;
      inquiryId: number | null;
    }>;
    for (const booking of calendar) {
      if (booking.status === "requested" || booking.status === "confirmed")
        await staff.post(`/api/admin/booking/${booking.id}/cancel`, { headers: ORIGIN, data: {} });
      if (booking.inquiryId !== null) await staff.delete(`/api/admin/contact/${booking.inquiryId}`, { headers: ORIGIN });
    }
    await staff.delete(`/api/admin/services/${setup.serviceId}`, { headers: ORIGIN });
    await staff.delete(`/api/admin/team/${setup.teamMemberId}`, { headers: ORIGIN });
  }
  await staff.dispose();
});

async function freeStarts(request: APIRequestContext): Promise<string[]> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const body = await ok(await request.get(`/api/booking/free-times?service=${setup.slug}&from=${from}&to=${to}`));
  return (body.times as Array<{ start: string }>).map((time) => time.start);
}

async function book(request: APIRequestContext, start: string, email: string) {
  const res = await request.post("/api/booking", {
    headers: ORIGIN,
    data: {
      name: "Avery Linkreader",
      email,
      phone: "801-555-0166",
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: formToken(),
      language: "en",
      service: setup.slug,
      start,
      idempotencyKey: `links-${email}`,
    },
  });
  const body = await ok(res, 201);
  expect(body.status).toBe("confirmed");
}

/** The text of the mail the real SMTP server received for this address with this subject (quoted-printable undone). */
async function mailText(address: string, subject: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        const lines = (await readFile(E2E_MAIL_LOG, "utf8").catch(() => ""))
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string[]; subject: string; text: string });
        found = lines.find((mail) => mail.to.includes(address) && mail.subject.includes(subject))?.text ?? "";
        return found !== "";
      },
      { message: `the mail "${subject}" to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const linkIn = (text: string, purpose: "cancel" | "reschedule") => {
  const link = new RegExp(`https?://[^\\s]+/booking/${purpose}\\?token=[^\\s]+`).exec(text)?.[0];
  expect(link, `the ${purpose} link`).toBeTruthy();
  return link!;
};

test("a visitor cancels from the mail's link in the browser, and the time is free again @phone", async ({ page }) => {
  const start = (await freeStarts(page.request))[0]!;
  const email = `cancel.${stamp}.${test.info().project.name}@example.com`;
  await book(page.request, start, email);
  expect(await freeStarts(page.request)).not.toContain(start);

  const text = await mailText(email, "Your appointment is confirmed");
  await page.goto(linkIn(text, "cancel"));
  await expect(page.getByRole("heading", { level: 1, name: EN.B.cancelTitle })).toBeVisible();
  await expect(page.getByText(EN.B.cancelAsk)).toBeVisible();
  await page.getByRole("button", { name: EN.B.cancelButton }).click();
  await expect(page.getByRole("status")).toHaveText(EN.B.cancelDone);

  expect(await freeStarts(page.request)).toContain(start);
  await mailText(email, "Your appointment is cancelled");
});

test("a visitor moves the time from the mail's reschedule link in the browser @phone", async ({ page, consoleGuard }) => {
  const starts = await freeStarts(page.request);
  const start = starts[1]!;
  const email = `move.${stamp}.${test.info().project.name}@example.com`;
  await book(page.request, start, email);

  const text = await mailText(email, "Your appointment is confirmed");
  expect(text).not.toContain(`Link Test ${stamp}`);
  const link = linkIn(text, "reschedule");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: EN.B.rescheduleTitle })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: EN.B.rescheduleChoose })).toBeVisible();
  // Another free time: its own is not offered.
  await expect(page.locator(`input[type="radio"][value="${new Date(start).toISOString()}"]`)).toHaveCount(0);
  const target = new Date(starts[3]!).toISOString();
  await page.locator(`input[type="radio"][value="${target}"]`).check();
  await page.getByRole("button", { name: EN.B.rescheduleButton }).click();
  await expect(page.getByRole("status")).toHaveText(EN.B.rescheduleDone);

  const free = await freeStarts(page.request);
  expect(free).toContain(start);
  expect(free).not.toContain(starts[3]);
  const moved = await mailText(email, "Your appointment is moved");
  expect(moved).toContain("text/calendar");
  // The old link is spent (bound to the time it was mailed for): opening it again says so, with a 404.
  consoleGuard.allow(/status of 404/);
  expect((await page.goto(link))?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(EN.B.cancelGone);
});
