import { createApp } from "../http/app";
import { buildDeps } from "./bootstrap";
import { seedDatabase } from "../db/seed";
import { ensureFirstAdmin } from "../services/admin-users";
import { moveClinicContent, updateSettings } from "../services/settings";
import { COMMAND_LINE } from "../services/activity";
import { chainHead, formatHead } from "../services/audit-chain";
import { ConfigError, configWarnings, loadConfig, type AppConfig } from "../env";
import { exitOnUnexpectedErrors, logger, logTaskError } from "../log";
import { deleteExpiredRows, maintenanceOperations } from "../services/maintenance";
import { startMailDispatcher } from "../services/mail-outbox";
import { startPublicationClock } from "../services/publication-clock";
import { purgeExpiredInquiries } from "../services/retention";
import { fillInquiryLanguages, migrateLegacyIdentities } from "../services/inquiry-identity";
import { importUploadedFiles } from "../services/uploads";
import { createHttpServer, type Middleware } from "../http/http-server";
import { createWebHandlers, type WebOptions } from "../site/web";
import { startMaintenanceSocket } from "../ops/maintenance-socket";
import { protectDataDir } from "./data-dir";
import { createEmbeddedDatabaseApart } from "./first-start";
import { startMemoryGuard } from "../ops/memory-guard";

/** How long a stop waits for the requests in flight before it cuts them. */
const DRAIN_MS = 10_000;

/**
 * Start: configuration, database (embedded PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL),
 * migrations, first-start seed, first super admin, then listen. Then the work the server does by
 * itself: the cache bus (LISTEN on PostgreSQL), the publication clock, housekeeping, retention, the
 * audit chain's head in the log and the mail dispatcher. A stop (SIGINT, SIGTERM) is graceful: stop
 * accepting, let the requests in flight finish for up to 10 s, stop the background work, close the
 * database.
 * `before` lets development put Vite's middleware in front of the app.
 */
