import { randomUUID } from "node:crypto";
import type { Context as HonoContext } from "hono";

/**
 * The server's error log: one JSON line per failure on stderr, with the request id (which the JSON
 * error answer also carries, so a user's report can be matched to its line), the method, the route
 * pattern, the status, and the error's class and SQLSTATE. Never an error message, a stack, SQL, its
 * parameters or a request body: those can hold the names, e-mails, phones and health details of
 * inquiries, or passwords.
 */
export interface ErrorLogEntry {
  requestId: string;
  method: string;
  route: string;
  status: number;
  errorClass: string;
  code?: string;
}

export function logRequestError(entry: ErrorLogEntry): void {
  const line = { level: entry.status >= 500 ? "error" : "warn", time: new Date().toISOString(), ...entry };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

/** A failure of work the server does by itself (housekeeping, retention): the same rules, no request. */
export function logTaskError(task: string, error: unknown): void {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const line = {
    level: "error",
    time: new Date().toISOString(),
    task,
    errorClass: error instanceof Error ? error.constructor.name : typeof error,
    ...(typeof code === "string" ? { code } : {}),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

const REQUEST_ID_KEY = "requestId";

/** The request's id, made when first asked for (most answers never need one). */
export function requestIdOf(c: HonoContext): string {
  let id = c.get(REQUEST_ID_KEY as never) as string | undefined;
  if (!id) {
    id = randomUUID();
    c.set(REQUEST_ID_KEY as never, id as never);
  }
  return id;
}
