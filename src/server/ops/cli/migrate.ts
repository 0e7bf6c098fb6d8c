import { buildDeps } from "../../boot/bootstrap";
import { ConfigError, loadConfig } from "../../env";

/** `npm run db:migrate`: applies the committed migrations in drizzle/ (the server also does this at start). */
async function main() {
  const { deps } = await buildDeps(loadConfig());
  try {
    await deps.database.migrate();
    console.log(`Migrations applied (${deps.database.kind}).`);
  } finally {
    await deps.database.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) for (const line of error.lines) console.error(line);
  else console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
