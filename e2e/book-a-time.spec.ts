import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, request as requests } from "@playwright/test";
import { api, signInByApi } from "./admin-fixtures";
import { E2E_BASE_URL, formToken } from "./env";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Booking a time on a phone, in Spanish (issue 38, item 3; decision 0080): from the Spanish service
 * page's "Book a time" link a visitor picks a day (later days) and a time, fills the details and the
 * consents, sends, and reads the Spanish answer; without JavaScript every step is a page load, with it
 * none is (a marker set on the window survives every step); the booking is on the staff calendar. With
 * JavaScript a time taken meanwhile answers the 409 in place, with the free times read again. And the
 * Book page passes axe. Each test makes its own bookable service and clinician (unique names, the staff
 * REST routes) and removes them again, so it needs no other spec's data.
 */

interface Bookable {
  slug: string;
  clinicianId: number;
  remove(): Promise<void>;
}

/** A published service bookable online with a clinician of its own (the clinic's weekday hours, every hour on the hour). */
async function bookableService(): Promise<Bookable> {
  const staff = await requests.newContext({ baseURL: E2E_BASE_URL });
  await signInByApi(staff);
  const unique = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const created = async (path: string, data: unknown) => {
    const res = await api(staff, "POST", path, data);
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const ok = async (method: "PUT" | "DELETE", path: string, data?: unknown) => {
    const res = await api(staff, method, path, data);
    expect(res.status(), await res.text()).toBe(200);
  };
  // A picture the site already has, so the About page it joins for a moment has no broken image.
  const [someone] = (await (await staff.get("/api/team")).json()) as Array<{ imageUrl: string }>;
  const clinicianId = await created("/api/admin/team", {
    name: `Dr. Booking ${unique}`,
    role: "Physician",
    bio: "Sees the visitors of the booking spec.",
    imageUrl: someone!.imageUrl,
  });
  const slug = `book-a-time-${unique}`;
  const serviceId = await created("/api/admin/services", {
    title: `Booking Check ${unique}`,
    slug,
    shortDescription: "A service the booking spec books.",
    description: "A service the booking spec books, removed again.",
    imageAlt: "A treatment room",
  });
  await ok("PUT", "/api/admin/booking/clinicians", { teamMemberId: clinicianId });
  await ok("PUT", "/api/admin/booking/availability/weekly", {
    ownerKind: "clinician",
    ownerId: clinicianId,
    weekly: Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
  });
  await ok("PUT", "/api/admin/booking/services", {
    serviceId,
    bookable: true,
    durationMinutes: 60,
    intervalMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minNoticeMinutes: 60,
    daysAhead: 30,
    resourceId: null,
    requiresConfirmation: true,
    lateCancelHours: 24,
    clinicianIds: [clinicianId],
  });
  return {
    slug,
    clinicianId,
    async remove() {
      await ok("DELETE", `/api/admin/services/${serviceId}`);
      await ok("DELETE", `/api/admin/team/${clinicianId}`);
      await staff.dispose();
    },
  };
}

/** The clinician's bookings from today on, as staff read them (the calendar's REST route). */
async function bookingsOf(clinicianId: number): Promise<Array<{ startsAt: string; status: string }>> {
  const staff = await requests.newContext({ baseURL: E2E_BASE_URL });
  try {
    await signInByApi(staff);
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const res = await staff.get(`/api/admin/booking/calendar?from=${from}&to=${to}&clinicianId=${clinicianId}`);
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  } finally {
    await staff.dispose();
  }
}

/** Fills the details and the consents as a person types (the form's token wants a few seconds between the page and the send). */
async function fillDetails(page: Page, email: string) {
  const form = page.locator("form.contact-form");
  await form.getByLabel("Nombre completo").pressSequentially("Lucía Fernández", { delay: 30 });
  await form.getByLabel("Correo electrónico").pressSequentially(email, { delay: 30 });
  await form.getByLabel("Teléfono celular").pressSequentially("801-555-0163", { delay: 30 });
  await form.getByRole("checkbox", { name: /Acepto la Política de privacidad/ }).check();
  await form.getByRole("checkbox", { name: /Autorización HIPAA/ }).check();
  await form.getByRole("checkbox", { name: /Acepto los Términos y condiciones/ }).check();
}

/** From the Spanish service page: Book a time, later days, the first time of the first day listed; its start. */
async function chooseTime(page: Page, slug: string): Promise<string> {
  await page.getByRole("link", { name: "Reservar un horario" }).click();
  await expect(page).toHaveURL(new RegExp(`/es/services/${slug}/book$`));
  await expect(page.getByRole("heading", { name: "Elija un horario", level: 2 })).toBeVisible();
  await page.getByRole("link", { name: "Días siguientes" }).click();
  await expect(page).toHaveURL(new RegExp(`/es/services/${slug}/book/\\d{4}-\\d{2}-\\d{2}$`));
  const first = page.locator("[data-book-time]").first();
  const href = (await first.getAttribute("href"))!;
  await first.click();
  await expect(page.getByRole("heading", { name: /^Su horario: / })).toBeVisible();
  return decodeURIComponent(href.split("/").pop()!);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor books a time in Spanish on a phone: day, time, details, the Spanish answer @phone", async ({ page }) => {
    test.setTimeout(90_000);
    const service = await bookableService();
    try {
      await page.goto(`/es/services/${service.slug}`);
      const start = await chooseTime(page, service.slug);
      await fillDetails(page, `sin.js.${Date.now()}@example.com`);
      await page.getByRole("button", { name: "Reservar este horario" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "Gracias. Recibimos su solicitud para este horario; se la confirmaremos por correo.",
      );
      const booked = await bookingsOf(service.clinicianId);
      expect(booked.map((b) => [new Date(b.startsAt).toISOString(), b.status])).toEqual([[start, "requested"]]);
    } finally {
      await service.remove();
    }
  });
});

