import type { z } from "zod";
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { KeyOutlined } from "@ant-design/icons";
import { Button, Divider, Form, Input, Typography } from "antd";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { confirmInput } from "../../../shared/schemas/sessions";
import { fieldOf } from "../forms";
import { FreshCheckContext, type FreshCheck } from "../fresh-check";
import { useAction } from "../save";
import { useSession } from "../session";
import { SESSION_TEXT } from "../text-sessions";
import { DialogForm, FormDialog, type DialogControls } from "./FormDialog";

const T = SESSION_TEXT.confirm;

/**
 * The one "Confirm it's you" dialog of the signed-in portal (fresh-check.ts): opened when a sensitive
 * act answers 403 with `requiresFreshCheck`; the password and, with 2FA, a code go to auth.confirm;
 * the act then runs again. Cancelling leaves the act refused.
 */
export function FreshCheckProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<Array<(passed: boolean) => void>>([]);
  const passed = useRef(false);
  // The dialog closed: after a passed check (its form closes it) or cancelled.
  const settle = useCallback(() => {
    setOpen(false);
    const resolvers = waiting.current;
    waiting.current = [];
    for (const resolve of resolvers) resolve(passed.current);
    passed.current = false;
  }, []);
  const value = useMemo<FreshCheck>(
    () => ({
      confirm: () =>
        new Promise<boolean>((resolve) => {
          waiting.current.push(resolve);
          setOpen(true);
        }),
    }),
    [],
  );
  return (
    <FreshCheckContext.Provider value={value}>
      {children}
      <FormDialog open={open} title={T.title} width={460} onClose={settle}>
        {(controls) => <ConfirmForm controls={controls} onConfirmed={() => (passed.current = true)} />}
      </FormDialog>
    </FreshCheckContext.Provider>
  );
}

type Values = z.input<typeof confirmInput>;

function ConfirmForm({ controls, onConfirmed }: { controls: DialogControls; onConfirmed: () => void }) {
  const session = useSession().data;
  const twoFactor = session?.twoFactorEnabled === true;
  // A passkey confirms in one step (it is something one has, unlocked on the device), where the browser can use one.
  const passkey = session?.hasPasskey === true && typeof window !== "undefined" && browserSupportsWebAuthn();
  // Without an authenticator app, the passkey is the account's only second factor: the password alone is
  // not offered (the server refuses it too).
  const passkeyOnly = session?.hasPasskey === true && !twoFactor;
  const [form] = Form.useForm<Values>();
  const { running, run } = useAction();
  const submit = async (values: Values) => {
    const done = await run({
      form,
      fieldErrorsOnly: true,
      refusalField: "password",
      write: (api) => api.auth.confirm.mutate({ password: values.password, code: values.code || undefined }),
      success: null,
      failure: T.failed,
    });
    if (done.ok) onConfirmed();
    return done.ok;
  };
  const withPasskey = async () => {
    controls.setBusy(true);
    try {
      const started = await run({ write: (api) => api.passkeys.checkStart.mutate(), success: null, failure: T.failed });
      if (!started.ok) return;
      let response: AuthenticationResponseJSON;
      try {
        response = await startAuthentication({ optionsJSON: started.result.options as PublicKeyCredentialRequestOptionsJSON });
      } catch {
        return; // cancelled at the device, or no passkey there: the password stays on offer
      }
      const done = await run({
        write: (api) => api.passkeys.check.mutate({ response: response as never }),
        success: null,
        failure: T.failed,
      });
      if (done.ok) {
        onConfirmed();
        controls.close();
      }
    } finally {
      controls.setBusy(false);
    }
  };
  if (passkeyOnly) {
    return (
      <DialogForm
        form={form}
        controls={controls}
        saving={running}
        okText={T.withPasskey}
        okDisabled={!passkey}
        onFinish={async () => {
          await withPasskey();
          return false;
        }}
        testId="confirm-its-you"
      >
        <Typography.Paragraph>{passkey ? T.introPasskey : T.noPasskeyHere}</Typography.Paragraph>
      </DialogForm>
    );
  }
  return (
    <DialogForm form={form} controls={controls} saving={running} okText={T.ok} onFinish={submit} testId="confirm-its-you">
      {passkey ? (
        <>
          <Button block icon={<KeyOutlined />} onClick={() => void withPasskey()} disabled={running}>
            {T.withPasskey}
          </Button>
          <Divider plain>{T.orPassword}</Divider>
        </>
      ) : null}
      <Typography.Paragraph>{twoFactor ? T.introTwoFactor : T.intro}</Typography.Paragraph>
      <Form.Item {...fieldOf(confirmInput, "password")} label={T.password} required>
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      {twoFactor ? (
        <Form.Item name="code" label={T.code} required extra={T.codeHelp} rules={[{ required: true, message: T.codeHelp }]}>
          <Input autoComplete="one-time-code" maxLength={40} style={{ maxWidth: 220 }} />
        </Form.Item>
      ) : null}
    </DialogForm>
  );
}
