import { QueryClient, type MutationCache, type QueryCache } from "@tanstack/react-query";

/**
 * The spec's data defaults (public-site.md sections 7 and 9, admin-portal.md section 9): reads are not
 * retried, results never go stale, no refetch on window focus, no polling; mutations are not retried.
 */
export function createQueryClient(caches: { queryCache?: QueryCache; mutationCache?: MutationCache } = {}): QueryClient {
  return new QueryClient({
    ...caches,
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        // A read that failed on the server (a missing service, say) is not fetched again on hydration.
        retryOnMount: false,
      },
      mutations: { retry: false },
    },
  });
}
