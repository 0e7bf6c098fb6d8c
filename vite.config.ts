import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";

/**
 * The browser builds. The public pages and the admin portal are built in two separate passes
 * (`vite build`, then `vite build --mode admin`) so they never share a chunk: a library the admin
 * needs (antd, zod's classic API) can never ride into a public page's JavaScript. Each pass writes its
 * own manifest; the server reads both to link each page's hashed assets.
 */
export default defineConfig(({ mode }): UserConfig => {
  const admin = mode === "admin";
  return {
    plugins: [react()],
    publicDir: admin ? false : "public",
    build: {
      outDir: "dist/client",
      emptyOutDir: !admin,
      manifest: admin ? ".vite/admin-manifest.json" : ".vite/manifest.json",
      target: "es2022",
      sourcemap: false,
      // Every browser the site supports preloads modules itself: no polyfill in the pages' JavaScript.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: admin ? { admin: "src/client/entry-admin.tsx" } : { public: "src/client/entry-public.tsx" },
      },
    },
  };
});
