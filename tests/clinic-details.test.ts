import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings, websiteContent } from "../src/server/db/schema";
import { moveClinicContent } from "../src/server/services/settings";
import { DEFAULT_CLINIC, hoursRows, openingHoursSpecification, type ClinicDetails } from "../src/shared/clinic";
import { createTestApp, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * Settings' Clinic details (issue 22 item 1): the one source of the phone, address, hours and the rest
 * that the public pages show; validated in plain words; read by the public (tRPC and REST, cached, the
 * cache emptied by a save); and the Website Content items that once duplicated them moved into it.
 */
let t: TestApp;
let chief: TestAdmin;
let chiefCookie: string;

beforeAll(async () => {
  t = await createTestApp({ web: true });
  chief = await t.createAdmin({ role: "super_admin" });
  chiefCookie = await t.cookieFor(chief);
});
afterAll(async () => {
  await t.close();
});

const clinic = (patch: Partial<ClinicDetails> = {}): ClinicDetails => ({ ...structuredClone(DEFAULT_CLINIC), ...patch });
const put = (body: unknown, cookie = chiefCookie) => t.request("/api/admin/settings", { method: "PUT", json: body, cookie });

/** The page's MedicalClinic JSON-LD. */
function clinicJsonLd(html: string): Record<string, unknown> {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)) {
    const data = JSON.parse(json!) as Record<string, unknown>;
    if (data["@type"] === "MedicalClinic") return data;
  }
  throw new Error("no MedicalClinic JSON-LD");
}

describe("validation", () => {
  it("refuses a phone that does not dial, an e-mail that is not one, and hours that make no sense, in plain words", async () => {
    const res = await put({
      clinic: clinic({
        phone: "555-0147",
        email: "care at clinic",
        privacyOfficerPhone: "(801) 055-0199",
        state: "Utah",
        zip: "8412",
        latitude: 91,
        hours: {
          ...DEFAULT_CLINIC.hours,
          monday: { closed: false, opens: "17:00", closes: "09:00" },
          tuesday: { closed: false, opens: "9am", closes: "17:00" },
        },
        social: { ...DEFAULT_CLINIC.social, facebook: "http://facebook.com/x" },
      }),
    });
    expect(res.status).toBe(400);
    const { fieldErrors } = (await res.json()) as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors).toMatchObject({
      "clinic.phone": ["Please enter a 10-digit US phone number, like (801) 555-0147."],
      "clinic.email": ["Please enter a valid email address."],
      "clinic.privacyOfficerPhone": ["Please enter a 10-digit US phone number, like (801) 555-0147."],
      "clinic.state": ["Please enter the state as 2 letters, like UT."],
      "clinic.zip": ["Please enter a 5-digit ZIP code (or ZIP+4, like 84124-1234)."],
      "clinic.latitude": ["Latitude must be between -90 and 90."],
      "clinic.hours.monday.closes": ["Monday: the closing time must be after the opening time."],
      "clinic.hours.tuesday.opens": ["Please enter a time like 09:00 (24-hour)."],
      "clinic.social.facebook": ["Please enter an address starting with https://, or leave it empty to hide the icon."],
    });
    // Nothing was saved.
    expect(await (await t.request("/api/clinic")).json()).toEqual({ ...DEFAULT_CLINIC, specialDays: [] });
  });

  it("accepts the usual ways of writing a phone number and stores the display form; a closed day needs no sensible times", async () => {
    for (const written of ["801-555-0148", "+1 801 555 0148", "8015550148", "1 (801) 555-0148"]) {
      const res = await put({
        clinic: clinic({
          phone: written,
          state: "ut",
          hours: { ...DEFAULT_CLINIC.hours, sunday: { closed: true, opens: "17:00", closes: "09:00" } },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const saved = (await res.json()) as { clinic: ClinicDetails };
      expect(saved.clinic.phone).toBe("(801) 555-0148");
      expect(saved.clinic.state).toBe("UT");
    }
    expect((await put({ clinic: DEFAULT_CLINIC })).status).toBe(200);
  });

  it("only super admins change them; anyone reads them", async () => {
    const staff = await t.createAdmin({ role: "admin" });
    expect((await put({ clinic: DEFAULT_CLINIC }, await t.cookieFor(staff))).status).toBe(403);
    const anonymous = await t.callerFor();
    expect(await anonymous.settings.clinic()).toEqual({ ...DEFAULT_CLINIC, specialDays: [] });
  });
});

describe("one source for the public pages", () => {
  it("the REST mirror and the public read answer the section; a save empties the cached pages and answers", async () => {
    // Warm the caches: the pages and the public answer as they are.
    const before = await t.request("/");
    expect(await before.text()).toContain("(801) 555-0147");
    expect(((await (await t.request("/api/clinic")).json()) as ClinicDetails).phone).toBe("(801) 555-0147");
    const contactBefore = await (await t.request("/contact")).text();
    expect(contactBefore).toContain("Monday - Friday");

    const changed = clinic({
      phone: "(385) 555-0123",
      street: "100 Test Way, Suite 9",
      city: "Sandy",
      zip: "84070",
      hours: {
        ...DEFAULT_CLINIC.hours,
        friday: { closed: false, opens: "08:30", closes: "12:00" },
        saturday: { closed: false, opens: "10:00", closes: "14:00" },
      },
      social: { ...DEFAULT_CLINIC.social, youtube: "" },
    });
    const saved = await put({ clinic: changed });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { clinic: ClinicDetails }).clinic).toEqual(changed);

    const admin = (await (await t.request("/api/admin/settings", { cookie: chiefCookie })).json()) as { clinic: ClinicDetails };
    expect(admin.clinic).toEqual(changed);
    expect(await (await t.request("/api/clinic")).json()).toEqual({ ...changed, specialDays: [] });

    for (const path of ["/", "/contact", "/services/stem-cell-therapy", "/about"]) {
      const html = await (await t.request(path)).text();
      expect(html, path).toContain("(385) 555-0123");
      expect(html, path).toContain('href="tel:+13855550123"');
      expect(html, path).toContain("100 Test Way, Suite 9");
      expect(html, path).not.toContain("(801) 555-0147");
    }
    const contact = await (await t.request("/contact")).text();
    // Hours as the site groups them: equal consecutive days together, closed days alone.
    for (const text of [
      "Monday - Thursday",
      "9:00 AM - 5:00 PM",
      "Friday",
      "8:30 AM - 12:00 PM",
      "Saturday",
      "10:00 AM - 2:00 PM",
      "Sunday",
    ]) {
      expect(contact).toContain(text);
    }
    const jsonLd = clinicJsonLd(contact);
    expect(jsonLd).toMatchObject({
      telephone: "(385) 555-0123",
      address: { streetAddress: "100 Test Way, Suite 9", addressLocality: "Sandy", addressRegion: "UT", postalCode: "84070" },
      geo: { latitude: DEFAULT_CLINIC.latitude, longitude: DEFAULT_CLINIC.longitude },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"],
          opens: "09:00",
          closes: "17:00",
        },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday"], opens: "08:30", closes: "12:00" },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" },
      ],
      sameAs: [DEFAULT_CLINIC.social.facebook, DEFAULT_CLINIC.social.instagram],
    });
    expect(clinicJsonLd(await (await t.request("/")).text())).toMatchObject({ telephone: "(385) 555-0123" });
    expect(contact).toContain("Sandy, UT 84070");

    expect((await put({ clinic: DEFAULT_CLINIC })).status).toBe(200);
    expect(await (await t.request("/")).text()).toContain("(801) 555-0147");
  });
});

