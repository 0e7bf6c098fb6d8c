import { readdirSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";

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
 * build, in the server's rendering of public pages (vite.server.config.ts), in the tests
 * (vitest.config.ts) and in `npm run dev` (below, and src/server/boot/dev-loader.mjs). The admin portal
 * keeps React (antd needs it).
 */
const PREACT_OF: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react-dom/server": "preact/compat/server",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
export const PREACT_ALIASES = Object.entries(PREACT_OF).map(([from, to]) => ({ find: new RegExp(`^${from}$`), replacement: to }));

/** A module of the public site in `npm run dev`, where one Vite serves the public pages and the portal. */
const PUBLIC_MARK = "?public-site";
const isPublicModule = (id: string) => /\/src\/client\/(public\/|entry-public\.tsx)/.test(id) || id.endsWith(PUBLIC_MARK);

/**
 * `npm run dev`: the public site's imports of React are Preact's, the portal's React's. A module both
 * import (src/client/lib) is, for the public site, a module of its own (marked), whose imports are
 * Preact's too.
 */
function publicSiteOnPreact(): Plugin {
  return {
    name: "public-site-on-preact",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !isPublicModule(importer)) return null;
      const preact = PREACT_OF[source];
      if (preact) return this.resolve(preact, importer, { ...options, skipSelf: true });
      if (!source.startsWith(".")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && /\/src\/client\/lib\/[^?]*$/.test(resolved.id)) return { ...resolved, id: `${resolved.id}${PUBLIC_MARK}` };
      return resolved;
    },
  };
}

/**
 * The browser builds. The public pages and the admin portal are built in two separate passes
 * (`vite build`, then `vite build --mode admin`) so they never share a chunk: a library the admin
 * needs (antd, zod's classic API) can never ride into a public page's JavaScript. Each pass writes its
 * own manifest; the server reads both to link each page's hashed assets.
 */
export default defineConfig(({ command, mode }): UserConfig => {
  const admin = mode === "admin";
  if (command === "serve") {
    // Fast Refresh is React's: the public modules reload the page instead.
    return { plugins: [publicSiteOnPreact(), react({ exclude: /\/src\/client\/(public\/|entry-public\.tsx)/ })], publicDir: "public" };
  }
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
