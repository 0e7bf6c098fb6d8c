import { defineConfig } from "vite";
import { PREACT_ALIASES } from "./vite.config.ts";

/**
 * The server build: Node entries bundled by Vite in SSR mode (dependencies stay in node_modules).
 * index = the web server, admin = the admin command line, migrate = npm run db:migrate,
 * backup and restore = npm run backup / npm run restore, audit = npm run audit -- verify,
 * keys = npm run keys, first-start = the embedded database's creation, run by the server in a child
 * process on its first start (src/server/boot/first-start.ts), db-template = the new embedded database's
 * folder, made once by the build into dist/server/embedded-db.tgz, backup-copy = the live backup's
 * export of a copy of the embedded database, in a child process (src/server/services/backup-snapshot.ts),
 * node-flags = the V8 flags npm start derives from the memory the process may use (boot/memory-limit.ts).
 * The server renders the public pages with Preact, as the browser runs them (decisions/0070): the
 * public code's imports of React are Preact's here too.
 */
export default defineConfig({
  resolve: { alias: PREACT_ALIASES },
  build: {
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: {
      input: {
        index: "src/server/index.ts",
        admin: "src/server/ops/cli/admin.ts",
        migrate: "src/server/ops/cli/migrate.ts",
        backup: "src/server/ops/cli/backup.ts",
        restore: "src/server/ops/cli/restore.ts",
        audit: "src/server/ops/cli/audit.ts",
        keys: "src/server/ops/cli/keys.ts",
        "first-start": "src/server/ops/cli/first-start.ts",
        "db-template": "src/server/ops/cli/db-template.ts",
        "backup-copy": "src/server/ops/cli/backup-copy.ts",
        "node-flags": "src/server/ops/cli/node-flags.ts",
      },
      output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
});