describe("hours as the site shows them", () => {
  it("groups consecutive days with equal hours and lists closed days alone; JSON-LD leaves closed days out", () => {
    expect(hoursRows(DEFAULT_CLINIC.hours)).toEqual([
      { days: "Monday - Friday", time: "9:00 AM - 5:00 PM" },
      { days: "Saturday", time: "Closed" },
      { days: "Sunday", time: "Closed" },
    ]);
    expect(openingHoursSpecification(DEFAULT_CLINIC.hours)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "17:00",
      },
    ]);
  });
});

describe("the Website Content items that duplicated them", () => {
  const footerContact = and(eq(websiteContent.page, "footer"), eq(websiteContent.section, "contact"));

  it("are no longer seeded, and ones left from before move into the clinic's details at start, once", async () => {
    expect(await t.deps.db.select().from(websiteContent).where(footerContact)).toEqual([]);
    await t.deps.db.delete(appSettings).where(eq(appSettings.key, "clinic"));
    await t.deps.db.insert(websiteContent).values([
      { page: "footer", section: "contact", key: "address", content: "<p>200 Main St, Holladay, UT 84117</p>" },
      { page: "footer", section: "contact", key: "phone", content: "801.555.0175" },
      { page: "footer", section: "contact", key: "email", content: "not an e-mail" },
    ]);
    expect(await moveClinicContent(t.deps.db)).toBe(true);
    const moved = (await (await t.request("/api/clinic")).json()) as ClinicDetails;
    expect(moved).toEqual({
      ...DEFAULT_CLINIC,
      street: "200 Main St",
      city: "Holladay",
      state: "UT",
      zip: "84117",
      phone: "(801) 555-0175",
      specialDays: [],
    });
    expect(await t.deps.db.select().from(websiteContent).where(footerContact)).toEqual([]);
    const list = await (await t.callerFor(chief)).content.adminList({ page: "footer" });
    expect(list.map((item) => `${item.section}/${item.key}`)).not.toContain("contact/phone");
    // Again: nothing to do.
    expect(await moveClinicContent(t.deps.db)).toBe(false);

    // Details already saved in Settings win over an item left behind; the item still goes.
    await t.deps.db.insert(websiteContent).values({ page: "footer", section: "contact", key: "phone", content: "(435) 555-0100" });
    expect(await moveClinicContent(t.deps.db)).toBe(true);
    expect((await (await t.callerFor()).settings.clinic()).phone).toBe("(801) 555-0175");
    expect(await t.deps.db.select().from(websiteContent).where(footerContact)).toEqual([]);
    expect((await put({ clinic: DEFAULT_CLINIC })).status).toBe(200);
  });
});
