import { httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { transformer } from "../../shared/transformer";
import type { AppRouter } from "../../server/routers";

/**
 * The typed tRPC React hooks of the admin portal. (The public pages use the lighter vanilla client in
 * src/client/public/api.ts, to stay inside their JavaScript budget.)
 */
export const trpc = createTRPCReact<AppRouter>();

/** Batched GETs for reads, JSON posts for writes, one multipart post for forms carrying files. */
export function createTrpcReactClient(url = "/trpc") {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url, transformer }),
        false: httpBatchLink({ url, transformer, maxURLLength: 4000 }),
      }),
    ],
  });
}
