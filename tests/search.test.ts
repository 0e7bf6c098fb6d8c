import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Site search (issue 39): GET /api/search and the results page, on a real database, the records made
 * through the staff's REST routes (so every change reaches the index the way the portal's do).
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin({ role: "admin" }));
});
afterAll(() => t.close());

/** A word no seeded text holds (letters only: search reads words). */
const word = () => `${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

async function json(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

const search = async (q: string, lang = "en", page = 1) =>
  json(await t.request(`/api/search?q=${encodeURIComponent(q)}&lang=${lang}&page=${page}`));

const titles = (answer: { items: Array<{ title: Array<{ text: string }> }> }) =>
  answer.items.map((item) => item.title.map((piece) => piece.text).join(""));

const serviceBody = (fields: Record<string, unknown>) => ({
  title: "Knee Care",
  slug: `svc-${word()}`,
  shortDescription: "Care for sore knees.",
  description: "We treat knees.",
  imageAlt: "A knee",
  sections: [{ kind: "overview", eyebrow: "", title: "What it is", text: "A gentle therapy." }],
  ...fields,
});

async function newService(fields: Record<string, unknown> = {}) {
  return json(await t.request("/api/admin/services", { json: serviceBody(fields), cookie }), 201);
}

async function newArticle(fields: Record<string, unknown> = {}) {
  return json(
    await t.request("/api/admin/news", {
      json: {
        title: "A clinic article",
        slug: `article-${word()}`,
        summary: "A summary of the article.",
        content: "<p>The body of the article.</p>",
        isPublished: true,
        ...fields,
      },
      cookie,
    }),
    201,
  );
}

async function translate(kind: string, id: number, language: string, fields: Record<string, unknown>, status = "published") {
  return json(await t.request(`/api/admin/translations/${kind}/${id}/${language}`, { method: "PUT", json: { status, fields }, cookie }));
}

const SPANISH_SERVICE = (marker: string) => ({
  title: `Terapia para la Rodilla ${marker}`,
  shortDescription: "Cuidado de la rodilla.",
  description: "Tratamos la rodilla con terapía regenerativa.",
  imageAlt: "Una rodilla",
  sections: [{ kind: "overview", eyebrow: "", title: "Qué es", text: "Una terapia suave." }],
});

describe("Spanish: accents and case folded both ways", () => {
  it('"rodilla" and "Rodilla" find the Spanish service; "terapia" finds "terapía" and "terapía" finds "terapia"', async () => {
    const marker = word();
    const service = await newService();
    await translate("service", service.id, "es", SPANISH_SERVICE(marker));
    for (const q of [`rodilla ${marker}`, `Rodilla ${marker}`, `RODILLA ${marker}`, `rodíllá ${marker}`]) {
      const answer = await search(q, "es");
      expect(answer.total, q).toBe(1);
      expect(answer.items[0]).toMatchObject({ kind: "service", path: `/services/${service.slug}`, language: "es" });
      // The matched words marked, each piece plain text.
      expect(answer.items[0].title).toEqual([
        { text: "Terapia para la ", match: false },
        { text: "Rodilla", match: true },
        { text: " ", match: false },
        { text: marker, match: true },
      ]);
    }
    // The body says "terapía" (with an accent): "terapia" finds it, and marks it as written.
    const plain = await search(`terapia ${marker}`, "es");
    expect(plain.total).toBe(1);
    expect(plain.items[0].excerpt).toContainEqual({ text: "terapía", match: true });
    // The other way: an article that says "terapia" (no accent) is found by "terapía".
    const other = word();
    const article = await newArticle({ title: `Knee news ${other}` });
    await translate("news", article.id, "es", { title: `La terapia de hoy ${other}`, summary: "Resumen.", content: "<p>Cuerpo.</p>" });
    expect(titles(await search(`terapía ${other}`, "es"))).toEqual([`La terapia de hoy ${other}`]);
    // In English the service is its English words: the Spanish ones find nothing there.
    expect((await search(`rodilla ${marker}`, "en")).total).toBe(0);
  });
});

describe("Chinese: words and characters", () => {
  it("a Chinese word and one of its characters find the Chinese service", async () => {
    const marker = word();
    const service = await newService({ title: `Knee ${marker}` });
    await translate("service", service.id, "zh", {
      title: `膝盖疼痛的治疗 ${marker}`,
      shortDescription: "缓解膝盖疼痛。",
      description: "我们用再生疗法治疗膝盖。",
      imageAlt: "膝盖",
      sections: [{ kind: "overview", eyebrow: "", title: "简介", text: "一种温和的疗法。" }],
    });
    for (const q of [`膝盖 ${marker}`, `膝 ${marker}`, `疼痛 ${marker}`, `${marker} 再生疗法`]) {
      const answer = await search(q, "zh");
      expect(answer.total, q).toBe(1);
      expect(answer.items[0]).toMatchObject({ path: `/services/${service.slug}`, language: "zh" });
    }
    const answer = await search(`膝盖 ${marker}`, "zh");
    expect(answer.items[0].title[0]).toEqual({ text: "膝盖", match: true });
    // A word it does not hold finds nothing.
    expect((await search(`臭氧 ${marker}`, "zh")).total).toBe(0);
  });
});

describe("what is never found", () => {
  it("nothing of a draft service, an unpublished or scheduled article, or a draft translation", async () => {
    const marker = word();
    await newService({ title: `Draft ${marker}`, isPublished: false });
    await newArticle({ title: `Unpublished ${marker}`, isPublished: false });
    await newArticle({ title: `Scheduled ${marker}`, publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    for (const lang of ["en", "es", "zh"]) expect((await search(marker, lang)).total, lang).toBe(0);
    // A draft translation's words are not found; its record is, by its English words, marked English.
    const spanish = word();
    const english = word();
    const article = await newArticle({ title: `Published ${english}` });
    await translate("news", article.id, "es", { title: `Borrador ${spanish}`, summary: "Resumen.", content: "<p>Cuerpo.</p>" }, "draft");
    expect((await search(spanish, "es")).total).toBe(0);
    expect((await search(english, "es")).items).toMatchObject([{ path: `/news/${article.slug}`, language: "en" }]);
  });

  it("a record unpublished after it was found is found no more (the index follows every change)", async () => {
    const marker = word();
    const body = serviceBody({ title: `Soon hidden ${marker}` });
    const service = await json(await t.request("/api/admin/services", { json: body, cookie }), 201);
    expect((await search(marker)).total).toBe(1);
    await json(await t.request(`/api/admin/services/${service.id}`, { method: "PUT", json: { ...body, isPublished: false }, cookie }));
    expect((await search(marker)).total).toBe(0);
  });
});

describe("ranking and paging", () => {
  it("a match in the title comes first; ten a page; the rest on the next page", async () => {
    const marker = word();
    for (let i = 0; i < 11; i++)
      await newArticle({ title: `Article ${i}`, summary: `About ${marker} and more${i === 7 ? ", the seventh" : ""}.` });
    await newArticle({ title: `All about ${marker}` });
    const first = await search(marker, "en", 1);
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(titles(first)[0]).toBe(`All about ${marker}`);
    const second = await search(marker, "en", 2);
    expect(second.items).toHaveLength(2);
    const all = [...titles(first), ...titles(second)];
    expect(new Set(all).size).toBe(12);
    // Every word must be found: a second word narrows.
    expect(titles(await search(`${marker} seventh`))).toEqual(["Article 7"]);
  });

  it("FAQ questions and team members are found, each with where it is", async () => {
    const marker = word();
    const service = await newService({
      title: `Cupping ${word()}`,
      sections: [{ kind: "faq", title: "Questions", items: [{ question: `Does ${marker} hurt?`, answer: "Rarely." }] }],
    });
    const faq = await search(marker);
    expect(faq.items).toMatchObject([{ kind: "faq", path: `/services/${service.slug}#svc-section-0`, context: service.title }]);
    const name = word();
    await json(
      await t.request("/api/admin/team", {
        json: { name: `Dr ${name}`, role: "Physician", bio: "Treats knees.", imageUrl: "/images/team-1.jpg" },
        cookie,
      }),
      201,
    );
    expect((await search(name)).items).toMatchObject([{ kind: "team", path: "/about#about-team-title", context: "Physician" }]);
  });
});

