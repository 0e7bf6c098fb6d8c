import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * A website text staff have not translated (issue 27): on a Spanish page it shows in English and its
 * element carries lang="en", while the texts that have their translation carry no lang attribute, and
 * the English page is unchanged.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  const admin = await t.createAdmin({ role: "super_admin" });
  cookie = await t.cookieFor(admin);
});
afterAll(() => t.close());

const ENGLISH_TITLE = "Regenerative Care in the Heart of Millcreek";

async function page(path: string): Promise<string> {
  const res = await t.request(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 200)}`).toBe(200);
  return html;
}
/** The opening tag and text of the element with the given id. */
function elementById(html: string, tag: string, id: string): { attrs: string; text: string } {
  const match = new RegExp(`<${tag}([^>]*\\bid="${id}"[^>]*)>([\\s\\S]*?)</${tag}>`).exec(html);
  expect(match, `<${tag} id="${id}">`).not.toBeNull();
  return { attrs: match![1]!, text: match![2]! };
}
/** The opening tag and text of the first element with the given class. */
function elementByClass(html: string, tag: string, className: string): { attrs: string; text: string } {
  const match = new RegExp(`<${tag}([^>]*\\bclass="${className}"[^>]*)>([\\s\\S]*?)</${tag}>`).exec(html);
  expect(match, `<${tag} class="${className}">`).not.toBeNull();
  return { attrs: match![1]!, text: match![2]! };
}

describe("a website text without its translation", () => {
  it('shows in English marked lang="en" on the Spanish home page; translated texts and the English page carry no lang', async () => {
    // Both languages' pages have their translations before the change.
    const before = elementById(await page("/es/"), "h1", "home-hero-title");
    expect(before.attrs).not.toMatch(/\blang=/);
    expect(before.text).not.toBe(ENGLISH_TITLE);

    const list = await t.request("/api/admin/content?page=home", { cookie });
    expect(list.status).toBe(200);
    const items = (await list.json()) as Array<{ id: number; page: string; section: string; key: string; content: string }>;
    const title = items.find((item) => item.section === "hero" && item.key === "title");
    expect(title?.content).toBe(ENGLISH_TITLE);

    const removed = await t.request(`/api/admin/translations/content/${title!.id}/es`, { method: "DELETE", cookie });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);

    const spanish = await page("/es/");
    const h1 = elementById(spanish, "h1", "home-hero-title");
    expect(h1.attrs).toMatch(/\blang="en"/);
    expect(h1.text).toBe(ENGLISH_TITLE);
    // The subtitle still has its Spanish translation: no lang of its own (the page's <html lang="es"> applies).
    const subtitle = elementByClass(spanish, "p", "hp-hero-subtitle");
    expect(subtitle.attrs).not.toMatch(/\blang=/);
    expect(subtitle.text.length).toBeGreaterThan(0);

    const english = await page("/");
    const englishH1 = elementById(english, "h1", "home-hero-title");
    expect(englishH1.attrs).not.toMatch(/\blang=/);
    expect(englishH1.text).toBe(ENGLISH_TITLE);
    expect(english).not.toMatch(/<h1[^>]*lang="en"/);
  });
});
