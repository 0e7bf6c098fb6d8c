import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Every public page through axe-core after hydration, at 1280 px and (@phone) 360 px: no violation of
 * WCAG 2.1 A/AA of any impact, and all content inside landmarks (axe's "region" rule: the toast
 * region too).
 */
const PAGES = ["/", "/services", "/about", "/news", "/contact", "/no-such-page"];
// The Spanish and Chinese pages too (issue 27): their words, lang attributes and the language links.
PAGES.push(...["es", "zh"].flatMap((language) => ["/", "/about", "/contact", "/no-such-page"].map((page) => `/${language}${page}`)));

// The phone's layout (the drawer, the stacked sections) is the same in every language: it is scanned in
// English; the Spanish and Chinese pages' words and lang attributes do not change with the viewport and
// are scanned at 1280 px (docs/decisions/0083-ci-within-fifteen-minutes.md).
const onPhone = (path: string) => !/^\/(es|zh)\//.test(path);

for (const path of PAGES) {
  test(`${path}: no WCAG A/AA violation and all content in landmarks${onPhone(path) ? " @phone" : ""}`, async ({ page, consoleGuard }) => {
    test.setTimeout(90_000); // axe takes a while on a busy machine
    consoleGuard.allow(/status of 404/); // the unknown page's own answer
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).withRules(["region"]).analyze();
    expect(
      results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} (${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")})`,
      ),
    ).toEqual([]);
  });
}

test("a service page and an article page: no WCAG A/AA violation and all content in landmarks @phone", async ({ page, request }) => {
  test.setTimeout(120_000);
  const [service] = (await (await request.get("/api/services")).json()) as Array<{ slug: string }>;
  const article = ((await (await request.get("/api/news")).json()) as Array<{ slug: string; externalUrl: string | null }>).find(
    (a) => !a.externalUrl,
  );
  for (const path of [
    `/services/${service!.slug}`,
    `/news/${article!.slug}`,
    `/es/services/${service!.slug}`,
    `/zh/news/${article!.slug}`,
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).withRules(["region"]).analyze();
    expect(results.violations.map((v) => `${path} ${v.id} (${v.impact}): ${v.help}`)).toEqual([]);
  }
});
