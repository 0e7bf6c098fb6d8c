import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The browser build: two entries, so the admin portal (antd) never enters the public pages' JavaScript.
 * - public: server-rendered pages, hydrated (src/client/entry-public.tsx)
 * - admin: the client-rendered back office (src/client/entry-admin.tsx)
 * The manifest lets the server link each page's hashed assets.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: "public",
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    sourcemap: false,
    rollupOptions: {
      input: {
        public: "src/client/entry-public.tsx",
        admin: "src/client/entry-admin.tsx",
      },
    },
  },
});
