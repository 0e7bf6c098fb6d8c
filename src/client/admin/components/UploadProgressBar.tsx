import { Flex, Progress, Typography } from "antd";
import type { UploadProgress } from "../save";
import { A } from "../text";

/**
 * A photo upload's progress, from a write with `showsUpload` (save.ts): a bar with the percentage sent,
 * then a full, moving bar with "Processing…" while the server re-encodes the photo (its other sizes
 * are made in the background after that). Nothing when no upload runs.
 */
export function UploadProgressBar({ upload }: { upload: UploadProgress | null | undefined }) {
  if (!upload) return null;
  const processing = upload.stage === "processing";
  const percent = processing ? 100 : upload.percent;
  return (
    <Flex vertical gap={2} data-testid="upload-progress" role="status" aria-live="polite">
      <Progress percent={percent} status="active" showInfo={!processing} aria-label={A.image.progressLabel} />
      <Typography.Text type="secondary">{processing ? A.image.processing : A.image.sending(percent)}</Typography.Text>
    </Flex>
  );
}