/** Counts the document's loads: a full page load starts a new window object, without the marker. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { bookMarker: string }).bookMarker = "still here";
  });
}
const marker = (page: Page) => page.evaluate(() => (window as unknown as { bookMarker?: string }).bookMarker);

test("with JavaScript the same booking takes no page load, and focus follows each step @phone", async ({ page, consoleGuard }) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 400/); // the send with a consent missing
  const service = await bookableService();
  try {
    const loads: string[] = [];
    page.on("load", () => loads.push(page.url()));
    await page.goto(`/es/services/${service.slug}`);
    await waitForHydration(page);
    await markWindow(page);
    const start = await chooseTime(page, service.slug);
    // The chosen time's heading has the focus, and the address names it (a reload shows the same step).
    await expect(page.getByRole("heading", { name: /^Su horario: / })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/book/\\d{4}-\\d{2}-\\d{2}/${encodeURIComponent(start).replaceAll(".", "\\.")}$`));
    // Back shows the week again, forward the time: history follows the steps.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Elija un horario", level: 2 })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("heading", { name: /^Su horario: / })).toBeVisible();
    expect(await marker(page)).toBe("still here");

    // A send with a consent missing: the message at its field, the focus on it, nothing booked.
    const email = `con.js.${Date.now()}@example.com`;
    await fillDetails(page, email);
    const terms = page.getByRole("checkbox", { name: /Acepto los Términos y condiciones/ });
    await terms.uncheck();
    await page.getByRole("button", { name: "Reservar este horario" }).click();
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("field-error")).toHaveText(["Debe aceptar nuestros Términos y condiciones para continuar."]);
    expect(await bookingsOf(service.clinicianId)).toEqual([]);

    await terms.check();
    await page.getByRole("button", { name: "Reservar este horario" }).click();
    // The answer in the live region, the focus on its heading, the same document all along.
    await expect(page.getByRole("status")).toHaveText("Gracias. Recibimos su solicitud para este horario; se la confirmaremos por correo.");
    await expect(page.getByRole("heading", { name: /^Su horario: / })).toBeFocused();
    expect(await marker(page)).toBe("still here");
    expect(loads).toHaveLength(1);
    const booked = await bookingsOf(service.clinicianId);
    expect(booked.map((b) => [new Date(b.startsAt).toISOString(), b.status])).toEqual([[start, "requested"]]);

    // Back on the week, the booked time is no longer offered (the free times were read again).
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Elija un horario", level: 2 })).toBeVisible();
    await expect(page.locator(`[data-book-time][href$="/${encodeURIComponent(start)}"]`)).toHaveCount(0);
    await expect(page.locator("[data-book-time]").first()).toBeVisible();
    expect(await marker(page)).toBe("still here");
  } finally {
    await service.remove();
  }
});

test("with JavaScript a time taken meanwhile answers 409 in place, with the free times read again @phone", async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 409/); // the answer this test is about
  const service = await bookableService();
  try {
    await page.goto(`/es/services/${service.slug}`);
    await waitForHydration(page);
    await markWindow(page);
    const start = await chooseTime(page, service.slug);
    await fillDetails(page, `tarde.${Date.now()}@example.com`);
    // Someone else books the same time first.
    const other = await bookOverRest(page.request, service.slug, start);
    expect(other.status(), await other.text()).toBe(201);
    await page.getByRole("button", { name: "Reservar este horario" }).click();
    await expect(page.getByRole("alert")).toHaveText("Alguien acaba de reservar ese horario. Elija otro horario.");
    await expect(page.getByRole("heading", { name: "Elija un horario", level: 2 })).toBeFocused();
    await expect(page.locator("[data-book-time]").first()).toBeVisible();
    await expect(page.locator(`[data-book-time][href$="/${encodeURIComponent(start)}"]`)).toHaveCount(0);
    expect(await marker(page)).toBe("still here");
    expect(await bookingsOf(service.clinicianId)).toHaveLength(1);
  } finally {
    await service.remove();
  }
});

/** A booking through the public REST route, as another visitor's page sends it (a token as a page rendered it 10 s ago). */
function bookOverRest(request: APIRequestContext, slug: string, start: string) {
  return request.post("/api/booking", {
    headers: { Origin: E2E_BASE_URL },
    data: {
      name: "Otra Persona",
      email: `otra.${Date.now()}@example.com`,
      phone: "801-555-0164",
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: formToken(),
      service: slug,
      start,
      language: "es",
      idempotencyKey: `other-${slug}`,
    },
  });
}

test("the Book page: no WCAG A/AA violation and all content in landmarks, the week and a chosen time @phone", async ({ page }) => {
  test.setTimeout(120_000);
  const service = await bookableService();
  try {
    await page.goto(`/es/services/${service.slug}/book`);
    await waitForHydration(page);
    const scan = async () =>
      (
        await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).withRules(["region"]).analyze()
      ).violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} (${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")})`,
      );
    expect(await scan()).toEqual([]);
    await page.locator("[data-book-time]").first().click();
    await expect(page.getByRole("heading", { name: /^Su horario: / })).toBeVisible();
    expect(await scan()).toEqual([]);
  } finally {
    await service.remove();
  }
});
