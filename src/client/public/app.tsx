import { Suspense, useEffect } from "react";
import { Router, useLocation } from "./router";
import { useSeoTags } from "./components/Seo";
import { renderingOnServer, setPageHead } from "./head";
import { SkeletonLines } from "./components/Skeleton";
import { ToastProvider } from "./components/Toast";
import { LegalDialogsProvider } from "./layout/LegalDialogs";
import { Layout } from "./layout/Layout";
import { matchPublicRoute } from "./routes";
import { fillPath, readerOf, usePage, type MatchedRoute } from "./routing";
import { SiteProvider, type SiteInfo } from "./site-context";
import { StoreProvider, useStore, useStoreVersion, type ReadStore } from "./store";

/**
 * The public page's body (what <div id="app"> holds), the same on the server (SSR) and in the browser
 * (hydration): the same tree, so the ids useId gives match. The document around it and its <head> are
 * the server's (src/server/site/ssr/render.tsx; head.ts). `onHydrated` runs once the browser's first
 * render is in place.
 */
export function PublicRoot({
  store,
  site,
  ssrPath,
  onHydrated,
}: {
  store: ReadStore;
  site: SiteInfo;
  ssrPath?: string;
  onHydrated?: () => void;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <StoreProvider store={store}>
      <Router ssrPath={ssrPath}>
        <SiteProvider value={site}>
          <ToastProvider>
            <LegalDialogsProvider>
              <Layout>
                <Suspense fallback={<PageLoading />}>
                  <PublicPages />
                </Suspense>
              </Layout>
            </LegalDialogsProvider>
          </ToastProvider>
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
  const { notFound, path, ...tags } = meta ?? { title: "", description: "" };
  const head = useSeoTags({ ...tags, path: notFound ? undefined : (path ?? fillPath(route.path, params)), noIndex: notFound });
  // The server's render writes them into <head> as it renders; the browser's once the page is in place.
  if (meta && renderingOnServer()) setPageHead(head);
  const key = meta ? JSON.stringify(head) : "";
  useEffect(() => {
    if (key) setPageHead(JSON.parse(key));
  }, [key]);
  return null;
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
