import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_DIST_DIR } from "../src/server/paths";
import { PUBLIC_JS_BUDGET_BYTES, publicPageBundles } from "../src/server/ssr/bundle-budget";

/** Lean public pages: each loads at most 120 KB of JavaScript (gzip), and never antd or admin code. */
describe.runIf(existsSync(path.join(CLIENT_DIST_DIR, ".vite/manifest.json")))("public page bundles", () => {
  const bundles = publicPageBundles();

  it("covers every public page", () => {
    expect(bundles.map((b) => b.route).sort()).toEqual(["about", "article", "contact", "home", "news", "notFound", "service", "services"]);
  });

  for (const bundle of bundles) {
    it(`${bundle.route}: at most 120 KB of JavaScript, gzip`, () => {
      expect(bundle.jsGzipBytes).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_BYTES);
      expect(bundle.jsGzipBytes).toBeGreaterThan(30 * 1024); // the measure is real: React alone is more
    });

    it(`${bundle.route}: no antd, admin or server code`, () => {
      for (const file of bundle.files.filter((f) => f.endsWith(".js"))) {
        const code = readFileSync(path.join(CLIENT_DIST_DIR, file), "utf8");
        expect(code, file).not.toMatch(/@ant-design|antd|ant-btn|rc-component/);
        expect(code, file).not.toMatch(/drizzle|argon2|pglite|sanitize-html|password_hash/i);
        expect(file).not.toMatch(/admin/i);
      }
    });
  }
});
