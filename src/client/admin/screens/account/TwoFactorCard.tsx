import { SafetyCertificateOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { disableTwoFactorInput, enableTwoFactorInput } from "../../../../shared/schemas/users";
import { fieldOf } from "../../forms";
import { useUnsavedChanges } from "../../navigation";
import { useSession } from "../../session";
import { U } from "../../text-users";
import { DialogForm, FormDialog, type DialogControls } from "../../components/FormDialog";
import { useAction, useSave } from "../../save";
import { ToneTag } from "../../components/tones";
import { BackupCodesDialog } from "./BackupCodesDialog";

/**
 * Two-factor authentication of the signed-in user. Off: "Set up" asks the server for a new key
 * (twoFactorSetup), shows its QR code and the key in groups of four, and a code from the app turns it
 * on (twoFactorEnable), which answers the 10 backup codes, shown once. On: the status, the backup codes
 * left, and turning it off with the password. The session query is refreshed after each change.
 */
const T = U.account.twoFactor;

type Setup = { secret: string; qrCodeDataUrl: string };

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": easier to read and type. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export function TwoFactorCard() {
  const user = useSession().data!;
  const { running: startingSetup, run: runSetup } = useAction();
  const { saving: enabling, run: runEnable } = useSave("ownAccount");
  const [setup, setSetup] = useState<Setup | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);
  const [codeForm] = Form.useForm<{ code: string }>();
  // A scanned but unconfirmed key, or codes not yet saved, must not vanish with a stray click.
  useUnsavedChanges(setup !== null || backupCodes !== null);

  // The new key is the answer: shown as a QR code, no toast.
  const startSetup = () =>
    runSetup({
      write: (api) => api.auth.twoFactorSetup.mutate(),
      onSaved: (answer) => setSetup({ secret: answer.secret, qrCodeDataUrl: answer.qrCodeDataUrl }),
      success: null,
      failure: T.setupFailed,
    });

  const confirm = ({ code }: { code: string }) =>
    runEnable({
      form: codeForm,
      write: (api) => api.auth.twoFactorEnable.mutate({ code }),
      onSaved: (answer) => {
        setBackupCodes(answer.backupCodes);
        setSetup(null);
        codeForm.resetFields();
      },
      success: [T.enabledToast, T.enabledToastText],
      failure: T.enableFailed,
      // A wrong code is a whole-request refusal: its message belongs at the code field.
      refusalField: "code",
    });

  const status = user.twoFactorEnabled ? (
    <ToneTag tone="green" icon={<SafetyCertificateOutlined />}>
      {T.enabled}
    </ToneTag>
  ) : (
    <ToneTag tone="grey">{T.disabled}</ToneTag>
  );

  return (
    <Card title={T.title}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: "status", label: T.status, children: <span data-testid="two-factor-status">{status}</span> },
          ...(user.twoFactorEnabled
            ? [
                {
                  key: "backup",
                  label: T.backupRemaining,
                  children: <span data-testid="backup-codes-remaining">{user.backupCodesRemaining}</span>,
                },
              ]
            : []),
        ]}
        style={{ marginBottom: 16 }}
      />

      {user.twoFactorEnabled ? (
        <>
          <Typography.Paragraph type="secondary">{T.onText}</Typography.Paragraph>
          {user.backupCodesRemaining <= 3 ? <Alert type="warning" showIcon title={T.backupLow} style={{ marginBottom: 16 }} /> : null}
          <Button danger onClick={() => setDisableOpen(true)}>
            {T.turnOff}
          </Button>
        </>
      ) : setup === null ? (
        <>
          <Typography.Paragraph type="secondary">{T.offText}</Typography.Paragraph>
          <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={startSetup} loading={startingSetup}>
            {T.setUp}
          </Button>
        </>
      ) : (
        <Flex vertical gap={16}>
          <ol style={{ margin: 0, paddingLeft: 20, lineHeight: 1.7 }}>
            {T.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <Flex gap={24} wrap align="flex-start">
            <img
              src={setup.qrCodeDataUrl}
              alt={T.qrAlt}
              width={200}
              height={200}
              style={{ border: "1px solid #e5e7eb", borderRadius: 8, flex: "none" }}
            />
            <Flex vertical gap={4} style={{ minWidth: 0, flex: "1 1 220px" }}>
              <Typography.Text type="secondary" id="totp-secret-label">
                {T.secretLabel}
              </Typography.Text>
              <Typography.Text
                code
                copyable={{ text: setup.secret, tooltips: [T.secretCopy, U.account.backupCodes.copied] }}
                data-testid="totp-secret"
                aria-labelledby="totp-secret-label"
                style={{ fontSize: 15, letterSpacing: "0.06em", wordBreak: "break-word" }}
              >
                {groupSecret(setup.secret)}
              </Typography.Text>
            </Flex>
          </Flex>
          <Form form={codeForm} name="two-factor" layout="vertical" onFinish={confirm} disabled={enabling}>
            <Form.Item
              {...fieldOf(enableTwoFactorInput, "code")}
              label={T.codeLabel}
              required
              extra={T.codeHelp}
              normalize={(value: string) => value.replace(/\D/g, "")}
            >
              <Input
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                style={{ maxWidth: 200, letterSpacing: "0.3em", fontSize: 18 }}
              />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={enabling}>
                {T.confirm}
              </Button>
              <Button
                onClick={() => {
                  setSetup(null);
                  codeForm.resetFields();
                }}
              >
                {T.cancelSetup}
              </Button>
            </Space>
          </Form>
        </Flex>
      )}

      <BackupCodesDialog codes={backupCodes} username={user.username} onClose={() => setBackupCodes(null)} />

      <FormDialog open={disableOpen} title={T.turnOffTitle} width={480} onClose={() => setDisableOpen(false)}>
        {(controls) => <TurnOffForm controls={controls} />}
      </FormDialog>
    </Card>
  );
}

/** Turning 2FA off asks for the password; a wrong one is shown at the password field. */
function TurnOffForm({ controls }: { controls: DialogControls }) {
  const [form] = Form.useForm<{ password: string }>();
  const { saving, run } = useSave("ownAccount");
  const submit = async ({ password }: { password: string }) => {
    const saved = await run({
      form,
      write: (api) => api.auth.twoFactorDisable.mutate({ password }),
      success: T.disabledToast,
      failure: T.disableFailed,
      // A wrong password is a whole-request refusal: its message belongs at the password field.
      refusalField: "password",
    });
    return saved.ok;
  };
  return (
    <DialogForm form={form} controls={controls} saving={saving} okText={T.turnOffOk} okDanger onFinish={submit}>
      <Typography.Paragraph>{T.turnOffText}</Typography.Paragraph>
      <Form.Item {...fieldOf(disableTwoFactorInput, "password")} label={T.turnOffPassword} required>
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
    </DialogForm>
  );
}
