import { KeyOutlined, LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Card, Checkbox, Divider, Form, Input, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { LOGO_PATH } from "../../../../shared/clinic";
import { useClinic } from "../../clinic";
import { useAction } from "../../save";
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { asksForSecondFactor, useFeedback, type SecondStep } from "../../feedback";
import { P } from "../../text-passkeys";
import { A } from "../../text";
import { signInLands } from "./landing";
import { usePasskeySignIn } from "./passkey-sign-in";
import { SESSION_TEXT } from "../../text-sessions";

/**
 * Sign-in (admin-portal.md sections 2, 4, 5 and 8): username and password; when the server answers 422
 * with requiresTwoFactor, a second step takes the authenticator code (6 digits) or a backup code, or,
 * for an account with a passkey, the passkey (the 422 carries its challenge; issue 34: the password alone
 * never signs in an account that has a second factor).
 * Success goes to /admin/dashboard, or back to the page that sent the user here. "Keep me signed in on
 * this device" asks for a cookie that outlives the browser (12 hours at most; docs/decisions/0054).
 * "Sign in with a passkey" signs in with a passkey alone, and where the browser offers passkeys in the
 * username field's suggestions (conditional mediation) they are offered there too (./passkey-sign-in.ts).
 */
type Credentials = { username: string; password: string; keepSignedIn?: boolean };
type SignInPayload = Credentials & { twoFactorToken?: string; backupCode?: string; passkey?: { attemptId: string; response: never } };

export default function LoginScreen() {
  const [, setLocation] = useLocation();
  const search = useSearch();
  const feedback = useFeedback();
  const clinic = useClinic();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [backupCode, setBackupCode] = useState("");
  // A wrong password answers 401: on this page that is an answer, not a session that ended.
  const { running: signingIn, run } = useAction({ expects401: true });

  useEffect(() => {
    document.title = `Sign In | Admin | ${clinic.shortName}`;
  }, [clinic.shortName]);

  const destination = () => {
    const next = new URLSearchParams(search).get("next");
    return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/login") ? next : "/dashboard";
  };

  const submit = async (payload: SignInPayload, secondStepSent: boolean) => {
    const answer = await run({
      write: async (api) => {
        try {
          await api.auth.login.mutate(payload);
          return { step: "signed-in" as const, lands: await signInLands(api) };
        } catch (error) {
          // The server's 422 with requiresTwoFactor is not a failure: it asks for the second step.
          const asked = asksForSecondFactor(error);
          if (asked) return { step: "second-factor" as const, asked };
          throw error;
        }
      },
      success: (result) =>
        result.step === "signed-in"
          ? result.lands
            ? A.login.success
            : null
          : result.asked.code
            ? { info: [A.login.twoFactorRequiredTitle, A.login.twoFactorRequiredText] }
            : { info: [A.login.twoFactorRequiredTitle, P.login.secondStepText] },
      failure: (message) =>
        message === null
          ? [A.login.errorTitle, A.login.unexpected]
          : [A.login.failedTitle, message || (secondStepSent ? A.login.invalidCode : A.login.invalidCredentials)],
      refresh: ["ownAccount"],
    });
    if (!answer.ok) return false;
    if (answer.result.step === "second-factor") {
      setCredentials({ username: payload.username, password: payload.password, keepSignedIn: payload.keepSignedIn });
      setSecondStep(answer.result.asked);
    } else setLocation(destination(), { replace: true });
    return true;
  };

  /** The second step with the account's passkey: the browser answers the 422's challenge, then the same sign-in again with it. */
  const passkeyAsSecondStep = async () => {
    const challenge = secondStep?.passkey;
    if (!credentials || !challenge) return;
    let response: AuthenticationResponseJSON;
    try {
      response = await startAuthentication({ optionsJSON: challenge.options as unknown as PublicKeyCredentialRequestOptionsJSON });
    } catch (error) {
      feedback.error(
        P.login.failedTitle,
        error instanceof Error && error.name === "NotAllowedError" ? P.login.cancelled : P.login.secondStepUnsupported,
      );
      return;
    }
    // A challenge answers once: after a refusal (its toast stays) the first step starts again for a new one.
    if (!(await submit({ ...credentials, passkey: { attemptId: challenge.attemptId, response: response as never } }, true))) backToLogin();
  };

  const [form] = Form.useForm<Credentials>();
  // A passkey sign-in honours "Keep me signed in" as the password does.
  const passkeys = usePasskeySignIn(
    run,
    () => setLocation(destination(), { replace: true }),
    credentials === null,
    () => form.getFieldValue("keepSignedIn") === true,
  );

  const submitSecondStep = () => {
    if (!credentials) return;
    if (method === "totp") {
      if (!code.trim()) return feedback.error(A.login.codeRequiredTitle, A.login.codeRequiredText);
      return submit({ ...credentials, twoFactorToken: code.trim() }, true);
    }
    if (!backupCode.trim()) return feedback.error(A.login.backupRequiredTitle, A.login.backupRequiredText);
    return submit({ ...credentials, backupCode: backupCode.trim() }, true);
  };

  const backToLogin = () => {
    setCode("");
    setBackupCode("");
    setMethod("totp");
    setCredentials(null);
    setSecondStep(null);
  };
  const passkeyHere = typeof window !== "undefined" && browserSupportsWebAuthn();

  return (
    <main className="admin-login">
      <Card>
        <div className="admin-login-brand">
          <img src={LOGO_PATH} alt="" width={40} height={40} />
          <Typography.Text strong>{clinic.name}</Typography.Text>
        </div>
        {credentials === null ? (
          <>
            <Typography.Title level={1} style={{ fontSize: 26, marginTop: 8 }}>
              {A.login.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{A.login.subtitle}</Typography.Paragraph>
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={(values: Credentials) => submit(values, false)}
              disabled={signingIn}
            >
              <Form.Item
                name="username"
                label={A.login.username}
                rules={[{ required: true, whitespace: true, message: A.login.usernameRequired }]}
              >
                <Input prefix={<UserOutlined />} autoComplete="username webauthn" autoFocus size="large" />
              </Form.Item>
              <Form.Item name="password" label={A.login.password} rules={[{ required: true, message: A.login.passwordRequired }]}>
                <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
              </Form.Item>
              <Form.Item name="keepSignedIn" valuePropName="checked" extra={SESSION_TEXT.keepSignedInHelp}>
                <Checkbox>{SESSION_TEXT.keepSignedIn}</Checkbox>
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={signingIn}>
                {A.login.signIn}
              </Button>
            </Form>
            {passkeys.supported ? (
              <>
                <Divider plain>{passkeys.text.or}</Divider>
                <Button
                  block
                  size="large"
                  icon={<KeyOutlined />}
                  onClick={() => void passkeys.signIn()}
                  loading={passkeys.busy}
                  disabled={signingIn}
                >
                  {passkeys.text.signIn}
                </Button>
              </>
            ) : null}
          </>
        ) : (
          <>
            <Typography.Title level={1} style={{ fontSize: 24, marginTop: 8 }}>
              <SafetyOutlined /> {A.login.twoFactorTitle}
            </Typography.Title>
            {secondStep?.passkey ? (
              <>
                <Typography.Paragraph>{passkeyHere ? P.login.secondStepText : P.login.secondStepUnsupported}</Typography.Paragraph>
                <Button
                  type={secondStep.code ? "default" : "primary"}
                  block
                  size="large"
                  icon={<KeyOutlined />}
                  onClick={() => void passkeyAsSecondStep()}
                  loading={signingIn}
                  disabled={!passkeyHere}
                >
                  {P.login.secondStepButton}
                </Button>
                {secondStep.code ? <Divider plain>{P.login.orCode}</Divider> : null}
              </>
            ) : null}
            {secondStep?.passkey && !secondStep.code ? (
              <Button block style={{ marginTop: 12 }} onClick={backToLogin}>
                {A.login.backToLogin}
              </Button>
            ) : (
              <Form layout="vertical" onFinish={submitSecondStep} disabled={signingIn}>
                {method === "totp" ? (
                  <Form.Item label={A.login.codeLabel} extra={A.login.codeHelp} htmlFor="totp-code">
                    <Input
                      id="totp-code"
                      value={code}
                      onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
                      maxLength={6}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      autoFocus
                      size="large"
                      style={{ letterSpacing: "0.3em", fontSize: 20 }}
                    />
                  </Form.Item>
                ) : (
                  <Form.Item label={A.login.backupLabel} extra={A.login.backupHelp} htmlFor="backup-code">
                    <Input
                      id="backup-code"
                      value={backupCode}
                      onChange={(e) => setBackupCode(e.target.value)}
                      autoComplete="off"
                      autoFocus
                      size="large"
                    />
                  </Form.Item>
                )}
                <Space direction="vertical" style={{ width: "100%" }}>
                  <Button type="primary" htmlType="submit" block size="large" loading={signingIn}>
                    {A.login.verify}
                  </Button>
                  <Button type="link" block onClick={() => setMethod(method === "totp" ? "backup" : "totp")}>
                    {method === "totp" ? A.login.useBackup : A.login.useAuthenticator}
                  </Button>
                  <Button block onClick={backToLogin}>
                    {A.login.backToLogin}
                  </Button>
                </Space>
              </Form>
            )}
          </>
        )}
      </Card>
    </main>
  );
}
