import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Suspense, type ReactNode } from "react";
import { Router, useLocation } from "wouter";
import { ToastProvider } from "./components/Toast";
import { LanguageProvider, useLanguage } from "./language";
import { LegalDialogsProvider } from "./layout/LegalDialogs";
import { Layout } from "./layout/Layout";
import { PagesProvider, usePage, type PageSource } from "./pages/registry";
import { matchPublicRoute } from "./routes";
import { SiteProvider, type SiteInfo } from "./site-context";

/** The whole public document, the same on the server (SSR) and in the browser (hydration). */
export function PublicRoot({
  queryClient,
  site,
  pages,
  ssrPath,
}: {
  queryClient: QueryClient;
  site: SiteInfo;
  pages: PageSource;
  ssrPath?: string;
}) {
  return (
    <PagesProvider value={pages}>
    <QueryClientProvider client={queryClient}>
        <Router ssrPath={ssrPath}>
          <SiteProvider value={site}>
            <LanguageProvider>
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
            </LanguageProvider>
          </SiteProvider>
        </Router>
    </QueryClientProvider>
    </PagesProvider>
  );
}

/** The page for the current path; the server uses the same matchPublicRoute to prefetch and set the status. */
function PublicPages() {
  const [location] = useLocation();
  const route = matchPublicRoute(location);
  const Page = usePage(route.key);
  return <Page key={`${route.key}:${route.params.slug ?? ""}`} slug={route.params.slug} />;
}

/** Shown for the moment a page's code loads during client navigation. */
function PageLoading() {
  return (
    <div className="container section" aria-busy="true">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" style={{ width: "70%" }} />
    </div>
  );
}

/** The <html> document; the lang attribute follows the language choice. Asset tags are added by the server. */
function Document({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return (
    <html lang={language.code}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a3f44" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      </head>
      <body>
        <div id="app">{children}</div>
      </body>
    </html>
  );
}
