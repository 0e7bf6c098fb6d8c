import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e/env";

/**
 * Browser tests: the built server (started by e2e/global-setup.ts on a fresh data folder) driven
 * through Debian's Chromium. Every spec runs on a desktop viewport; tests tagged @phone also on a phone.
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
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 860 }, launchOptions: chromium } },
    {
      name: "phone",
      grep: /@phone/,
      use: { ...devices["Pixel 7"], viewport: { width: 360, height: 780 }, launchOptions: chromium },
    },
  ],
});
