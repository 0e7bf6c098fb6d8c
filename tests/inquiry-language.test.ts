import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions } from "../src/server/db/schema";
import { fillInquiryLanguages } from "../src/server/services/inquiry-identity";
import { inquiryJson } from "./setup/inquiry";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The inquiry's language (issue 36 item 3): the language of the page the visitor wrote from is stored
 * with the inquiry, answered by the list, the opened inquiry and the full list, found by the list's
 * filter (REST and tRPC) and the export's, and written in the CSV in the staff's words; inquiries from
 * before it was a column get theirs from their consent receipts at start.
 */
let t: TestApp;
let cookie: string;
let run: string;
const ids: Record<"en" | "es" | "zh", number> = { en: 0, es: 0, zh: 0 };

async function send(language: "en" | "es" | "zh" | undefined, name: string, ip: string): Promise<number> {
  const body = { ...JSON.parse(inquiryJson(t.deps.secrets, name)), ...(language ? { language } : {}) };
  const res = await t.request("/api/contact", { json: body, ip });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
  run = Math.random().toString(36).slice(2, 8);
  ids.es = await send("es", `Lang ${run} Sofia`, "203.0.113.31");
  ids.zh = await send("zh", `Lang ${run} Wei`, "203.0.113.32");
  ids.en = await send(undefined, `Lang ${run} Ann`, "203.0.113.33");
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.request(`/api/admin/contact?q=${encodeURIComponent(`Lang ${run}`)}&pageSize=100&${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Array<{ id: number; language: string }>;
};

describe("the inquiry's language", () => {
  it("is stored with the inquiry: the form's language, English when none is given", async () => {
    const rows = await t.deps.db
      .select({ id: contactSubmissions.id, language: contactSubmissions.language })
      .from(contactSubmissions)
      .where(sql`${contactSubmissions.id} in (${ids.en}, ${ids.es}, ${ids.zh})`);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.language]))).toEqual({ [ids.en]: "en", [ids.es]: "es", [ids.zh]: "zh" });
  });

  it("the list answers it and filters by it (REST and tRPC); a language it does not know is refused by name", async () => {
    expect((await list("")).map((row) => [row.id, row.language]).sort()).toEqual(
      [
        [ids.en, "en"],
        [ids.es, "es"],
        [ids.zh, "zh"],
      ].sort(),
    );
    expect((await list("language=es")).map((row) => row.id)).toEqual([ids.es]);
    expect((await list("language=zh")).map((row) => row.id)).toEqual([ids.zh]);
    expect((await list("language=en")).map((row) => row.id)).toEqual([ids.en]);
    const caller = await t.callerFor(await t.createAdmin({ role: "super_admin" }));
    const page = await caller.contact.list({ q: `Lang ${run}`, language: "es", page: 1, pageSize: 25, sort: "newest" });
    expect(page.total).toBe(1);
    expect(page.items.map((row) => [row.id, row.language])).toEqual([[ids.es, "es"]]);
    const refused = await t.request("/api/admin/contact?language=fr", { cookie });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Language must be en, es or zh");
  });

  it("the opened inquiry and the full list say it", async () => {
    const opened = await t.request(`/api/admin/contact/${ids.es}`, { cookie });
    expect(((await opened.json()) as { language: string }).language).toBe("es");
    const all = (await (await t.request("/api/admin/contact", { cookie })).json()) as Array<{ id: number; language: string }>;
    expect(all.find((row) => row.id === ids.zh)?.language).toBe("zh");
  });

  it("the CSV has a Language column in the staff's words, and the export's filter takes the language", async () => {
    const res = await t.request(`/api/admin/contact/export?q=${encodeURIComponent(`Lang ${run}`)}`, { cookie });
    expect(res.status).toBe(200);
    const [header, ...lines] = (await res.text()).trim().split("\r\n");
    const columns = header!.slice(1, -1).split('","');
    expect(columns.at(-1)).toBe("Language");
    const languageOf = (name: string) =>
      lines
        .find((line) => line.includes(name))!
        .slice(1, -1)
        .split('","')
        .at(-1);
    expect(languageOf("Sofia")).toBe("Spanish");
    expect(languageOf("Wei")).toBe("Chinese");
    expect(languageOf("Ann")).toBe("English");
    const spanish = await t.request(`/api/admin/contact/export?q=${encodeURIComponent(`Lang ${run}`)}&language=es`, { cookie });
    const rows = (await spanish.text()).trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Sofia");
  });

  it("an inquiry from before the column gets its language from its consent receipt at start", async () => {
    await t.deps.db.update(contactSubmissions).set({ language: null }).where(eq(contactSubmissions.id, ids.es));
    // Until the start-up step reaches it, the list reads the receipt.
    expect((await list("")).find((row) => row.id === ids.es)?.language).toBe("es");
    expect(await fillInquiryLanguages(t.deps.db, t.deps.secrets)).toBeGreaterThanOrEqual(1);
    const [row] = await t.deps.db
      .select({ language: contactSubmissions.language })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, ids.es));
    expect(row?.language).toBe("es");
    expect(await fillInquiryLanguages(t.deps.db, t.deps.secrets)).toBe(0);
  });
});
