import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { buildDeps } from "./bootstrap";
import { ensureFirstAdmin, seedDatabase } from "./db/seed";
import { ConfigError, loadConfig, type AppConfig } from "./env";
import { deleteExpiredRows } from "./services/maintenance";
import { createWebHandlers } from "./web";

/**
 * Start: configuration, database (embedded PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL),
 * migrations, first-start seed, first super admin, then listen; shuts down cleanly on SIGINT/SIGTERM.
 */
async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(line);
      process.exit(1);
    }
    throw error;
  }

  const { deps, secretGenerated } = await buildDeps(config);
  const engine = deps.database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}/db`;
  console.log(`Database: ${engine}`);
  if (secretGenerated) console.log(`Generated a SECRET_KEY into ${config.dataDir}/secret.key (keep it with the data).`);

  await deps.database.migrate();
  if (await seedDatabase(deps.db)) console.log("First start: seeded the site's content.");
  const admin = await ensureFirstAdmin(deps.db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.created) {
    console.log(`Created the first super admin "${admin.username}".`);
    if (admin.generatedPassword) {
      console.log(`  Generated password (shown once; change it after signing in): ${admin.generatedPassword}`);
    }
  }

  const web = await createWebHandlers(deps);
  const app = createApp(deps, web);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`Listening on http://${info.address}:${info.port} (public origin ${config.publicOrigin})`);
  });

  const housekeeping = setInterval(() => {
    deleteExpiredRows(deps.db).catch((error) => console.error("[housekeeping]", error));
  }, 60 * 60_000);
  housekeeping.unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    clearInterval(housekeeping);
    server.close(() => {
      deps.database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error) => {
  console.error("Failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
