import { createContext, useCallback, useContext } from "react";
import { asksForFreshCheck } from "./feedback";

/**
 * "Confirm it's you" (docs/decisions/0054): a sensitive act (2FA on or off, a password change, the
 * backup, the inquiries export, a role change, another's password reset) answers 403 with
 * `requiresFreshCheck` when the session's last check is older than 5 minutes. `useFreshCheckRetry()`
 * runs a call and, on that answer, asks for the check (the dialog of components/ConfirmItsYouDialog.tsx,
 * mounted once for the signed-in portal) and runs the call again once it passed. save.ts runs every
 * write through it; the two plain fetch() downloads (the CSV export, the backup) too.
 */
export interface FreshCheck {
  /** Opens the dialog; resolves to whether the check passed (false: cancelled). */
  confirm: () => Promise<boolean>;
}

export const FreshCheckContext = createContext<FreshCheck>({ confirm: async () => false });

export function useFreshCheckRetry() {
  const { confirm } = useContext(FreshCheckContext);
  return useCallback(
    async <Result>(call: () => Promise<Result>): Promise<Result> => {
      try {
        return await call();
      } catch (error) {
        if (!asksForFreshCheck(error) || !(await confirm())) throw error;
        return call();
      }
    },
    [confirm],
  );
}
