import { httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { MAX_TRPC_BATCH, mustTravelAlone } from "../../shared/trpc-batching";
import { transformer } from "../../shared/transformer";
import type { AppRouter } from "./api-types";

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
