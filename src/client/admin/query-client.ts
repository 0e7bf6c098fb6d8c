import { MutationCache, QueryCache } from "@tanstack/react-query";
import { createQueryClient } from "../lib/query-client";
import { httpStatus } from "./feedback";

/**
 * The admin query client: the spec's data defaults, plus one rule for every call: a 401 (session
 * ended: idle, expired, or ended by a super admin) sends the user to the sign-in page, and back to
 * where they were afterwards. The sign-in mutation itself opts out (meta.expects401).
 */
export function createAdminQueryClient(onUnauthorized: () => void) {
  return createQueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (httpStatus(error) === 401) onUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (httpStatus(error) === 401 && !mutation.meta?.expects401) onUnauthorized();
      },
    }),
  });
}
