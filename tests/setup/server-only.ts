import { createElement, type ReactElement } from "react";
import { renderToString } from "preact-render-to-string";
import { PublicRoot } from "../../src/client/public/app";
import { collectHead } from "../../src/client/public/head";
import { pageLanguage } from "../../src/client/public/i18n";
import type { SiteInfo } from "../../src/client/public/site-context";
import type { ReadStore } from "../../src/client/public/store";
import { documentStart } from "../../src/server/site/ssr/render";

/**
 * What the browser's render of a public page gives (decisions/0070: Preact hydrates the body,
 * <div id="app">; the page's own head tags, its title, description, share tags and preloads, are
 * rendered from the same tree): the document's start with those tags, and the body. Rendered with the
 * language's catalogue as applied.
 */
export function renderAsBrowser(store: ReadStore, site: SiteInfo, path: string): string {
  // As the server renders it (render.tsx): React's element type, Preact's at run time.
  const root: ReactElement = createElement(PublicRoot, { store, site, ssrPath: path });
  const { result: app, head } = collectHead(() => renderToString(root));
  return `<!DOCTYPE html>${documentStart(pageLanguage().tag, head)}</head><body><div id="app">${app}</div></body></html>`;
}

/**
 * A served page as the browser's render of it gives it (renderAsBrowser): without what only the server
 * writes (the structured data, the page's assets, the brand's favicon links and accent colour in <head>;
 * the header's search form before <div id="app">; the data for hydration and the loader after the body).
 */
export function withoutServerOnly(html: string): string {
  const start =
    /^<!DOCTYPE html><html lang="[^"]*"><head>(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link rel="(?:canonical|alternate|preload)" [^>]*\/>)*/.exec(
      html,
    )?.[0];
  const appStart = html.indexOf('<div id="app">');
  const appEnd = html.lastIndexOf('</div><script id="__APP_DATA__"');
  if (!start || appStart < 0 || appEnd < appStart) throw new Error("not a public page as the server writes it");
  return `${start}</head><body>${html.slice(appStart, appEnd)}</div></body></html>`;
}
