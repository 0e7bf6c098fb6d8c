import { App } from "antd";
import { TRPCClientError } from "@trpc/client";
import { useMemo } from "react";

/**
 * Toasts of the admin portal through antd's notification (one at a time, 5 seconds, at the bottom
 * centre: clear of the header's buttons at the top and of the editors' Save bar at the bottom right;
 * configured on <App> in AdminApp.tsx), and the
 * reading of errors. This is the only module that knows the shape of a tRPC error (the server's
 * errors.ts: `{ message, data: { httpStatus, fieldErrors?, requiresTwoFactor?, requiresPasswordChange?, requiresSecondFactor?,
 * requiresFreshCheck? } }`) and of a REST
 * answer's (`{ message, fieldErrors? }`, RestError).
 *
 * `useToasts` is save.ts's: a success is only ever announced by a write that went through it (and a
 * write's failure toast too). `useFeedback` is for what the page finds itself: a file that is not an
 * image, a form with errors, a code left empty, a read that failed (QueryState).
 */
export function useToasts() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title: string, description?: string) => notification.success({ title, description }),
      error: (title: string, description?: string) => notification.error({ title, description }),
      info: (title: string, description?: string) => notification.info({ title, description }),
    }),
    [notification],
  );
}

export function useFeedback() {
  const { error, info } = useToasts();
  return useMemo(() => ({ error, info }), [error, info]);
}

/** A refusal from a REST route (the few calls that are not tRPC: the backup download), read like a tRPC error. */
export class RestError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly requiresFreshCheck?: boolean,
  ) {
    super(message);
  }
}

/** The RestError of a REST answer that is not ok (its JSON body read). */
export async function restErrorOf(response: Response): Promise<RestError> {
  const answer = (await response.json().catch(() => null)) as {
    message?: string;
    fieldErrors?: Record<string, string[]>;
    requiresFreshCheck?: boolean;
  } | null;
  return new RestError(response.status, answer?.message ?? response.statusText, answer?.fieldErrors, answer?.requiresFreshCheck === true);
}

interface ErrorData {
  httpStatus?: number;
  fieldErrors?: Record<string, string[]>;
  requiresTwoFactor?: boolean;
  secondFactors?: Array<"totp" | "passkey">;
  passkeyStep?: { attemptId: string; options: Record<string, unknown> };
  requiresPasswordChange?: boolean;
  requiresSecondFactor?: boolean;
  requiresFreshCheck?: boolean;
}

function errorData(error: unknown): ErrorData | null {
  if (error instanceof RestError)
    return { httpStatus: error.httpStatus, fieldErrors: error.fieldErrors, requiresFreshCheck: error.requiresFreshCheck };
  return error instanceof TRPCClientError && error.data ? (error.data as ErrorData) : null;
}

/** The server's message for a failed call (the REST contract's `message`), or null for a network failure. */
export function serverMessage(error: unknown): string | null {
  return errorData(error) ? (error as Error).message : null;
}

export function httpStatus(error: unknown): number | null {
  return errorData(error)?.httpStatus ?? null;
}

/** The server asks the account to choose a new password or enrol a second factor first (403). */
export function asksForAccountSetup(error: unknown): boolean {
  const data = errorData(error);
  return data?.httpStatus === 403 && (data.requiresPasswordChange === true || data.requiresSecondFactor === true);
}

/** What a sign-in's second step may be: an authenticator or backup code, the account's passkey (with its challenge), or both. */
export interface SecondStep {
  code: boolean;
  passkey: { attemptId: string; options: Record<string, unknown> } | null;
}

/** The sign-in asks for the second factor (HTTP 422 with requiresTwoFactor): which ones, or null when it does not. */
export function asksForSecondFactor(error: unknown): SecondStep | null {
  const data = errorData(error);
  if (data?.httpStatus !== 422 || data.requiresTwoFactor !== true) return null;
  // An older server names no methods: a code, as the spec's second step.
  const methods = data.secondFactors ?? ["totp"];
  return { code: methods.includes("totp"), passkey: methods.includes("passkey") ? (data.passkeyStep ?? null) : null };
}

/** A sensitive act asks for "Confirm it's you" first (HTTP 403 with requiresFreshCheck; fresh-check.ts). */
export function asksForFreshCheck(error: unknown): boolean {
  const data = errorData(error);
  return data?.httpStatus === 403 && data.requiresFreshCheck === true;
}

/**
 * Field messages the server sent, to show at the form's fields: a 400 names the fields that failed
 * validation, a 409 (a duplicate) the field that must be unique (e.g. `{ slug: [message] }`). The
 * whole-form entry `_` is left out.
 */
export function fieldErrors(error: unknown): Record<string, string[]> {
  const all = errorData(error)?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(all).filter(([name]) => name !== "_"));
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  413: "Payload Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The status of a failed read and its standard wording (for "HTTP {status}: {statusText}"), or null. */
export function statusLine(error: unknown): { status: number; text: string } | null {
  const status = httpStatus(error);
  return status ? { status, text: STATUS_TEXT[status] ?? "Error" } : null;
}

/** Any error's own words (a network failure's included), for a line that must say something. */
export function anyMessage(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}
