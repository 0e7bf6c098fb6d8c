import { MutationCache, QueryCache } from "@tanstack/react-query";
import { createQueryClient } from "../lib/query-client";
import { asksForAccountSetup, httpStatus } from "./feedback";

/**
 * The admin query client: the spec's data defaults, plus one rule for every call: a 401 (session
 * ended: idle, expired, or ended by a super admin) sends the user to the sign-in page, and back to
 * where they were afterwards. The sign-in mutation itself opts out (meta.expects401). A 403 that asks
 * for an account-setup step (a password reset by a super admin, a second factor required since) reads
 * the session again, whose answer then shows that step (AccountSetupGate).
 */
export function createAdminQueryClient(onUnauthorized: () => void) {
  const client = createQueryClient({
    queryCache: new QueryCache({ onError: (error) => onFailure(error, false) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onFailure(error, Boolean(mutation.meta?.expects401)),
    }),
  });
  function onFailure(error: unknown, expects401: boolean) {
    if (httpStatus(error) === 401 && !expects401) onUnauthorized();
    else if (asksForAccountSetup(error)) void client.invalidateQueries({ queryKey: [["auth", "session"]] });
  }
  return client;
}
