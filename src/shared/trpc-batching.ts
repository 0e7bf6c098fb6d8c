/**
 * How tRPC calls may be batched, shared by the server (which refuses anything else with a 400) and the
 * browser clients (which never send anything else).
 * - A batch holds at most MAX_TRPC_BATCH calls: one request cannot carry unbounded work.
 * - Sign-in and the other auth procedures (and the passkeys') travel alone: a batch must never let one request try many
 *   passwords or codes.
 */
export const MAX_TRPC_BATCH = 10;

export function mustTravelAlone(path: string): boolean {
  return path.startsWith("auth.") || path.startsWith("passkeys.");
}

export const BATCH_MESSAGES = {
  authInBatch: "Sign-in and account security calls cannot be batched: send each on its own.",
} as const;
