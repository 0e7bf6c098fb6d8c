import { openPglite } from "../../db/client";
import { seedDatabase } from "../../db/seed";
import { ConfigError, loadConfig } from "../../env";
import { logger } from "../../log";

/**
 * Run by the server (src/server/boot/first-start.ts) when DATA_DIR/db holds no database yet: creates the
 * embedded database (from the build's template), applies the migrations and seeds the site's content,
 * then exits so that the memory of creating it goes with this process.
 */
async function main() {
  const config = loadConfig();
  // From the build's template (openPglite); without one, PGlite runs initdb: slower and bigger, still apart.
  const database = await openPglite({ dataDir: config.dataDir, cacheMb: config.embeddedDbCacheMb });
  try {
    await database.migrate();
    if (await seedDatabase(database.db)) logger.info("First start: seeded the site's content.");
  } finally {
    await database.close();
  }
  // Its peak, for the operator sizing a server (and npm run bench:memory, which reads this line).
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  logger.info({ peakMb }, `First start: created the embedded database in a separate process (peak memory ${peakMb} MB).`);
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof ConfigError) for (const line of error.lines) console.error(line);
    else console.error(`Creating the embedded database failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
