import { DownloadOutlined } from "@ant-design/icons";
import { Button, Card, Typography } from "antd";
import { I } from "../../text-inquiries";

const T = I.settings.backup;

/**
 * Settings' Backup card (super admins): a plain link to GET /api/admin/backup, so the browser streams
 * the archive to disk (named by the server's Content-Disposition) whatever its size; the server checks
 * the role and logs the download. The archive never holds the key. Restoring is a command (README,
 * Backups).
 */
export function BackupCard() {
  return (
    <Card title={T.title} data-testid="settings-backup">
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Typography.Paragraph>{T.safety}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{T.restore}</Typography.Paragraph>
      <Button type="primary" icon={<DownloadOutlined />} href="/api/admin/backup" download>
        {T.button}
      </Button>
    </Card>
  );
}
