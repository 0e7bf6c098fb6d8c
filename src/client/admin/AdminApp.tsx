import { QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider, Flex, Result, Spin } from "antd";
import enUS from "antd/locale/en_US";
import { Suspense, useState } from "react";
import { Redirect, Route, Router, Switch } from "wouter";
import { createTrpcReactClient, trpc } from "../lib/trpc";
import { FreshCheckProvider } from "./components/ConfirmItsYouDialog";
import { READABLE_TOKENS } from "./components/tones";
import { AdminLayout } from "./layout/AdminLayout";
import { NavigationGuardProvider } from "./navigation";
import { LiveInquiriesProvider } from "./live";
import { permissionsOf } from "./permissions";
import { createAdminQueryClient } from "./query-client";
import { ScreenFrame } from "./layout/ScreenFrame";
import { ADMIN_SCREENS } from "./routes";
import LoginScreen from "./screens/login/LoginScreen";
import { AccountSetupGate } from "./screens/account/AccountSetupScreen";
import { isLeavingForSignIn, loginPathFor, RequireSession } from "./session";
import { A } from "./text";

/**
 * The admin portal: client-rendered, loaded only under /admin (its own entry, so antd never reaches the
 * public pages). Data through the typed tRPC hooks; toasts through antd, one at a time, 5 seconds, at
 * the bottom centre (where they cover neither the header's buttons nor the editors' Save bar).
 */
const THEME = {
  token: {
    colorPrimary: "#0e5a61",
    colorLink: "#0e5a61",
    colorError: "#b42318",
    borderRadius: 8,
    ...READABLE_TOKENS,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    Layout: { siderBg: "#0a3f44", triggerBg: "#072e32" },
    Menu: { darkItemBg: "#0a3f44", darkSubMenuItemBg: "#0a3f44", darkItemSelectedBg: "#12707a" },
  },
};

/** Staff who ask their system for reduced motion get no animations (antd's motion token). */
const prefersReducedMotion = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

export function AdminApp() {
  const [queryClient] = useState(() =>
    createAdminQueryClient(() => {
      const path = window.location.pathname.replace(/^\/admin/, "") || "/";
      if (!path.startsWith("/login") && !isLeavingForSignIn())
        window.location.assign(`/admin${loginPathFor(path, window.location.search.slice(1))}`);
    }),
  );
  const [trpcClient] = useState(() => createTrpcReactClient());
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={{ ...THEME, token: { ...THEME.token, motion: !prefersReducedMotion } }} locale={enUS}>
          <AntApp notification={{ maxCount: 1, duration: 5, placement: "bottom" }} message={{ maxCount: 1, duration: 5 }}>
            <Router base="/admin">
              <NavigationGuardProvider>
                <Switch>
                  <Route path="/login" component={LoginScreen} />
                  <Route path="/">
                    <Redirect to="/dashboard" replace />
                  </Route>
                  <Route>
                    <RequireSession>
                      {(user) => (
                        <FreshCheckProvider>
                          <AccountSetupGate user={user}>
                            <LiveInquiriesProvider enabled={permissionsOf(user).includes("inquiries.view")}>
                              <AdminLayout user={user}>
                                <Suspense fallback={<ScreenLoading />}>
                                  <Switch>
                                    {ADMIN_SCREENS.map((entry) => (
                                      <Route key={entry.path} path={entry.path}>
                                        {(params) => (
                                          <ScreenFrame entry={entry} user={user} params={params as Record<string, string | undefined>} />
                                        )}
                                      </Route>
                                    ))}
                                    <Route>
                                      <Result status="404" title="404" subTitle={A.notFound} />
                                    </Route>
                                  </Switch>
                                </Suspense>
                              </AdminLayout>
                            </LiveInquiriesProvider>
                          </AccountSetupGate>
                        </FreshCheckProvider>
                      )}
                    </RequireSession>
                  </Route>
                </Switch>
              </NavigationGuardProvider>
            </Router>
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

function ScreenLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }}>
      <Spin />
    </Flex>
  );
}
