import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, BOOK_DAYS, clinicDay } from "../src/client/public/book-week";
import { CATALOGUES } from "../src/client/public/catalogue/all";
import { bookingSettings } from "./setup/booking-fixtures";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The Book page without JavaScript (issue 38), through the real server's rendering on the real
 * database: a bookable service's page links to it (another's does not), its times are links, a chosen
 * time's form posts the contact form's details and consents and answers requested in the page's
 * language; the same time again answers 409 with the words and fresh times.
 */
let t: TestApp;
let cookie: string;
let bookable: { id: number; slug: string };
let plain: { id: number; slug: string };

async function ok(res: Response, status = 200) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

async function service(title: string) {
  const slug = `${title.toLowerCase().replaceAll(" ", "-")}-${Math.random().toString(36).slice(2, 7)}`;
  return (await ok(
    await t.request("/api/admin/services", {
      json: { title, slug, shortDescription: "Short", description: "Long", imageAlt: "A picture" },
      cookie,
    }),
    201,
  )) as { id: number; slug: string };
}

beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin());
  const clinicians = (await ok(await t.request("/api/admin/booking/clinicians", { cookie }))) as Array<{ teamMemberId: number }>;
  const clinicianId = clinicians[0]!.teamMemberId;
  await ok(
    await t.request("/api/admin/booking/availability/weekly", {
      method: "PUT",
      cookie,
      json: {
        ownerKind: "clinician",
        ownerId: clinicianId,
        weekly: Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
      },
    }),
  );
  bookable = await service("Page Bookable");
  plain = await service("Page Plain");
  await ok(
    await t.request("/api/admin/booking/services", {
      method: "PUT",
      cookie,
      json: bookingSettings(bookable.id, [clinicianId], { daysAhead: 30, requiresConfirmation: true, lateCancelHours: 24 }),
    }),
  );
});
afterAll(() => t.close());

const es = CATALOGUES.es.B;
/** The page's time links (the language menu links the page itself too). */
const timeLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>/g)].filter((m) => m[0].includes("data-book-time")).map((m) => m[1]!);
const hrefs = (html: string, pattern: RegExp) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")).filter((h) => pattern.test(h));

function bookingForm(html: string, token: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: "Avery Stone",
    email: "avery@example.com",
    phone: "801-555-0133",
    healthConditions: "Knee pain",
    privacyPolicy: "on",
    hipaaConsent: "on",
    termsAndConditions: "on",
    formToken: token,
    service: /name="service" value="([^"]+)"/.exec(html)![1]!,
    start: /name="start" value="([^"]+)"/.exec(html)![1]!,
  }))
    form.set(name, value);
  return form;
}

describe("the Book page without JavaScript", () => {
  it("a bookable service's page links to it in its language; another's does not", async () => {
    const page = await (await t.request(`/es/services/${bookable.slug}`)).text();
    expect(page).toContain(es.bookTime);
    expect(hrefs(page, /\/book$/)).toEqual([`/es/services/${bookable.slug}/book`]);
    const other = await (await t.request(`/es/services/${plain.slug}`)).text();
    expect(other).not.toContain(es.bookTime);
    expect((await t.request(`/es/services/${plain.slug}/book`)).status).toBe(404);
  });

  it("offers later days up to the service's booking window, and no later week past it", async () => {
    // The service books 30 days ahead: the week from today has a later one; the week holding day 30 has none.
    const today = clinicDay(new Date());
    const dayLinks = (html: string) => hrefs(html, /\/book\/\d{4}-\d{2}-\d{2}$/);
    const laterOf = (from: string) => `/es/services/${bookable.slug}/book/${addDays(from, BOOK_DAYS)}`;
    const first = await (await t.request(`/es/services/${bookable.slug}/book`)).text();
    expect(first).toContain(es.later);
    expect(dayLinks(first)).toContain(laterOf(today));
    const lastWeek = addDays(today, 28);
    const last = await (await t.request(`/es/services/${bookable.slug}/book/${lastWeek}`)).text();
    expect(last).toContain(es.earlier);
    expect(last).not.toContain(es.later);
    expect(dayLinks(last)).not.toContain(laterOf(lastWeek));
    // The free times say where the window ends.
    const free = await ok(await t.request(`/api/booking/free-times?service=${bookable.slug}&from=${today}&to=${today}`));
    expect(free.lastDay).toBe(addDays(today, 30));
  });

  it("books a time in Spanish: times as links, the form, the answer; the same time again is taken (409) with fresh times", async () => {
    const week = await t.request(`/es/services/${bookable.slug}/book`);
    expect(week.status).toBe(200);
    const html = await week.text();
    expect(html).toContain(es.choose);
    expect(html).toContain('lang="es"');
    const times = timeLinks(html);
    expect(times[0]).toMatch(new RegExp(`^/es/services/${bookable.slug}/book/\\d{4}-\\d{2}-\\d{2}/`));
    expect(times.length).toBeGreaterThan(0);
    expect(hrefs(html, /\/book\/\d{4}-\d{2}-\d{2}$/).length).toBeGreaterThan(0);

    const chosen = await (await t.request(times[0]!)).text();
    expect(chosen).toContain(es.chosen);
    expect(chosen).toContain('method="post"');
    const token = /name="formToken" value="([^"]+)"/.exec(chosen)![1]!;
    expect(token.length).toBeGreaterThan(10);
    // The page's token is too young to pass the spam check's fill time: the test's own, signed as the page's is, but older.
    const answer = await t.request(times[0]!, { form: bookingForm(chosen, t.formToken()), ip: "203.0.113.61" });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(es.requested);

    // Another visitor had the page open with that time.
    const again = await (await t.request(times[0]!)).text();
    expect(again).not.toContain(es.chosen);
    const taken = await t.request(times[0]!, { form: bookingForm(chosen, t.formToken()), ip: "203.0.113.63" });
    expect(taken.status).toBe(409);
    const fresh = await taken.text();
    expect(fresh).toContain(es.taken);
    const freshTimes = timeLinks(fresh);
    expect(freshTimes.length).toBeGreaterThan(0);
    expect(freshTimes).not.toContain(times[0]);
  });
});
