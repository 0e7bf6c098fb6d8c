import { App } from "antd";
import { TRPCClientError } from "@trpc/client";
import { useMemo } from "react";

/**
 * Toasts of the admin portal through antd's notification (one at a time, 5 seconds: configured on
 * <App> in AdminApp.tsx), and the reading of errors: the server's message when there is one.
 */
export function useFeedback() {
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

/** The server's message for a failed call (the REST contract's `message`), or null for a network failure. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof TRPCClientError && error.data) return error.message;
  return null;
}

export function httpStatus(error: unknown): number | null {
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? null;
  return null;
}

/** Field messages the server sent with a 400, to show at the form's fields. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (error instanceof TRPCClientError) return ((error.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {});
  return {};
}
