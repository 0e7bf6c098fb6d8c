import { renderAsBrowser, withoutServerOnly } from "./setup/server-only";
import { parseDocument } from "htmlparser2";
import type { ChildNode } from "domhandler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EN } from "../src/client/public/catalogue/en";
import { ES } from "../src/client/public/catalogue/es";
import { ZH } from "../src/client/public/catalogue/zh";
import { WORD_PARTS } from "../src/client/public/catalogue/parts";
import { PUBLIC_ROUTES } from "../src/client/public/routes";
import { languageOf, type LanguageCode } from "../src/shared/languages";
import { cityStateZip, SPEC_CLINIC_NAME } from "../src/shared/clinic";
import { englishShortDate } from "../src/shared/clinic-date";
import { LEGAL_TEXTS } from "../src/shared/legal";
import { createTestApp, type TestApp } from "./setup/test-app";
import { matchPublicRoute } from "../src/client/public/routes";
import { adoptSharedNotFound } from "../src/client/public/shared-not-found";
import { ReadStore, type StoreSnapshot } from "../src/client/public/store";
import { applyCatalogue } from "../src/client/public/i18n";
import type { Catalogue } from "../src/client/public/catalogue/en";
import type { SiteInfo } from "../src/client/public/site-context";
import { decode } from "../src/shared/transformer";

/**
 * The interface's words in three languages (issue 27): one catalogue per language with the same keys
 * (a missing or extra word fails here, as the types do), every part a page can load present, and no
 * English word of the interface left on a Spanish or Chinese page outside staff content that has no
 * translation yet (marked lang="en").
 */
type Node = unknown;
const CATALOGUES = { es: ES, zh: ZH } as const;

