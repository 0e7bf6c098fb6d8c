import { once } from "node:events";
import { PGlite } from "@electric-sql/pglite";
import { pgliteMemoryOptions } from "../../db/client";
import { archiveLines, newBackupStats, type CopyProcessMessage } from "../../services/backup-snapshot";
import { pgliteSession } from "../../services/backup-tables";

/**
 * Run by the server's live backup of the embedded database (services/backup-snapshot.ts, linesOfFolderCopy):
 * opens the copy of the database's folder that the server made on disk, writes the archive's lines to
 * its standard output (waiting for the server to read them), sends its counts over the IPC channel,
 * and exits, so that the memory of a second PostgreSQL goes with this process. It logs nothing to its
 * standard output, which carries the archive.
 */
const send = (message: CopyProcessMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

async function main(folder: string, secretKey: string | null): Promise<void> {
  const copy = new PGlite(folder, pgliteMemoryOptions());
  const stats = newBackupStats();
  try {
    await copy.waitReady;
    for await (const text of archiveLines(pgliteSession(copy), { engine: "pglite", secretKey, stats })) {
      if (!process.stdout.write(text)) await once(process.stdout, "drain");
      process.send!({ stats } satisfies CopyProcessMessage);
    }
  } finally {
    if (!copy.closed) await copy.close().catch(() => {});
  }
  await new Promise<void>((resolve) => process.stdout.end(resolve));
  await send({ done: true, stats, peakMb: Math.round(process.resourceUsage().maxRSS / 1024) });
}

process.once("message", (message: { folder: string; secretKey: string | null }) => {
  main(message.folder, message.secretKey).then(
    () => process.exit(0),
    async (error) => {
      await send({ error: error instanceof Error ? error.message : String(error) }).catch(() => {});
      process.exit(1);
    },
  );
});
