import { defineConfig } from "vite";

/**
 * The server build: Node entries bundled by Vite in SSR mode (dependencies stay in node_modules).
 * index = the web server, admin = the admin command line, migrate = npm run db:migrate,
 * backup and restore = npm run backup / npm run restore, audit = npm run audit -- verify,
 * keys = npm run keys.
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: {
      input: {
        index: "src/server/index.ts",
        admin: "src/server/cli/admin.ts",
        migrate: "src/server/cli/migrate.ts",
        backup: "src/server/cli/backup.ts",
        restore: "src/server/cli/restore.ts",
        audit: "src/server/cli/audit.ts",
        keys: "src/server/cli/keys.ts",
      },
      output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
});
