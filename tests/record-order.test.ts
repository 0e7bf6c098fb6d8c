import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActivityLog } from "../src/server/db/schema";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The order staff give the services, the team and the testimonials by dragging their lists (issue 36):
 * PUT /api/admin/{list}/order saves it, for those who may edit that content; every public read and page
 * shows the records in it, in every language; a wrong list (an id twice, an unknown id, one left out) is
 * refused with its words and changes nothing; a new record goes last.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  staff = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
const get = async (url: string) => {
  const res = await t.request(url);
  expect(res.status, url).toBe(200);
  return res.json();
};
const putOrder = (list: string, order: number[], cookie = staff) =>
  t.request(`/api/admin/${list}/order`, { method: "PUT", json: { ids: order }, cookie });
/** Where each name first shows in a page's HTML, in the order they show. */
const orderIn = (html: string, names: string[]) =>
  names
    .map((name) => ({ name, at: html.indexOf(name) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name);

describe("services", () => {
  it("the new order shows in the public list, the footer's links, the form's choices and the pages, in every language", async () => {
    const before: Array<{ id: number; title: string; slug: string; offeredOnContactForm: boolean }> = await get("/api/services");
    expect(before.length).toBeGreaterThan(2);
    const reversed = ids(before).reverse();

    const res = await putOrder("services", reversed);
    expect(res.status).toBe(200);
    expect((await res.json()).ids).toEqual(reversed);

    expect(ids(await get("/api/services"))).toEqual(reversed);
    expect(ids(await get("/api/services?lang=es"))).toEqual(reversed);
    const staffList = await t.request("/api/admin/services", { cookie: staff });
    expect(ids(await staffList.json())).toEqual(reversed);

    const titles = before.map((s) => s.title);
    const reversedTitles = [...titles].reverse();
    const links = await get("/api/service-links");
    expect(links.services.map((s: { title: string }) => s.title)).toEqual(reversedTitles);
    const offered = reversedTitles.filter((title) => before.find((s) => s.title === title)!.offeredOnContactForm);
    expect(links.contactChoices.slice(0, offered.length)).toEqual(offered);
    const linksEs = await get("/api/service-links?lang=es");
    expect(linksEs.services.map((s: { slug: string }) => s.slug)).toEqual([...before.map((s) => s.slug)].reverse());

    // The pages the server renders (the caches were emptied by the save).
    for (const page of ["/services", "/", "/es/services", "/zh/"]) {
      const html = await (await t.request(page)).text();
      const cards = html.slice(html.indexOf("<main"));
      expect(
        orderIn(
          cards,
          before.map((s) => `/services/${s.slug}"`),
        ),
        page,
      ).toEqual(before.map((s) => `/services/${s.slug}"`).reverse());
    }
  });

  it("an id twice or an unknown id is refused with its words, and the order stays", async () => {
    const current = ids(await get("/api/services"));
    const twice = await putOrder("services", [current[0]!, current[1]!, current[0]!]);
    expect(twice.status).toBe(400);
    expect((await twice.json()).fieldErrors.ids[0]).toBe(`Each service may appear only once in the order (id ${current[0]} is twice).`);

    const unknown = await putOrder("services", [...current, 987654]);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fieldErrors.ids[0]).toBe("Unknown service id: 987654. Reload the list and try again.");

    const empty = await putOrder("services", []);
    expect(empty.status).toBe(400);
    expect(ids(await get("/api/services"))).toEqual(current);
  });

  it("a list that leaves one out (it changed since it was read) is refused; a new service goes last; logged", async () => {
    const current = ids(await get("/api/services"));
    const missing = await putOrder("services", current.slice(0, -1));
    expect(missing.status).toBe(400);
    expect((await missing.json()).fieldErrors.ids[0]).toBe(
      `The order must name every service: id ${current.at(-1)} is missing. Reload the list and try again.`,
    );
    const moved = [current.at(-1)!, ...current.slice(0, -1)];
    expect((await putOrder("services", moved)).status).toBe(200);
    expect(ids(await get("/api/services"))).toEqual(moved);

    const caller = await t.callerFor(await t.createAdmin());
    const added = await caller.services.create({
      title: "Cupping",
      slug: `cupping-${Date.now()}`,
      shortDescription: "Short",
      description: "Long.",
      imageAlt: "Cups",
    });
    expect(ids(await get("/api/services"))).toEqual([...moved, added.id]);

    const [line] = await t.deps.db
      .select()
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.resourceType, "service"), eq(adminActivityLog.action, "update")))
      .orderBy(desc(adminActivityLog.id))
      .limit(1);
    expect(line?.details).toMatchObject({ label: "Services order", order: moved });
  });

  it("needs the permission to edit services: a role without it is refused and nothing changes", async () => {
    const current = ids(await get("/api/services"));
    const desk = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
    const res = await putOrder("services", [...current].reverse(), desk);
    expect(res.status).toBe(403);
    expect((await t.request("/api/admin/services/order", { method: "PUT", json: { ids: current } })).status).toBe(401);
    expect(ids(await get("/api/services"))).toEqual(current);
  });
});

describe("team and testimonials", () => {
  it("the team's new order is the About page's, in every language", async () => {
    const before: Array<{ id: number; name: string }> = await get("/api/team");
    expect(before.length).toBeGreaterThan(1);
    const order = [before.at(-1)!.id, ...ids(before.slice(0, -1))];
    expect((await putOrder("team", order)).status).toBe(200);
    expect(ids(await get("/api/team"))).toEqual(order);
    expect(ids(await get("/api/team?lang=zh"))).toEqual(order);
    const names = order.map((id) => before.find((m) => m.id === id)!.name);
    for (const page of ["/about", "/es/about"]) {
      const html = await (await t.request(page)).text();
      expect(orderIn(html.slice(html.indexOf("<main")), names), page).toEqual(names);
    }
    const unknown = await putOrder("team", [...order, 987654]);
    expect((await unknown.json()).fieldErrors.ids[0]).toBe("Unknown team member id: 987654. Reload the list and try again.");
  });

  it("the testimonials' new order is the public list's; a role that may not edit them is refused", async () => {
    const before: Array<{ id: number }> = await get("/api/testimonials");
    expect(before.length).toBeGreaterThan(1);
    const reversed = ids(before).reverse();
    expect((await putOrder("testimonials", reversed)).status).toBe(200);
    expect(ids(await get("/api/testimonials"))).toEqual(reversed);
    expect(ids(await get("/api/testimonials?lang=es"))).toEqual(reversed);
    const staffList = await (await t.request("/api/admin/testimonials", { cookie: staff })).json();
    expect(
      ids(staffList.filter((row: { isVisible: boolean; consentToPublish: boolean }) => row.isVisible && row.consentToPublish)),
    ).toEqual(reversed);
    const clinician = await t.cookieFor(await t.createAdmin({ role: "clinician" }));
    expect((await putOrder("testimonials", ids(before), clinician)).status).toBe(403);
    expect(ids(await get("/api/testimonials"))).toEqual(reversed);
  });
});
