import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * The page fixture every spec uses: it records console errors, uncaught exceptions and React
 * hydration warnings, and the test fails if any occurred (unless the test allows a pattern, e.g. for a
 * deliberately failing request).
 */
export interface ConsoleGuard {
  allow(pattern: RegExp): void;
  messages(): string[];
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" || (message.type() === "warning" && /hydrat|did not match|mismatch/i.test(text))) {
          problems.push(`[console.${message.type()}] ${text}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`[pageerror] ${error.message}`));
      const guard: ConsoleGuard = {
        allow: (pattern) => allowed.push(pattern),
        messages: () => problems.filter((p) => !allowed.some((a) => a.test(p))),
      };
      await use(guard);
      expect(guard.messages(), "console errors or hydration warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the server-rendered page (the entry marks <html>). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** axe-core scan: no serious or critical violation of WCAG 2.1 A/AA. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}
