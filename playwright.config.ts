import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e/env";

/**
 * Browser tests: the built server (started by e2e/global-setup.ts on a fresh data folder) driven
 * through Debian's Chromium. Public specs run on a desktop viewport, and those tagged @phone also on a
 * 360px phone; the admin specs (which change the shared data: services, articles, team...) run after
 * them, so public pages are checked against the seeded content.
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: chromium,
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /admin-.*\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 860 }, launchOptions: chromium },
    },
    {
      name: "phone",
      grep: /@phone/,
      testIgnore: /admin-.*\.spec\.ts/,
      use: { ...devices["Pixel 7"], viewport: { width: 360, height: 780 }, launchOptions: chromium },
    },
    {
      name: "admin",
      testMatch: /admin-.*\.spec\.ts/,
      dependencies: ["desktop", "phone"],
      // No dialog animations: a click into an antd dialog that is still opening is lost.
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 860 }, launchOptions: chromium, contextOptions: { reducedMotion: "reduce" } },
    },
  ],
});
