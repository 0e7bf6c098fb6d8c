import { Flex, Spin } from "antd";
import { useEffect, type ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { trpc } from "../lib/trpc";
import { httpStatus, useFeedback } from "./feedback";
import { A } from "./text";

/**
 * The session check of every admin page (admin-portal.md sections 4 and 6): the `me` answer through
 * tRPC (auth.session: null rather than a 401 when signed out, so a normal visit logs no error); no
 * session sends the user to /admin/login and back here after signing in; a network failure says
 * "Authentication Error" first.
 */
export type AdminUser = NonNullable<ReturnType<typeof useSession>["data"]>;

export function useSession() {
  return trpc.auth.session.useQuery(undefined, { retry: false });
}

/**
 * Set once Logout has ended the session and the page is on its way to /admin/login: the cleared
 * session answer and any call still answering 401 must not send the user elsewhere meanwhile (a
 * client-side redirect to /login?next=… would cancel the page's own navigation).
 */
let leavingForSignIn = false;
export function leaveForSignIn(): void {
  leavingForSignIn = true;
  window.location.assign("/admin/login");
}
export function isLeavingForSignIn(): boolean {
  return leavingForSignIn;
}

export function loginPathFor(location: string, search: string): string {
  const here = `${location}${search ? `?${search}` : ""}`;
  return here === "/" || here.startsWith("/login") ? "/login" : `/login?next=${encodeURIComponent(here)}`;
}

export function RequireSession({ children }: { children: (user: AdminUser) => ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const feedback = useFeedback();
  const networkFailure = session.isError && httpStatus(session.error) !== 401;

  useEffect(() => {
    if (networkFailure) feedback.error(A.login.authErrorTitle, A.login.authErrorText);
  }, [networkFailure, feedback]);

  // Also while re-checking after a sign-in: the cached answer may still be "signed out".
  if (session.isPending || (session.isFetching && !session.data) || leavingForSignIn) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: "100vh" }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (session.isError || !session.data) return <Redirect to={loginPathFor(location, search)} replace />;
  return <>{children(session.data)}</>;
}
