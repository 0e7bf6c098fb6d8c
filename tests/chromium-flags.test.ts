import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, OUR_DISABLED_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from "../e2e/chromium-flags";

/**
 * The test Chromium's `--disable-features` (e2e/chromium-flags.ts) replaces Playwright's own (Chromium
 * reads the last one only), so it must repeat Playwright's list: read here from the installed
 * playwright-core, a new version's list fails this test until e2e/chromium-flags.ts follows it.
 */
function playwrightsDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(path.join(path.dirname(require.resolve("playwright-core/package.json")), "lib/coreBundle.js"), "utf8");
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle);
  expect(list, "playwright-core's disabledFeatures list").not.toBeNull();
  return [...list![1]!.replace(/\/\/.*$/gm, "").matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

describe("the test Chromium's flags", () => {
  it("repeat every feature Playwright disables, and add the omnibox's popups", () => {
    const given = CHROMIUM_ARGS.filter((arg) => arg.startsWith("--disable-features="));
    expect(given).toHaveLength(1);
    const features = given[0]!.slice("--disable-features=".length).split(",");
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(playwrightsDisabledFeatures());
    expect(features).toEqual([...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES]);
  });
});
