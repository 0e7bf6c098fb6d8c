import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Card, Form, Input, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { LOGO_PATH } from "../../../../shared/clinic";
import { useClinic } from "../../clinic";
import { trpc } from "../../../lib/trpc";
import { useRefresh } from "../../save";
import { asksForSecondFactor, serverMessage, useFeedback } from "../../feedback";
import { A } from "../../text";

/**
 * Sign-in (admin-portal.md sections 2, 4, 5 and 8): username and password; when the server answers 422
 * with requiresTwoFactor, a second step takes the authenticator code (6 digits) or a backup code.
 * Success goes to /admin/dashboard, or back to the page that sent the user here.
 */
type Credentials = { username: string; password: string };

export default function LoginScreen() {
  const [, setLocation] = useLocation();
  const search = useSearch();
  const feedback = useFeedback();
  const refresh = useRefresh();
  const clinic = useClinic();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [backupCode, setBackupCode] = useState("");
  const login = trpc.auth.login.useMutation({ meta: { expects401: true } });

  useEffect(() => {
    document.title = `Sign In | Admin | ${clinic.shortName}`;
  }, [clinic.shortName]);

  const destination = () => {
    const next = new URLSearchParams(search).get("next");
    return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/login") ? next : "/dashboard";
  };

  const submit = async (payload: Credentials & { twoFactorToken?: string; backupCode?: string }, secondStep: boolean) => {
    try {
      await login.mutateAsync(payload);
      feedback.success(A.login.success);
      await refresh("ownAccount");
      setLocation(destination(), { replace: true });
    } catch (error) {
      if (asksForSecondFactor(error)) {
        setCredentials({ username: payload.username, password: payload.password });
        feedback.info(A.login.twoFactorRequiredTitle, A.login.twoFactorRequiredText);
        return;
      }
      const message = serverMessage(error);
      if (message === null) return feedback.error(A.login.errorTitle, A.login.unexpected);
      feedback.error(A.login.failedTitle, message || (secondStep ? A.login.invalidCode : A.login.invalidCredentials));
    }
  };

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
  };

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
            <Form layout="vertical" requiredMark={false} onFinish={(values: Credentials) => submit(values, false)} disabled={login.isPending}>
              <Form.Item name="username" label={A.login.username} rules={[{ required: true, whitespace: true, message: A.login.usernameRequired }]}>
                <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
              </Form.Item>
              <Form.Item name="password" label={A.login.password} rules={[{ required: true, message: A.login.passwordRequired }]}>
                <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
                {A.login.signIn}
              </Button>
            </Form>
          </>
        ) : (
          <>
            <Typography.Title level={1} style={{ fontSize: 24, marginTop: 8 }}>
              <SafetyOutlined /> {A.login.twoFactorTitle}
            </Typography.Title>
            <Form layout="vertical" onFinish={submitSecondStep} disabled={login.isPending}>
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
                  <Input id="backup-code" value={backupCode} onChange={(e) => setBackupCode(e.target.value)} autoComplete="off" autoFocus size="large" />
                </Form.Item>
              )}
              <Space direction="vertical" style={{ width: "100%" }}>
                <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
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
          </>
        )}
      </Card>
    </main>
  );
}
