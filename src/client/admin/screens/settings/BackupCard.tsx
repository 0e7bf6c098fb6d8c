import { DownloadOutlined } from "@ant-design/icons";
import { Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { backupDownloadInput, type BackupDownloadInput } from "../../../../shared/schemas/backup";
import { DialogForm, FormDialog, type DialogControls } from "../../components/FormDialog";
import { restErrorOf } from "../../feedback";
import { fieldOf } from "../../forms";
import { useAction } from "../../save";
import { useSession } from "../../session";
import { I } from "../../text-inquiries";

const T = I.settings.backup;

/**
 * Settings' Backup card (super admins). The button opens a dialog asking the password again, the 2FA
 * code when the account has 2FA, and the passphrase (twice) the archive is encrypted with; then a
 * fetch() POST /api/admin/backup (a POST, so no image or link elsewhere can start one). The answer is
 * gathered in a Blob and saved under the server's file name: the archive of a large site (tens of MB
 * at 50,000 inquiries, docs/performance.md) fits in memory, and a browser cannot stream a POST's answer
 * to disk without a service worker. Wrong answers come back as 400s naming the field, shown there.
 * Restoring is a command (docs/operations.md, Backups and restore).
 */
export function BackupCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card title={T.title} data-testid="settings-backup">
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Typography.Paragraph>{T.safety}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{T.restore}</Typography.Paragraph>
      <Button type="primary" icon={<DownloadOutlined />} onClick={() => setOpen(true)}>
        {T.button}
      </Button>
      <FormDialog open={open} title={T.dialogTitle} width={520} onClose={() => setOpen(false)}>
        {(controls) => <BackupForm controls={controls} />}
      </FormDialog>
    </Card>
  );
}

type Values = BackupDownloadInput & { passphraseAgain: string };

function BackupForm({ controls }: { controls: DialogControls }) {
  const user = useSession().data!;
  const [form] = Form.useForm<Values>();
  const { running: saving, run } = useAction();

  const submit = async (values: Values): Promise<boolean> => {
    const done = await run({
      form,
      write: () => downloadBackup({ password: values.password, code: values.code || undefined, passphrase: values.passphrase }),
      success: [T.downloaded, T.downloadedText],
      failure: T.failed,
    });
    return done.ok;
  };

  return (
    <DialogForm form={form} controls={controls} saving={saving} okText={T.download} onFinish={submit} testId="backup-dialog">
      <Typography.Paragraph>{T.dialogIntro}</Typography.Paragraph>
      <Form.Item {...fieldOf(backupDownloadInput, "password")} label={T.password} required>
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      {user.twoFactorEnabled ? (
        <Form.Item name="code" label={T.code} required extra={T.codeHelp} rules={[{ required: true, message: T.codeHelp }]}>
          <Input autoComplete="one-time-code" maxLength={40} style={{ maxWidth: 220 }} />
        </Form.Item>
      ) : null}
      <Form.Item {...fieldOf(backupDownloadInput, "passphrase")} label={T.passphrase} required extra={T.passphraseHelp}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passphraseAgain"
        label={T.passphraseAgain}
        required
        dependencies={["passphrase"]}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value !== getFieldValue("passphrase")) throw new Error(T.passphraseMismatch);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </DialogForm>
  );
}

/** POST /api/admin/backup, then the answer saved under the server's file name; a refusal throws its message and field messages. */
async function downloadBackup(body: { password: string; code?: string; passphrase: string }): Promise<void> {
  const response = await fetch("/api/admin/backup", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await restErrorOf(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "clinic-backup.jsonl.gz.enc";
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
