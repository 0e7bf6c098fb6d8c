import { CheckOutlined, CopyOutlined, DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal } from "antd";
import { useEffect, useState, type CSSProperties } from "react";
import { DEFAULT_CLINIC } from "../../../../shared/clinic";
import { useClinic } from "../../clinic";
import { useFeedback } from "../../feedback";
import { U } from "../../text-users";
import { formatDateTime } from "../../components/staff";

/**
 * The 10 backup codes, shown once right after 2FA is turned on. The dialog closes only through its
 * "I have saved my codes" button (no click outside, no Esc), and offers copying and a .txt download.
 */
const T = U.account.backupCodes;

const LIST_STYLE: CSSProperties = {
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "8px 32px",
  margin: 0,
  padding: "16px 16px 16px 40px",
  background: "#f5f7f6",
  borderRadius: 8,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
};

export function backupCodesFile(codes: string[], username: string, now = new Date(), clinicName = DEFAULT_CLINIC.name): string {
  return `${T.fileHeader(clinicName, username, formatDateTime(now))}\n${codes.join("\n")}\n`;
}

export function BackupCodesDialog({ codes, username, onClose }: { codes: string[] | null; username: string; onClose: () => void }) {
  const feedback = useFeedback();
  const clinic = useClinic();
  const [copied, setCopied] = useState(false);
  // Keeps the codes on screen during the closing animation.
  const [shown, setShown] = useState<string[]>([]);
  useEffect(() => {
    if (codes) {
      setShown(codes);
      setCopied(false);
    }
  }, [codes]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.join("\n"));
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      feedback.error(T.copyFailed);
    }
  };

  const download = () => {
    const blob = new Blob([backupCodesFile(shown, username, new Date(), clinic.name)], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = T.fileName(username);
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Modal
      open={codes !== null}
      title={T.title}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={560}
      footer={
        <Flex gap={8} wrap justify="flex-end">
          <Button icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={copy}>
            {copied ? T.copied : T.copy}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={download}>
            {T.download}
          </Button>
          <Button type="primary" onClick={onClose}>
            {T.done}
          </Button>
        </Flex>
      }
    >
      <Alert type="warning" showIcon title={T.warningTitle} description={T.warningText} style={{ marginBottom: 16 }} />
      <ol aria-label={T.listLabel} style={LIST_STYLE}>
        {shown.map((code) => (
          <li key={code} data-testid="backup-code">
            <code style={{ fontSize: 16, letterSpacing: "0.04em" }}>{code}</code>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
