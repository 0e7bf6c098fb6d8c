import { Suspense, useEffect, type ReactNode } from "react";
import { Router, useLocation } from "./router";
import { Seo } from "./components/Seo";
import { SkeletonLines } from "./components/Skeleton";
import { ToastProvider } from "./components/Toast";
import { pageLanguage } from "./i18n";
import { LegalDialogsProvider } from "./layout/LegalDialogs";
import { Layout } from "./layout/Layout";
import { matchPublicRoute } from "./routes";
import { fillPath, readerOf, usePage, type MatchedRoute } from "./routing";
import { SiteProvider, type SiteInfo } from "./site-context";
import { StoreProvider, useStore, useStoreVersion, type ReadStore } from "./store";

/** The whole public document, the same on the server (SSR) and in the browser (hydration). */
export function PublicRoot({ store, site, ssrPath }: { store: ReadStore; site: SiteInfo; ssrPath?: string }) {
  return (
    <StoreProvider store={store}>
      <Router ssrPath={ssrPath}>
        <SiteProvider value={site}>
          <Document>
            <ToastProvider>
              <LegalDialogsProvider>
                <Layout>
                  <Suspense fallback={<PageLoading />}>
                    <PublicPages />
                  </Suspense>
                </Layout>
              </LegalDialogsProvider>
            </ToastProvider>
          </Document>
        </SiteProvider>
      </Router>
    </StoreProvider>
  );
}

/** The page for the current path, with its metadata; the server matches the same table to prefetch and set the status. */
function PublicPages() {
  const [location] = useLocation();
  const matched = matchPublicRoute(location);
  const Page = usePage(matched.route);
  const key = `${matched.route.key}:${location}`;
  return (
    <>
      <RouteMeta key={`meta:${key}`} matched={matched} />
      <Page key={key} {...matched.params} />
    </>
  );
}

/** The route's title, description and share tags, from its data as it loads (the server renders them from the same reads). */
function RouteMeta({ matched: { route, params } }: { matched: MatchedRoute }) {
  const store = useStore();
  // The tags follow the data: re-rendered as reads settle, and the route's reads start together
  // on navigation (one batched request).
  useStoreVersion();
  useEffect(() => {
    for (const query of route.data(params)) store.ensure(query);
  }, [store, route, params]);
  const meta = route.meta(params, readerOf(store));
  if (!meta) return null;
  const { notFound, path, ...tags } = meta;
  return <Seo {...tags} path={notFound ? undefined : (path ?? fillPath(route.path, params))} noIndex={notFound} />;
}

/** Shown for the moment a page's code loads during client navigation. */
function PageLoading() {
  return (
    <div className="container section" aria-busy="true">
      <div className="skeleton skeleton-title" />
      <SkeletonLines count={2} />
    </div>
  );
}

/**
 * The <html> document, in the page's language (its address's). Asset tags, the favicon's links and the
 * accent colour (Settings > Brand: src/server/site/ssr/brand-head.ts) are added by the server.
 */
function Document({ children }: { children: ReactNode }) {
  return (
    <html lang={pageLanguage().tag}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a3f44" />
      </head>
      <body>
        <div id="app">{children}</div>
      </body>
    </html>
  );
}
