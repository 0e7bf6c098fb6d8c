import { ON_DEMAND_JS_BUDGET_BYTES, PUBLIC_JS_BUDGET_BYTES, publicPageBundles } from "../src/server/site/ssr/bundle-budget";

/**
 * Printed by `npm run build`: the JavaScript and CSS each public page loads (gzip) against the budget;
 * beside it what a browser fetches before any interaction (the page-view script too; plus the
 * language notice for a visitor whose language is another), and what the page loads only after one.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `\nPublic pages (gzip; budget ${kb(PUBLIC_JS_BUDGET_BYTES)} of JavaScript before interaction, the notice too, ${kb(ON_DEMAND_JS_BUDGET_BYTES)} on demand):`,
);
let over = false;
for (const page of publicPageBundles()) {
  const flag =
    page.beforeInteractionJsGzipBytes + page.languageNoticeJsGzipBytes > PUBLIC_JS_BUDGET_BYTES ||
    page.onDemandJsGzipBytes > ON_DEMAND_JS_BUDGET_BYTES
      ? "  OVER BUDGET"
      : "";
  over ||= Boolean(flag);
  console.log(
    `  ${page.route.padEnd(9)} ${page.language}  JS ${kb(page.jsGzipBytes).padStart(9)}   before interaction ${kb(page.beforeInteractionJsGzipBytes).padStart(8)}` +
      ` (+${kb(page.languageNoticeJsGzipBytes)} notice)   CSS ${kb(page.cssGzipBytes).padStart(8)}   on demand ${kb(page.onDemandJsGzipBytes).padStart(8)}${flag}`,
  );
}
if (over) process.exitCode = 1;
