import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium-flags";
import { E2E_BASE_URL } from "./e2e/env";

/**
 * Browser tests: the built server (started by e2e/global-setup.ts on a fresh data folder) driven
 * through Debian's Chromium. Public specs run on a desktop viewport, and those tagged @phone also on a
 * 360px phone; the admin specs on a desktop viewport. No project waits for another (except the specs
 * that change what every public page shows, which run last): each spec makes
 * the records it needs, and one spec can run alone (`npx playwright test e2e/admin-site.spec.ts`).
 * The admin specs' records have names of their own and are removed again; the public specs find the
 * seeded content by name, so a record an admin spec adds for a moment does not disturb them. A spec
 * that edits what the public specs read (a seeded record or a setting every page shows) belongs in
 * SHARED_SETTINGS_SPECS below.
 */
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * Specs that change what every public page shows (the clinic's details; the footer's text and links;
 * a new service, which every page's footer lists; the legal texts): they run after all the others
 * (project site-settings), two files at a time (each changes a different fact, and none reads another's:
 * the phone and address, the footer's description and social links, a new service, the Terms, the Privacy
 * Policy in English ahead of its translations), the tests of one file in order. Then the one that turns mail off for a moment (admin-mail-switches:
 * acknowledgements and a changed e-mail's link wait for it) runs alone, last (project mail-switches).
 */
const SHARED_SETTINGS_SPECS = /admin-(clinic-details|footer|service-pages|legal-texts|translations|consent-language|order-brand)\.spec\.ts/;
const MAIL_SWITCH_SPECS = /admin-mail-switches\.spec\.ts/;
/** Lighthouse (issue 27): last, beside admin-mail-switches, reading the pages as seeded. */
const LIGHTHOUSE_SPECS = /lighthouse\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  // Two cores, two workers: the cores are 92-98 % busy with two; a third gained nothing in a clean-clone
  // run (8.9 min either way) and made image work queue longer. A test's timeout is a cap, not a wait:
  // 60 s leaves a busy machine room.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // An expectation's timeout is a cap too: 10 s, as two admin checks (a toast, a filtered list) took over
  // 7 s at a load average of 20 on two cores.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: chromium,
    trace: "off",
    screenshot: "only-on-failure",
    // The test browsers ask not to be followed (Do Not Track): their visits are not counted by the
    // site's analytics; e2e/admin-analytics.spec.ts opens a browser of its own that is.
    extraHTTPHeaders: { DNT: "1" },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: [/admin-.*\.spec\.ts/, LIGHTHOUSE_SPECS],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 860 }, launchOptions: chromium },
    },
    {
      name: "phone",
      grep: /@phone/,
      testIgnore: [/admin-.*\.spec\.ts/, LIGHTHOUSE_SPECS],
      use: { ...devices["Pixel 7"], viewport: { width: 360, height: 780 }, launchOptions: chromium },
    },
    {
      name: "admin",
      testMatch: /admin-.*\.spec\.ts/,
      testIgnore: [SHARED_SETTINGS_SPECS, MAIL_SWITCH_SPECS],
      // No dialog animations: a click into an antd dialog that is still opening is lost.
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 860 },
        launchOptions: chromium,
        contextOptions: { reducedMotion: "reduce" },
      },
    },
    {
      // Specs that change what every page shows (the clinic's phone, address, hours; the footer) run
      // after all the others, so no public spec reads a page while one holds a changed value; a file's
      // tests in order (the footer's two both change its description). Alone: --no-deps.
      name: "site-settings",
      testMatch: SHARED_SETTINGS_SPECS,
      dependencies: ["desktop", "phone", "admin"],
      fullyParallel: false,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 860 },
        launchOptions: chromium,
        contextOptions: { reducedMotion: "reduce" },
      },
    },
    {
      name: "mail-switches",
      testMatch: MAIL_SWITCH_SPECS,
      dependencies: ["site-settings"],
      workers: 1,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 860 },
        launchOptions: chromium,
        contextOptions: { reducedMotion: "reduce" },
      },
    },
    {
      // Lighthouse drives a Chromium of its own (chrome-launcher), after the specs that change every page,
      // beside admin-mail-switches (mail does not change a page): one worker each, so the two cores are
      // both busy at the end instead of one of them waiting 12 s. Its timings are not held (e2e/lighthouse.spec.ts).
      name: "lighthouse",
      testMatch: LIGHTHOUSE_SPECS,
      dependencies: ["site-settings"],
      workers: 1,
    },
  ],
});
