import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clinicDay } from "../src/shared/clinic-date";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The clinic's holidays and special hours (issue 38): its own date overrides (Booking availability,
 * owner "clinic") are what the site shows next to its weekly hours (the contact page's "Get in Touch",
 * in each language), what GET /api/clinic answers, and the structured data's
 * specialOpeningHoursSpecification on Home and Contact; a date override removed, or one past the 60
 * days shown, is not there. Through the real server (pages server-rendered) on the real database.
 */
let t: TestApp;
let cookie: string;

const inDays = (days: number) => clinicDay(new Date(Date.now() + days * 86_400_000));
const closedDay = inDays(3);
const shortDay = inDays(5);
const farDay = inDays(90);

async function override(json: Record<string, unknown>) {
  const res = await t.request("/api/admin/booking/availability/date", {
    method: "PUT",
    cookie,
    json: { ownerKind: "clinic", ownerId: 0, ...json },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function html(path: string) {
  const res = await t.request(path);
  expect(res.status).toBe(200);
  return res.text();
}

/** The MedicalClinic JSON-LD of a page. */
function clinicJsonLd(page: string): Record<string, unknown> {
  const scripts = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const clinic = scripts.find((data) => data["@type"] === "MedicalClinic");
  expect(clinic).toBeDefined();
  return clinic;
}

beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

describe("the clinic's special days on the site", () => {
  it("no special days: none shown, none in the structured data", async () => {
    expect((await (await t.request("/api/clinic")).json()).specialDays).toEqual([]);
    const page = await html("/contact");
    expect(page).not.toContain('data-testid="special-hours"');
    expect(clinicJsonLd(page)).not.toHaveProperty("specialOpeningHoursSpecification");
  });

  it("a closed day and a day of special hours show on the contact page, in the API and the JSON-LD; one removed goes", async () => {
    await override({ date: closedDay, closed: true, note: "Holiday" });
    await override({ date: shortDay, closed: false, stretches: [{ startMinute: 600, endMinute: 840 }] });
    await override({ date: farDay, closed: true });

    const clinic = await (await t.request("/api/clinic")).json();
    expect(clinic.specialDays).toEqual([
      { date: closedDay, closed: true, opens: "", closes: "" },
      { date: shortDay, closed: false, opens: "10:00", closes: "14:00" },
    ]);

    const page = await html("/contact");
    const special = page.slice(page.indexOf('data-testid="special-hours"'));
    expect(special).toMatch(new RegExp(`datetime="${closedDay}"[^]*?Closed`, "i"));
    expect(special).toContain("10:00 AM - 2:00 PM");
    expect(page).toContain("Special hours");

    for (const path of ["/", "/contact"])
      expect(clinicJsonLd(await html(path)).specialOpeningHoursSpecification).toEqual([
        { "@type": "OpeningHoursSpecification", validFrom: closedDay, validThrough: closedDay, opens: "00:00", closes: "00:00" },
        { "@type": "OpeningHoursSpecification", validFrom: shortDay, validThrough: shortDay, opens: "10:00", closes: "14:00" },
      ]);

    // In Spanish and Chinese, in their words.
    const es = await html("/es/contact");
    expect(es).toContain("Horario especial");
    expect(es.slice(es.indexOf('data-testid="special-hours"'))).toContain("Cerrado");
    expect(await html("/zh/contact")).toContain("特别营业时间");

    await override({ date: closedDay, closed: true, remove: true });
    const after = await (await t.request("/api/clinic")).json();
    expect(after.specialDays.map((day: { date: string }) => day.date)).toEqual([shortDay]);
    const jsonLd = clinicJsonLd(await html("/contact")).specialOpeningHoursSpecification as Array<{ validFrom: string }>;
    expect(jsonLd.map((entry) => entry.validFrom)).toEqual([shortDay]);
  });
});
