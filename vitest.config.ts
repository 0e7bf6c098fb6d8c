import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    // The server's request lines (level info) would bury the test output; warnings and errors stay.
    env: { LOG_LEVEL: "warn" },
  },
});
