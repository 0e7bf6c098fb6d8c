import { use, type ComponentType } from "react";
import type { PublicQuery } from "./api";
import type { ReadStore } from "./store";
import type { LanguageCode } from "../../shared/languages";
import type { WordPart } from "./catalogue/parts";

/**
 * The machinery behind the public route table (routes.ts): what an entry is, how a path finds its
 * entry, how a page's code is loaded. The table itself holds only facts about pages.
 */

/** The parameters a path pattern names: "/news/:slug" gives { slug: string }. */
export type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** What a loaded read looks like to a route's metadata: the same on the server and in the browser. */
export interface ReadView<T> {
  status: "pending" | "error" | "success";
  data: T | undefined;
}
export type Reader = <T>(query: PublicQuery<T>) => ReadView<T>;

/**
 * The page's title, description and share tags (components/Seo.ts: the tags head.ts writes into <head>).
 * `notFound` makes the page a 404: the server answers that status, and the page has no canonical URL
 * and is not indexed.
 */
export interface PageMeta {
  title: string;
  description: string;
  notFound?: boolean;
  /** The canonical path when it is not the address asked for (an article's own slug). */
  path?: string;
  image?: string | null;
  imageAlt?: string | null;
  type?: "website" | "article";
  /** The languages the page has (its hreflang alternates); all three when not given (pages of the site's own words). */
  languages?: readonly LanguageCode[];
  publishedTime?: string | null;
  modifiedTime?: string | null;
}

/**
 * Which addresses of a route go into /sitemap.xml: "page" (its one path), "none", or one address per
 * record of a list the server keeps (the `:slug` of the path filled with each record's slug).
 */
export type SitemapRule = "page" | "none" | { each: "services" | "articles" };

export interface PublicRoute<Path extends string = string> {
  /** A name for logs, chunk manifests and tests. */
  key: string;
  /** "/about", "/services/:slug"; "*" for the page of every other path. */
  path: Path;
  /** The page's own chunk: its source path (the key Vite's manifest uses) and how to load it. */
  page: { module: string; load: () => Promise<PageComponent> };
  /** The reads the server runs before it renders (the browser then finds them in its cache). */
  data(params: ParamsOf<Path>): PublicQuery<unknown>[];
  /** Title, description and share tags; null while the data it needs is loading. */
  meta(params: ParamsOf<Path>, read: Reader): PageMeta | null;
  sitemap: SitemapRule;
  /** The parts of the interface catalogue the page shows words of, beyond the core (catalogue/parts.ts). */
  words: readonly WordPart[];
}

/** The path's parameters, as the page component gets them (a page reads the names its own path has). */
export type RouteParams = Partial<Record<string, string>>;
export type PageComponent = ComponentType<RouteParams>;

/**
 * Checks one entry against its own path (its data and metadata get the parameters the pattern names),
 * then lets the table hold it beside entries of other paths: matchRoute only ever hands an entry the
 * parameters its own pattern produced.
 */
export function defineRoute<const Path extends string>(route: PublicRoute<Path>): AnyRoute {
  return route;
}

/**
 * A page's chunk: the component `name` of src/client/public/pages/<name>.tsx, loaded on demand
 * (`load` must be a literal import() so the bundler splits the page off).
 */
export function pageChunk<const Name extends string>(name: Name, load: () => Promise<Record<Name, PageComponent>>): PublicRoute["page"] {
  return { module: `src/client/public/pages/${name}.tsx`, load: () => load().then((m) => m[name]) };
}

/** An entry whatever its path. */
export interface AnyRoute {
  key: string;
  path: string;
  page: { module: string; load: () => Promise<PageComponent> };
  data(params: Record<string, string>): PublicQuery<unknown>[];
  meta(params: Record<string, string>, read: Reader): PageMeta | null;
  sitemap: SitemapRule;
  words: readonly WordPart[];
}

export interface MatchedRoute {
  route: AnyRoute;
  params: Record<string, string>;
}

/** The first entry whose pattern fits the path ("*" fits every path), with the decoded parameters. */
export function matchRoute(routes: readonly AnyRoute[], pathname: string): MatchedRoute {
  const segments = pathname.split("/").slice(1);
  for (const route of routes) {
    if (route.path === "*") return { route, params: {} };
    const pattern = route.path.split("/").slice(1);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, index) => {
      const segment = segments[index]!;
      if (part.startsWith(":")) {
        params[part.slice(1)] = decodeSegment(segment);
        return segment !== "";
      }
      return part === segment;
    });
    if (fits) return { route, params };
  }
  throw new Error(`No public route for ${pathname}: the table must end with "*"`);
}

/** The address of a route for these parameters ("/services/:slug" with { slug } gives /services/<slug>). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Route-based code splitting: each page is its own chunk (public pages have a 120 KB JavaScript
 * budget). The browser loads the first page before it hydrates and later pages on navigation; the
 * server loads a page before it renders it. Once loaded, a page is at hand synchronously.
 */
const loaded = new Map<AnyRoute, PageComponent>();
const loading = new Map<AnyRoute, Promise<PageComponent>>();

/**
 * What else a page needs before it renders in the browser: its words (i18n.ts, loadWords), set by the
 * browser's entry. The server renders from whole catalogues and sets none.
 */
let loadRouteWords: ((parts: readonly WordPart[]) => Promise<void>) | null = null;
export function setWordsLoader(loader: (parts: readonly WordPart[]) => Promise<void>): void {
  loadRouteWords = loader;
}

export function loadPage(route: AnyRoute): Promise<PageComponent> {
  let promise = loading.get(route);
  if (!promise) {
    promise = Promise.all([route.page.load(), loadRouteWords?.(route.words)]).then(([component]) => {
      loaded.set(route, component);
      return component;
    });
    loading.set(route, promise);
  }
  return promise;
}

/** The page component of a route; suspends while its chunk loads (on client navigation only). */
export function usePage(route: AnyRoute): PageComponent {
  return loaded.get(route) ?? use(loadPage(route));
}

/** Reads a route's data from a store (the server's after prefetching, the browser's as it loads). */
export function readerOf(store: ReadStore): Reader {
  return (query) => store.view(query);
}
