import { Button, Result, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { useSave } from "../../save";
import { U } from "../../text-users";

/**
 * /admin/account/confirm-email?token=...: the link mailed to a new e-mail address. Opened signed in (the
 * portal signs in first and comes back here), it confirms the address once and says how it went.
 */
const T = U.account.confirmEmail;

type State = { step: "confirming" } | { step: "done"; email: string } | { step: "failed"; message: string };

export default function ConfirmEmailScreen() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { run } = useSave("ownAccount");
  const [state, setState] = useState<State>(token ? { step: "confirming" } : { step: "failed", message: T.missing });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void run({
      write: (api) => api.auth.confirmEmail.mutate({ token }),
      success: null,
      failure: T.failed,
    }).then((answer) =>
      setState(answer.ok ? { step: "done", email: answer.result.email ?? "" } : { step: "failed", message: answer.message ?? T.failed }),
    );
  }, [token, run]);

  if (state.step === "confirming") return <Spin tip={T.confirming} size="large" style={{ display: "block", marginTop: 48 }} />;
  return (
    <Result
      status={state.step === "done" ? "success" : "error"}
      title={state.step === "done" ? T.doneTitle : T.failedTitle}
      subTitle={state.step === "done" ? T.doneText(state.email) : state.message}
      extra={
        <Link href="/account">
          <Button type="primary">{T.back}</Button>
        </Link>
      }
    />
  );
}