/** Each leaf of a catalogue by its path ("T.nav.home"): a string, or a function's arity. */
function leaves(value: Node, path = "", out = new Map<string, string | number | unknown[]>()): Map<string, string | number | unknown[]> {
  if (typeof value === "string") out.set(path, value);
  else if (typeof value === "function") out.set(path, (value as (...args: unknown[]) => unknown).length);
  else if (Array.isArray(value) && !path.endsWith("fallbackArticles"))
    value.forEach((item, index) => {
      leaves(item, `${path}[${index}]`, out);
    });
  else if (Array.isArray(value)) out.set(path, value);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path}.${key}` : key, out);
  return out;
}

describe("the catalogues", () => {
  const english = leaves(EN);

  it("the words written into the catalogues agree with the facts they repeat (so that a page's words load alone)", () => {
    for (const catalogue of [EN, ES, ZH]) expect(catalogue.T.nav.homeLink).toContain(SPEC_CLINIC_NAME);
    expect(EN.L.legalTitles).toEqual({
      privacy: LEGAL_TEXTS.privacy.title,
      terms: LEGAL_TEXTS.terms.title,
      hipaa: LEGAL_TEXTS.hipaa.title,
    });
    for (let month = 0; month < 12; month++) expect(EN.L.shortDate(2026, month, 5)).toBe(englishShortDate(2026, month, 5));
    const clinic = { name: "A Clinic", city: "Provo", state: "UT", zip: "84601" } as Parameters<typeof EN.TS.contactDescription>[0];
    expect(EN.TS.contactDescription(clinic)).toContain(`A Clinic in ${cityStateZip(clinic!)}`);
  });

  it("the English has every group a page reads, and every part a page loads", () => {
    expect(Object.keys(EN).sort()).toEqual(["B", "CM", "D", "L", "T", "TC", "TH", "TN", "TS"]);
    const named = new Set(PUBLIC_ROUTES.flatMap((route) => route.words));
    for (const part of named) expect(WORD_PARTS).toContain(part);
    expect(english.size).toBeGreaterThan(200);
  });

  for (const [code, catalogue] of Object.entries(CATALOGUES)) {
    it(`${code}: every key of the English and no other, each function taking the same arguments`, () => {
      const translated = leaves(catalogue);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, value] of english) {
        if (typeof value === "number") expect(translated.get(path), path).toBe(value);
        else expect(typeof translated.get(path), path).toBe(typeof value);
      }
    });

    it(`${code}: every word translated (only addresses, numbers and names stay as they are)`, () => {
      const translated = leaves(catalogue);
      const same = [...english]
        .filter(([path, value]) => typeof value === "string" && translated.get(path) === value)
        .map(([path]) => path);
      const allowed = (path: string) => /\.href$/.test(path) || path === "D.HOME_HERO.eyebrow";
      expect(same.filter((path) => !allowed(path))).toEqual([]);
      // The links of the not-found page go to the same pages in every language.
      expect(catalogue.TN.notFound.sections.map((section) => section.href)).toEqual(EN.TN.notFound.sections.map((section) => section.href));
    });

    it(`${code}: its functions answer in its language`, () => {
      const clinic = { name: "Millcreek Regenerative Wellness", city: "Millcreek", state: "UT", zip: "84124" } as Parameters<
        typeof EN.TS.contactDescription
      >[0];
      expect(catalogue.T.nav.callUs("(801) 555-0147")).toContain("(801) 555-0147");
      expect(catalogue.T.nav.callUs("(801) 555-0147")).not.toBe(EN.T.nav.callUs("(801) 555-0147"));
      expect(catalogue.TS.contactDescription(clinic)).not.toBe(EN.TS.contactDescription(clinic));
      expect(catalogue.L.shortDate(2026, 0, 5)).not.toBe(EN.L.shortDate(2026, 0, 5));
      expect(catalogue.CM.messages.serviceNotOffered("Reiki")).toContain("Reiki");
      // The HIPAA consent names the text's title, which the form makes a link to it.
      expect(catalogue.T.contact.fields.hipaaConsent).toContain(catalogue.L.legalTitles.hipaa);
    });
  }
});

describe("no English interface word on a Spanish or Chinese page", () => {
  let t: TestApp;
  let article: string;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
    article = (await (await t.request("/api/news")).json()).find((a: { externalUrl: string | null }) => !a.externalUrl).slug;
  });
  afterAll(() => t.close());

  /** What a reader meets on the page: text, and the words of alt, title, aria-label and placeholder, outside passages marked as another language. */
  function visibleWords(html: string, language: LanguageCode): string[] {
    const tag = languageOf(language).tag;
    const words: string[] = [];
    const walk = (nodes: ChildNode[]) => {
      for (const node of nodes) {
        if (node.type === "text") {
          if (node.data.trim()) words.push(node.data.trim());
          continue;
        }
        if (!("attribs" in node) || ["script", "style", "template", "head"].includes(node.name)) continue;
        const lang = node.attribs.lang;
        if (lang !== undefined && lang !== tag) continue; // marked as another language: a fallback, or a language's own name
        for (const attribute of ["alt", "title", "aria-label", "placeholder"])
          if (node.attribs[attribute]) words.push(node.attribs[attribute]);
        walk(node.children);
      }
    };
    walk(parseDocument(html).children);
    return words;
  }

  /** The English interface's words worth looking for: more than one word, or one long word, that the language says otherwise. */
  function englishWords(language: "es" | "zh"): string[] {
    const translated = leaves(CATALOGUES[language]);
    return [...leaves(EN)]
      .filter(([path, value]) => typeof value === "string" && translated.get(path) !== value && !/\.href$/.test(path))
      .map(([, value]) => (value as string).trim())
      .filter((value) => /\s/.test(value) || value.length >= 6);
  }

  for (const language of ["es", "zh"] as const) {
    it(`${language}: every page, the 404 and a missing service`, async () => {
      const looked = englishWords(language);
      expect(looked.length).toBeGreaterThan(150);
      const paths = [
        "/",
        "/about",
        "/services",
        "/services/stem-cell-therapy",
        "/news",
        `/news/${article}`,
        "/contact",
        "/privacy",
        "/terms",
        "/hipaa-authorization",
      ];
      const pages: Array<[string, number]> = [
        ...paths.map((path): [string, number] => [`/${language}${path === "/" ? "/" : path}`, 200]),
        [`/${language}/no-such-page`, 404],
        [`/${language}/services/no-such-service`, 404],
      ];
      for (const [path, status] of pages) {
        const res = await t.request(path);
        expect(res.status, path).toBe(status);
        const words = visibleWords(await res.text(), language);
        expect(words.length, path).toBeGreaterThan(20);
        const text = words.join("\n");
        const left = looked.filter(
          (english) => words.includes(english) || (/\s/.test(english) && english.length > 12 && text.includes(english)),
        );
        expect(left, path).toEqual([]);
      }
    });
  }
});

/**
 * A browser loads only its page's words (the catalogue's core and the page's parts, routes.ts `words`):
 * each page, rendered from its served data with only those, renders what the server sent (a word it
 * lacks would break its hydration, as the e2e specs would find later).
 */
describe("each page renders with only the words it loads", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t.close());

  /** A language's words as a browser of a page has them: the core and the named parts, nothing else. */
  async function wordsOf(language: LanguageCode, parts: readonly string[]): Promise<Catalogue> {
    const modules = await Promise.all(
      ["core", ...parts].map(
        (part) => import(`../src/client/public/catalogue/${language}/${part}.ts`) as Promise<{ WORDS: Record<string, object> }>,
      ),
    );
    const words: Record<string, object> = {};
    for (const { WORDS } of modules) for (const [group, entries] of Object.entries(WORDS)) words[group] = { ...words[group], ...entries };
    return words as unknown as Catalogue;
  }

  for (const language of ["en", "es", "zh"] as const) {
    it(`${language}: every page of the route table`, async () => {
      const article = (await (await t.request("/api/news")).json()).find((a: { externalUrl: string | null }) => !a.externalUrl).slug;
      const prefix = language === "en" ? "" : `/${language}`;
      const paths = [
        "/",
        "/about",
        "/services",
        "/services/stem-cell-therapy",
        "/news",
        `/news/${article}`,
        "/contact",
        "/privacy",
        "/no-such-page",
        "/services/no-such-service",
      ];
      try {
        for (const page of paths) {
          const path = page === "/" ? `${prefix}/` : `${prefix}${page}`;
          const served = await (await t.request(path)).text();
          const boot = decode(JSON.parse(/<script id="__APP_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(served)![1]!)) as {
            site: SiteInfo;
            reads: StoreSnapshot;
          };
          const matched = matchPublicRoute(path);
          applyCatalogue(language, await wordsOf(language, matched.route.words));
          const store = new ReadStore(
            () => Promise.reject(new Error(`${path} read during hydration`)),
            adoptSharedNotFound(boot.reads, matched),
          );
          const html = renderAsBrowser(store, boot.site, path);
          expect(html, path).toBe(withoutServerOnly(served));
        }
      } finally {
        applyCatalogue("en", EN);
      }
    });
  }
});
