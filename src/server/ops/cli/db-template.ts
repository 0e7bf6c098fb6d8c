import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { EMBEDDED_DB_TEMPLATE, pgliteMemoryOptions } from "../../db/client";

/**
 * Run by `npm run build`: makes the folder of a new, empty embedded database (PGlite's initdb, in
 * memory) and writes it gzipped to dist/server/embedded-db.tgz, from which the server's first start
 * creates DATA_DIR/db. initdb runs a second PostgreSQL beside the first and copies the folder through
 * memory (about 700 MB at its peak); doing it once here keeps that off the server. The template holds
 * no migration and no content: those are applied at the first start, as on any database.
 */
const pglite = new PGlite(pgliteMemoryOptions());
await pglite.waitReady;
const folder = await pglite.dumpDataDir("gzip");
await pglite.close();
writeFileSync(EMBEDDED_DB_TEMPLATE, Buffer.from(await folder.arrayBuffer()));
console.log(`Embedded database template: ${EMBEDDED_DB_TEMPLATE} (${(folder.size / 1024 / 1024).toFixed(1)} MB)`);
