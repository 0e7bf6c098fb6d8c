import { createContext, use, useContext, type ComponentType } from "react";
import type { PublicRouteKey } from "../routes";

/**
 * Route-based code splitting of the public pages: each page is its own chunk, so a page loads only its
 * own code (public pages have a 120 KB JavaScript budget). The browser loads the first page before it
 * hydrates (no flash of a fallback); later pages load on navigation. The server renders with the pages
 * imported statically (src/server/ssr/pages.ts) and links the page's chunk for preloading.
 */
export interface PageProps {
  slug?: string;
}
export type PageComponent = ComponentType<PageProps>;

/** The chunk of each page, by route key (also the manifest keys the server preloads). */
export const PAGE_MODULES: Record<PublicRouteKey, string> = {
  home: "src/client/public/pages/HomePage.tsx",
  about: "src/client/public/pages/AboutPage.tsx",
  services: "src/client/public/pages/ServicesPage.tsx",
  service: "src/client/public/pages/ServiceDetailPage.tsx",
  news: "src/client/public/pages/NewsPage.tsx",
  article: "src/client/public/pages/NewsArticlePage.tsx",
  contact: "src/client/public/pages/ContactPage.tsx",
  notFound: "src/client/public/pages/NotFoundPage.tsx",
};

export const PAGE_LOADERS: Record<PublicRouteKey, () => Promise<PageComponent>> = {
  home: () => import("./HomePage").then((m) => m.HomePage),
  about: () => import("./AboutPage").then((m) => m.AboutPage),
  services: () => import("./ServicesPage").then((m) => m.ServicesPage),
  service: () => import("./ServiceDetailPage").then((m) => m.ServiceDetailPage),
  news: () => import("./NewsPage").then((m) => m.NewsPage),
  article: () => import("./NewsArticlePage").then((m) => m.NewsArticlePage),
  contact: () => import("./ContactPage").then((m) => m.ContactPage),
  notFound: () => import("./NotFoundPage").then((m) => m.NotFoundPage),
};

/** Where PublicPages gets a page: loaded (render it) or loading (a promise to suspend on). */
export type PageSource = (key: PublicRouteKey) => PageComponent | Promise<PageComponent>;

const loaded = new Map<PublicRouteKey, PageComponent>();
const loading = new Map<PublicRouteKey, Promise<PageComponent>>();

/** Loads a page's chunk once; resolved pages are then available synchronously. */
export function loadPage(key: PublicRouteKey): Promise<PageComponent> {
  let promise = loading.get(key);
  if (!promise) {
    promise = PAGE_LOADERS[key]().then((component) => {
      loaded.set(key, component);
      return component;
    });
    loading.set(key, promise);
  }
  return promise;
}

export const browserPageSource: PageSource = (key) => loaded.get(key) ?? loadPage(key);

const PagesContext = createContext<PageSource>(browserPageSource);
export const PagesProvider = PagesContext.Provider;

/** The page component for a route; suspends while its chunk loads (on client navigation only). */
export function usePage(key: PublicRouteKey): PageComponent {
  const source = useContext(PagesContext);
  const page = source(key);
  return page instanceof Promise ? use(page) : page;
}
