import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "../src/client/public/routes";
import { LANGUAGE_CODES, type LanguageCode } from "../src/shared/languages";
import { ES } from "../src/client/public/catalogue/es";
import { ZH } from "../src/client/public/catalogue/zh";
import { CLIENT_DIST_DIR } from "../src/server/paths";
import {
  ON_DEMAND_JS_BUDGET_BYTES,
  PUBLIC_JS_BUDGET_BYTES,
  publicPageBundles,
  type PageBundle,
} from "../src/server/site/ssr/bundle-budget";

/**
 * Lean public pages: each page of the route table, in each language, loads at most 85 KB of JavaScript
 * (gzip) before any interaction, as a browser counts it (its modules, the page-view script, the
 * language notice), at most 20 KB more on demand after an interaction (the legal texts, the inquiry form's schema),
 * and never antd or admin code. It measures the client build (`npm run build`; `npm test` builds first): without
 * one every test here fails, it never passes by measuring nothing.
 */
describe("public page bundles", () => {
  let bundles: PageBundle[];
  beforeAll(() => {
    bundles = publicPageBundles();
  });
  const bundleOf = (key: string, language: LanguageCode = "en") => {
    const bundle = bundles.find((b) => b.route === key && b.language === language);
    expect(bundle, `no bundle measured for the route ${key} in ${language}`).toBeDefined();
    return bundle!;
  };

  it("counts the inquiry form's schema as on demand, and carries no legal text in any JavaScript (they are read from the server)", () => {
    const contact = bundleOf("contact");
    expect(contact.onDemandJsGzipBytes).toBeGreaterThan(5 * 1024); // zod/mini is in there
    for (const bundle of bundles) {
      for (const file of [...bundle.files, ...bundle.onDemandFiles].filter((f) => f.endsWith(".js"))) {
        const code = readFileSync(path.join(CLIENT_DIST_DIR, file), "utf8");
        expect(code, file).not.toMatch(/Special Circumstances|Limitation of Liability|Your Right to Revoke/);
      }
    }
  });

  // Issue 37: counted as a browser counts a page's JavaScript before any interaction, the page-view
  // script is in (every page fetches it once it is up); the toast's code is not (it loads with the first
  // toast), nor the language notice's unless the visitor's language is another (counted apart).
  it("counts what a browser fetches before any interaction: the page-view script, not the toast", () => {
    const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIST_DIR, ".vite", "manifest.json"), "utf8")) as Record<
      string,
      { file: string }
    >;
    const fileOf = (module: string) => manifest[module]!.file;
    const pageView = readFileSync(path.join(CLIENT_DIST_DIR, fileOf("src/client/public/analytics.ts")));
    for (const bundle of bundles) {
      // A page whose own modules import the page-view script (the Book page sends its conversion) has it
      // counted with them already; every other page fetches it once it is up.
      const carried = bundle.files.includes(fileOf("src/client/public/analytics.ts"));
      expect(bundle.beforeInteractionJsGzipBytes - bundle.jsGzipBytes, `${bundle.route} ${bundle.language}`).toBe(
        carried ? 0 : gzipSync(pageView, { level: 9 }).length,
      );
      expect(bundle.files).not.toContain(fileOf("src/client/public/components/ToastView.tsx"));
      expect(bundle.files).not.toContain(fileOf("src/client/public/language-suggestion.tsx"));
      expect(bundle.languageNoticeJsGzipBytes).toBeGreaterThan(100);
    }
  });

  it("covers every page of the route table, in each language", () => {
    expect(bundles.map((b) => `${b.route} ${b.language}`)).toEqual(
      PUBLIC_ROUTES.flatMap((route) => LANGUAGE_CODES.map((language) => `${route.key} ${language}`)),
    );
  });

  // Issue 27: a page loads its own language's catalogue and no other (the English words are not in a
  // Spanish page's JavaScript, nor the Spanish in an English one's).
  it("loads only its own language's catalogue", () => {
    const words = { en: "Send Inquiry", es: ES.T.contact.submit, zh: ZH.T.contact.submit };
    for (const bundle of bundles.filter((b) => b.route === "contact")) {
      const code = bundle.files
        .filter((f) => f.endsWith(".js"))
        .map((file) => readFileSync(path.join(CLIENT_DIST_DIR, file), "utf8"))
        .join("\n");
      for (const language of LANGUAGE_CODES) {
        if (language === bundle.language) expect(code, `${bundle.language} page`).toContain(words[language]);
        else expect(code, `${bundle.language} page`).not.toContain(words[language]);
      }
    }
  });

  for (const { key } of PUBLIC_ROUTES) {
    for (const language of LANGUAGE_CODES) {
      // Issue 37: 85 KB counted as a browser counts it, the page-view script in, and the language
      // notice too (a visitor whose language is another fetches it before any interaction).
      it(`${key} (${language}): at most 85 KB of JavaScript before any interaction and 20 KB on demand, gzip`, () => {
        const bundle = bundleOf(key, language);
        expect(PUBLIC_JS_BUDGET_BYTES).toBe(85 * 1024);
        expect(bundle.beforeInteractionJsGzipBytes + bundle.languageNoticeJsGzipBytes).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_BYTES);
        expect(bundle.jsGzipBytes).toBeGreaterThan(20 * 1024); // the measure is real: the renderer and the layout are more
        expect(bundle.onDemandJsGzipBytes).toBeLessThanOrEqual(ON_DEMAND_JS_BUDGET_BYTES);
        // A page's own chunk is never counted as on demand, nor loaded by another page.
        expect(bundle.onDemandFiles.some((file) => bundle.files.includes(file))).toBe(false);
      });
    }

    it(`${key}: no antd, admin or server code`, () => {
      const bundle = bundleOf(key);
      expect(bundle.files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(0);
      for (const file of [...bundle.files, ...bundle.onDemandFiles].filter((f) => f.endsWith(".js"))) {
        const code = readFileSync(path.join(CLIENT_DIST_DIR, file), "utf8");
        expect(code, file).not.toMatch(/@ant-design|antd|ant-btn|rc-component/);
        expect(code, file).not.toMatch(/drizzle|argon2|pglite|sanitize-html|password_hash/i);
        // The public site renders with Preact (decisions/0070): React DOM (its error links) is the portal's alone.
        expect(code, file).not.toContain("react.dev/errors");
        expect(file).not.toMatch(/admin/i);
      }
    });
  }
});
