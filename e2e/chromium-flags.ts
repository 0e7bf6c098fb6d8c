/**
 * The command-line flags of the Chromium the browser tests drive (playwright.config.ts; Lighthouse's own
 * Chromium keeps chrome-launcher's): Debian's Chromium, headless, no sandbox (containers), no GPU, no
 * background traffic.
 *
 * Chromium 13x and later open the omnibox's WebUI popups (chrome://omnibox-popup.top-chrome/, two
 * renderer pages) with every browser window, and new headless makes a window for each browser
 * context: a test's context cost 1.1-1.3 s of CPU with them and 0.51-0.59 s without (20 contexts
 * loading the home page, measured in a cgroup of their own, 2026-12-07), for a box no test types into.
 * `--disable-features` turns them off. Chromium reads only the last `--disable-features` on its command
 * line, and Playwright puts its own list first, so ours repeats Playwright's (PLAYWRIGHT_DISABLED_FEATURES,
 * copied from playwright-core 1.65.1, which the lockfile pins; tests/chromium-flags.test.ts fails when
 * an upgrade changes Playwright's list).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/** What we turn off besides: the omnibox's WebUI popups, two renderer pages per window (above). */
export const OUR_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(",")}`,
];
