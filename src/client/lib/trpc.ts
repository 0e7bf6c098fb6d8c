import { createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { MAX_TRPC_BATCH, mustTravelAlone } from "../../shared/trpc-batching";
import { transformer } from "../../shared/transformer";
import type { AppRouter } from "./api-types";
import { progressFetch, type UploadProgress } from "./upload-fetch";

/**
 * The typed tRPC React hooks of the admin portal. (The public pages use the lighter vanilla client in
 * src/client/public/api.ts, to stay inside their JavaScript budget.)
 */
export const trpc = createTRPCReact<AppRouter>();

/**
 * Batched GETs for reads and JSON posts for writes (at most the server's batch size), one multipart
 * post for forms carrying files, and sign-in and account security calls on their own (the server
 * refuses them in a batch).
 */
export function createTrpcReactClient(url = "/trpc") {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input) || mustTravelAlone(op.path),
        true: httpLink({ url, transformer }),
        false: httpBatchLink({ url, transformer, maxURLLength: 4000, maxItems: MAX_TRPC_BATCH }),
      }),
    ],
  });
}

/**
 * A client for one write that shows its upload's progress (save.ts): its multipart posts go to the same
 * address through XMLHttpRequest (progressFetch), which reports how much is sent; anything else it
 * sends (JSON) goes as the portal's client sends it.
 */
export function createUploadClient(onProgress: (progress: UploadProgress) => void, url = "/trpc") {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url, transformer, fetch: progressFetch(onProgress) }),
        false: httpLink({ url, transformer }),
      }),
    ],
  });
}
