import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "../src/client/public/routes";
import { CLIENT_DIST_DIR } from "../src/server/paths";
import { ON_DEMAND_JS_BUDGET_BYTES, PUBLIC_JS_BUDGET_BYTES, publicPageBundles, type PageBundle } from "../src/server/ssr/bundle-budget";

/**
 * Lean public pages: each page of the route table loads at most 90 KB of JavaScript (gzip) with the
 * page, at most 20 KB more on demand after an interaction (the legal texts, the inquiry form's schema),
 * and never antd or admin code. It measures the client build (`npm run build`; `npm test` builds first): without
 * one every test here fails, it never passes by measuring nothing.
 */
describe("public page bundles", () => {
  let bundles: PageBundle[];
  beforeAll(() => {
    bundles = publicPageBundles();
  });
  const bundleOf = (key: string) => {
    const bundle = bundles.find((b) => b.route === key);
    expect(bundle, `no bundle measured for the route ${key}`).toBeDefined();
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

  it("covers every page of the route table", () => {
    expect(bundles.map((b) => b.route)).toEqual(PUBLIC_ROUTES.map((route) => route.key));
  });

  for (const { key } of PUBLIC_ROUTES) {
    it(`${key}: at most 90 KB of JavaScript with the page and 20 KB on demand, gzip`, () => {
      const bundle = bundleOf(key);
      expect(PUBLIC_JS_BUDGET_BYTES).toBe(90 * 1024);
      expect(bundle.jsGzipBytes).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_BYTES);
      expect(bundle.jsGzipBytes).toBeGreaterThan(30 * 1024); // the measure is real: React alone is more
      expect(bundle.onDemandJsGzipBytes).toBeLessThanOrEqual(ON_DEMAND_JS_BUDGET_BYTES);
      // A page's own chunk is never counted as on demand, nor loaded by another page.
      expect(bundle.onDemandFiles.some((file) => bundle.files.includes(file))).toBe(false);
    });

    it(`${key}: no antd, admin or server code`, () => {
      const bundle = bundleOf(key);
      expect(bundle.files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(0);
      for (const file of [...bundle.files, ...bundle.onDemandFiles].filter((f) => f.endsWith(".js"))) {
        const code = readFileSync(path.join(CLIENT_DIST_DIR, file), "utf8");
        expect(code, file).not.toMatch(/@ant-design|antd|ant-btn|rc-component/);
        expect(code, file).not.toMatch(/drizzle|argon2|pglite|sanitize-html|password_hash/i);
        expect(file).not.toMatch(/admin/i);
      }
    });
  }
});
