import { readdirSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";

/**
 * The public pages' words (issue 27): each part of each language's catalogue is an entry of its own,
 * loaded by the address the server gives the page (src/client/public/i18n.ts), so no page's JavaScript
 * carries a table of them.
 */
const CATALOGUE = "src/client/public/catalogue";
const wordEntries = Object.fromEntries(
  ["en", "es", "zh"].flatMap((language) =>
    readdirSync(`${CATALOGUE}/${language}`)
      .filter((file) => file.endsWith(".ts"))
      .map((file) => [`words-${language}-${file.replace(/\.ts$/, "")}`, `${CATALOGUE}/${language}/${file}`]),
  ),
);

/**
 * The public pages render with Preact's React-compatible layer (issue 37; decisions/0070): the public
 * code is written against React's API and types, and its imports of React are Preact's in the public
 * build, in the server's rendering of public pages (vite.server.config.ts) and in the tests
 * (vitest.config.ts). The admin portal keeps React (antd needs it).
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
];

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
    resolve: admin ? {} : { alias: PREACT_ALIASES },
    publicDir: admin ? false : "public",
    build: {
      outDir: "dist/client",
      emptyOutDir: !admin,
      manifest: admin ? ".vite/admin-manifest.json" : ".vite/manifest.json",
      target: "es2022",
      sourcemap: false,
      // Every browser the site supports preloads modules itself: no polyfill in the pages' JavaScript.
      // A chunk loaded later (a page, a part of a catalogue) never needs the public entry preloaded: it
      // is the first thing every public page runs, so its files are left out of each chunk's list.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps) => deps.filter((dep) => !/^assets\/public-[\w-]+\.(js|css)$/.test(dep)),
      },
      rollupOptions: {
        input: admin ? { admin: "src/client/entry-admin.tsx" } : { public: "src/client/entry-public.tsx", ...wordEntries },
        // An entry exports what it declares (a part's WORDS); the public entry may export more, so code it
        // shares with the words stays in it rather than in chunks of its own.
        preserveEntrySignatures: "allow-extension",
      },
    },
  };
});