export async function startServer(options: { web: WebOptions; before?: Middleware; onStop?: () => Promise<void> }) {
  let config: AppConfig;
  try {
    config = loadConfig();
    protectDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(line);
      process.exit(1);
    }
    throw error;
  }

  exitOnUnexpectedErrors();
  for (const warning of configWarnings(config)) logger.warn({ warning: "configuration" }, warning);
  // The embedded database's first start runs in a process of its own (memory: see first-start.ts).
  if (options.web.mode === "build") await createEmbeddedDatabaseApart(config);
  const { deps, secretGenerated } = await buildDeps(config);
  const engine = deps.database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}/db`;
  logger.info(`Database: ${engine}`);
  if (secretGenerated) logger.info(`Generated a SECRET_KEY into ${config.dataDir}/secret.key (keep it with the data).`);

  await deps.database.migrate();
  // Rows from before identities were encrypted (migration 0008): encrypted in place, in batches, once.
  const encrypted = await migrateLegacyIdentities(deps.db, deps.secrets, deps.database.kind);
  if (encrypted > 0)
    logger.info(
      `Encrypted the identities of ${encrypted} earlier ${encrypted === 1 ? "inquiry" : "inquiries"} (name, ` +
        `e-mail, phone, services, consent receipt).`,
    );
  // Inquiries from before issue 36: their language read from their consent receipts, once.
  const languages = await fillInquiryLanguages(deps.db, deps.secrets);
  if (languages > 0)
    logger.info(`Read the language of ${languages} earlier ${languages === 1 ? "inquiry" : "inquiries"} from their consent receipts.`);
  if (await seedDatabase(deps.db)) logger.info("First start: seeded the site's content.");
  if (await moveClinicContent(deps.db)) logger.info("Moved the footer's contact items of Website Content into Settings, Clinic details.");
  const imported = await importUploadedFiles(deps.db, deps.uploadsDir);
  if (imported > 0)
    logger.info(`Imported ${imported} uploaded ${imported === 1 ? "image" : "images"} from ${deps.uploadsDir} into the database.`);
  const admin = await ensureFirstAdmin(deps.db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.created) {
    logger.info(`Created the first super admin "${admin.username}".`);
    // REQUIRE_SECOND_FACTOR: the first start's sign-in security; Settings decides afterwards.
    if (config.requireSecondFactor) await updateSettings(deps.db, COMMAND_LINE, { security: config.requireSecondFactor });
    if (admin.generatedPassword) {
      // Printed once, as documented: the operator needs it to sign in the first time.
      logger.info(`  Generated password (shown once; the first sign-in asks for a new one): ${admin.generatedPassword}`);
    }
  }

  // The audit chain's head into the log, where the database cannot rewrite it: at start, then daily.
  const logHead = () =>
    chainHead(deps.db)
      .then((head) =>
        logger.info(
          { task: "audit", auditHead: head && formatHead(head) },
          head ? `Audit trail head: ${formatHead(head)}` : "Audit trail head: none yet (the activity log is empty)",
        ),
      )
      .catch((error) => logTaskError("audit-head", error));
  await logHead();
  const headDaily = setInterval(logHead, 24 * 60 * 60_000);
  headDaily.unref();

  // Changes made through the other instances (PostgreSQL), and scheduled articles' moments.
  const stopBus = await deps.cacheBus.connect(deps.database);
  const stopClock = startPublicationClock(deps);
  const stopMemoryGuard = startMemoryGuard(deps);

  const app = createApp(deps, await createWebHandlers(deps, options.web));
  const server = createHttpServer(app, deps, options.before);
  // A port in use (or not ours to take) is a configuration problem: one plain line, not a crash report.
  server.once("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE" && error.code !== "EACCES") throw error;
    logger.fatal(
      { code: error.code },
      `Cannot listen on ${config.host}:${config.port}: ${error.code === "EADDRINUSE" ? "another program uses that port (set PORT)" : "not allowed to use that port"}`,
    );
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    logger.info(`Listening on http://${config.host}:${config.port} (public origin ${config.publicOrigin})`);
  });

  const housekeeping = setInterval(() => {
    deleteExpiredRows(deps.db).catch((error) => logTaskError("housekeeping", error));
  }, 60 * 60_000);
  housekeeping.unref();
  // `npm run backup` asks the running server through DATA_DIR/maintenance.sock (embedded database only; removed at exit).
  const stopMaintenance = startMaintenanceSocket(config.dataDir, maintenanceOperations(deps));
  // Retention of finished inquiries (Settings): at start, then daily; one instance at a time purges.
  const purge = () =>
    purgeExpiredInquiries(deps.db)
      .then((count) => {
        if (count !== null)
          logger.info({ task: "retention", count }, `Retention: deleted ${count} closed or spam ${count === 1 ? "inquiry" : "inquiries"}.`);
      })
      .catch((error) => logTaskError("retention", error));
  void purge();
  const retention = setInterval(purge, 24 * 60 * 60_000);
  retention.unref();
  // New-inquiry mail, reminders and acknowledgements: the outbox's dispatcher runs inside the server.
  // It runs without a mail server too: one set up in Settings > E-mail is used from its next round.
  const stopMail = startMailDispatcher(deps);
  logger.info(
    config.smtpUrl
      ? `Mail: through ${new URL(config.smtpUrl).hostname} (SMTP_URL), from ${config.mailFrom}`
      : "Mail: through the mail server of Settings > E-mail, if one is set up (no SMTP_URL)",
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Stopping: no new connections; finishing the requests in flight");
    // Stop accepting; idle keep-alive connections close now, busy ones after their answer.
    // The portal's event streams never finish by themselves: end them, and the browsers reconnect elsewhere.
    deps.eventStreams.closeAll();
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // A keep-alive connection whose last answer ends during the wait (an event stream just ended, a
    // request behind nginx's upstream keepalive) would otherwise stay open for keepAliveTimeout (65 s).
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const waited = await Promise.race([
      drained.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref()),
    ]);
    clearInterval(sweep);
    if (!waited) {
      logger.warn(`Stopping: requests still running after ${DRAIN_MS / 1000} s are cut`);
      server.closeAllConnections();
    }
    clearInterval(housekeeping);
    clearInterval(retention);
    clearInterval(headDaily);
    stopClock();
    stopMemoryGuard();
    await Promise.allSettled([stopMail(), stopBus(), stopMaintenance(), deps.visitCounter.flush(), deps.addressLog.flush()]);
    deps.mail.close();
    await Promise.allSettled([deps.database.close(), options.onStop?.()]);
    logger.info("Stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
