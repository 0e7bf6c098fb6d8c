import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFeedback } from "../../feedback";
import { useAction, type SaveResult, type SaveStep } from "../../save";
import { A } from "../../text";
import { P } from "../../text-passkeys";
import { signInLands } from "./landing";

/**
 * Signing in with a passkey alone: the server's challenge (passkeys.signInStart), the browser's
 * navigator.credentials.get (through @simplewebauthn/browser), and the answer (passkeys.signIn), sent
 * through the sign-in page's own write so it shows the same toasts. Where the browser supports
 * conditional mediation, a quiet request waits from the start for a passkey picked among the username
 * field's suggestions (autocomplete="username webauthn"); the button starts a request of its own
 * (which ends the quiet one).
 */
type Run = <Result>(step: SaveStep<Result>) => Promise<SaveResult<Result>>;

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || (error as { code?: string }).code === "ERROR_CEREMONY_ABORTED");
}

export function usePasskeySignIn(run: Run, onSignedIn: () => void, active: boolean, keepSignedIn: () => boolean) {
  const feedback = useFeedback();
  const { run: runStart } = useAction();
  const [busy, setBusy] = useState(false);
  const supported = typeof window !== "undefined" && browserSupportsWebAuthn();
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  const keep = useRef(keepSignedIn);
  keep.current = keepSignedIn;

  const ceremony = useCallback(
    async (autofill: boolean) => {
      if (!autofill) setBusy(true);
      try {
        const started = await runStart({ write: (api) => api.passkeys.signInStart.mutate(), success: null, failure: P.login.failedTitle });
        if (!started.ok) return;
        let response: AuthenticationResponseJSON;
        try {
          response = await startAuthentication({
            optionsJSON: started.result.options as PublicKeyCredentialRequestOptionsJSON,
            useBrowserAutofill: autofill,
          });
        } catch (error) {
          // A quiet request ends quietly: another request replaced it, the page moved on, or the browser declined it.
          if (!autofill && !isAbort(error)) {
            feedback.error(
              P.login.failedTitle,
              error instanceof Error && error.name === "NotAllowedError" ? P.login.cancelled : P.login.unsupported,
            );
          }
          return;
        }
        const answer = await run({
          write: async (api) => {
            await api.passkeys.signIn.mutate({
              attemptId: started.result.attemptId,
              response: response as never,
              keepSignedIn: keep.current(),
            });
            return signInLands(api);
          },
          success: (lands) => (lands ? A.login.success : null),
          failure: (message) => [P.login.failedTitle, message ?? A.login.unexpected],
          refresh: ["ownAccount"],
        });
        if (answer.ok) signedIn.current();
      } finally {
        if (!autofill) setBusy(false);
      }
    },
    [run, runStart, feedback],
  );

  // The quiet request starts once per visit of the first step, not again when the callbacks change
  // identity: the effect reads the latest ceremony through a ref.
  const latestCeremony = useRef(ceremony);
  latestCeremony.current = ceremony;
  useEffect(() => {
    if (!active || !supported) return;
    let left = false;
    void browserSupportsWebAuthnAutofill().then((available) => {
      if (available && !left) void latestCeremony.current(true);
    });
    return () => {
      left = true;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [active, supported]);

  return { supported, busy, signIn: () => ceremony(false), text: P.login };
}