describe("bad input", () => {
  it("no words, too many characters or a bad page: 400 with the message, nothing searched", async () => {
    const bad = async (query: string) => (await json(await t.request(`/api/search?${query}`), 400)).message;
    expect(await bad("q=")).toMatch(/Enter the words to search for/);
    expect(await bad(`q=${"a".repeat(201)}`)).toMatch(/200 characters or less/);
    expect(await bad("q=knee&page=0")).toMatch(/Page must be a whole number/);
    expect(await bad("q=knee&lang=fr")).toMatch(/Must be en, es or zh/);
  });
});

describe("the results page", () => {
  it("/es/search?q= renders the results in Spanish, the matches in <mark>, staff text escaped, English ones marked", async () => {
    const marker = word();
    const english = await newArticle({ title: `<b>Bold</b> ${marker}`, summary: `Plain words ${marker} & <script>alert(1)</script>` });
    const res = await t.request(`/es/search?q=${marker}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const html = await res.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(`<mark>${marker}</mark>`);
    // Escaped as text (Preact writes ">" in text as is; only "<" and "&" start markup).
    expect(html).toMatch(/&lt;b(&gt;|>)Bold&lt;\/b(&gt;|>)/);
    expect(html).not.toContain("<b>Bold</b>");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain(`href="/es/news/${english.slug}"`);
    // Untranslated: in English, marked so in the page's language.
    expect(html).toMatch(/lang="en"/);
    expect(html).toContain("Escrito en inglés");
    expect(html).toContain("1 resultado");
  });

  it("every page's header has the search form in its language: a labelled field, a GET to that language's search page", async () => {
    for (const [page, action, label] of <Array<[string, string, string]>>[
      ["/", "/search", "Search the site"],
      ["/es/about", "/es/search", "Buscar en el sitio"],
      ["/zh/news", "/zh/search", "搜索本站"],
    ]) {
      const html = await (await t.request(page)).text();
      expect(html, page).toContain(
        `<body><form class="header-search" method="get" action="${action}" role="search" aria-label="${label}">` +
          `<input type="search" name="q" maxlength="200" aria-label="${label}"`,
      );
    }
  });

  it("nothing found, and the page without a query (the search form alone)", async () => {
    const none = await (await t.request(`/search?q=${word()}`)).text();
    expect(none).toContain("Nothing was found");
    const empty = await t.request("/zh/search");
    expect(empty.status).toBe(200);
    const html = await empty.text();
    expect(html).toContain('name="q"');
    expect(html).not.toContain("Nothing was found");
  });

  it("pages link to each other by plain addresses (no JavaScript needed)", async () => {
    const marker = word();
    for (let i = 0; i < 11; i++) await newArticle({ title: `Paged ${marker} ${i}` });
    const first = await (await t.request(`/search?q=${marker}`)).text();
    expect(first).toContain(`href="/search?q=${marker}&amp;page=2"`);
    const second = await (await t.request(`/search?q=${marker}&page=2`)).text();
    expect(second).toContain(`href="/search?q=${marker}"`);
    expect(second.match(/<li class="search-result"/g)).toHaveLength(1);
  });
});
