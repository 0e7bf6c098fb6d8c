import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import { buildDeps } from "./bootstrap";
import { ensureFirstAdmin, seedDatabase } from "./db/seed";
import { ConfigError, loadConfig, type AppConfig } from "./env";
import { logTaskError } from "./log";
import { deleteExpiredRows } from "./services/maintenance";
import { startMailDispatcher } from "./services/mail-outbox";
import { purgeExpiredInquiries } from "./services/retention";
import { createWebHandlers, type WebOptions } from "./web";
import { startMaintenanceSocket } from "./maintenance-socket";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Start: configuration, database (embedded PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL),
 * migrations, first-start seed, first super admin, then listen; shuts down cleanly on SIGINT/SIGTERM.
 * `before` lets development put Vite's middleware in front of the app.
 */
export async function startServer(options: { web: WebOptions; before?: Middleware; onStop?: () => Promise<void> }) {
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

  const app = createApp(deps, await createWebHandlers(deps, options.web));
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (options.before) options.before(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.listen(config.port, config.host, () => {
    console.log(`Listening on http://${config.host}:${config.port} (public origin ${config.publicOrigin})`);
  });

  const housekeeping = setInterval(() => {
    deleteExpiredRows(deps.db).catch((error) => logTaskError("housekeeping", error));
  }, 60 * 60_000);
  housekeeping.unref();
  // `npm run backup` asks the running server through DATA_DIR/maintenance.sock (embedded database only; removed at exit).
  startMaintenanceSocket(deps);
  // Retention of finished inquiries (Settings): at start, then daily; one instance at a time purges.
  const purge = () =>
    purgeExpiredInquiries(deps.db)
      .then((count) => {
        if (count !== null) console.log(`Retention: deleted ${count} closed or spam ${count === 1 ? "inquiry" : "inquiries"}.`);
      })
      .catch((error) => logTaskError("retention", error));
  void purge();
  const retention = setInterval(purge, 24 * 60 * 60_000);
  retention.unref();
  // New-inquiry mail, reminders and acknowledgements: the outbox's dispatcher runs inside the server.
  const stopMail = deps.mailer ? startMailDispatcher(deps) : async () => {};
  console.log(deps.mailer ? `Mail: through ${new URL(config.smtpUrl!).hostname}, from ${config.mailFrom}` : "Mail: off (no SMTP_URL)");

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    clearInterval(housekeeping);
    clearInterval(retention);
    server.close(() => {
      stopMail()
        .then(() => {
          deps.mailer?.close();
          return Promise.all([deps.database.close(), options.onStop?.()]);
        })
        .finally(() => process.exit(0));
    });
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}
