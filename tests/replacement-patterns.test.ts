import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Staff text that looks like a replacement pattern (issue 34, item 7). The server inserts a page's data
 * and structured data into the rendered document; with `String.replace` and a string, "$&", "$`", "$'",
 * "$1" and "$$" in staff text were read as patterns: an article titled "Spring hours $` update" made a
 * page holding the document nine times, a clinic name with "$'" broke every page. Here each such text,
 * in an article title, a service, the clinic's name, a website text and a translation, shows once, as
 * typed, on a page that holds one document whose data parses.
 */
const PATTERNS = "[$& $` $' $1 $$]";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
});
afterAll(() => t?.close());

async function json(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text);
}
const send = (method: string, path: string, body: unknown, status = 200) =>
  t.request(path, { method, json: body, cookie }).then((res) => json(res, status));
/** As the pages write text (Preact: &, " and < escaped; decisions/0070). */
const htmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The page as the server sends it: one document, its data JSON that parses and carries `text` as typed. */
async function expectOnePageWith(path: string, text: string) {
  const res = await t.request(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 200)}`).toBe(200);
  expect(html.split("<!DOCTYPE html>")).toHaveLength(2);
  expect(html.match(/<\/html>/g)).toHaveLength(1);
  expect(html.match(/<\/head>/g)).toHaveLength(1);
  expect(html.match(/<\/body>/g)).toHaveLength(1);
  expect(html.trimEnd().endsWith("</html>")).toBe(true);
  expect(html).toContain(htmlText(text));
  const data = /<script id="__APP_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(data, "the page's data").not.toBeNull();
  expect(JSON.stringify(JSON.parse(data![1]!))).toContain(JSON.stringify(text).slice(1, -1));
  for (const ld of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g))
    expect(() => JSON.parse(ld[1]!)).not.toThrow();
  return html;
}

describe("staff text with $ patterns renders as typed", () => {
  it("in an article's title", async () => {
    const title = `Spring hours $\` update ${PATTERNS}`;
    await send(
      "POST",
      "/api/admin/news",
      { title, slug: "spring-hours-patterns", summary: "Summary of the spring hours.", content: "<p>Body</p>", isPublished: true },
      201,
    );
    await expectOnePageWith("/news/spring-hours-patterns", title);
    await expectOnePageWith("/news", title);
  });

  it("in a service's title and description", async () => {
    const title = `Cupping ${PATTERNS}`;
    const description = `Before $' after ${PATTERNS}`;
    await send(
      "POST",
      "/api/admin/services",
      { title, slug: "cupping-patterns", shortDescription: "Short.", description, imageAlt: "Cups" },
      201,
    );
    const html = await expectOnePageWith("/services/cupping-patterns", title);
    expect(html).toContain(htmlText(description));
  });

  it("in the clinic's name, on every page", async () => {
    const { clinic } = await json(await t.request("/api/admin/settings", { cookie }));
    const name = `Millcreek $' Wellness ${PATTERNS}`;
    await send("PUT", "/api/admin/settings", { clinic: { ...clinic, name } });
    for (const path of ["/", "/about", "/services", "/news", "/contact", "/es/"]) await expectOnePageWith(path, name);
  });

  it("in a website text and its translation", async () => {
    const items = await json(await t.request("/api/admin/content?page=home", { cookie }));
    const title = items.find((item: { section: string; key: string }) => item.section === "hero" && item.key === "title");
    const english = `Welcome $& home ${PATTERNS}`;
    await send("PUT", `/api/admin/content/${title.id}`, { ...title, content: english });
    await expectOnePageWith("/", english);
    const spanish = `Bienvenido $\` a casa ${PATTERNS}`;
    await send("PUT", `/api/admin/translations/content/${title.id}/es`, { status: "published", fields: { content: spanish } });
    await expectOnePageWith("/es/", spanish);
  });
});
