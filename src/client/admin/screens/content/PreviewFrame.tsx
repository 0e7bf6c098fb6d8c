import { ExportOutlined } from "@ant-design/icons";
import { Card, Flex, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { contentPreviewUrl, PREVIEW_READY, PREVIEW_TEXTS, type PreviewText, type PreviewTexts } from "../../../../shared/content-preview";
import { S } from "../../text-site";

const T = S.content;

/**
 * The live preview beside the text being edited: the public page in a frame (at `?preview=content`,
 * which the server lets this site frame for signed-in staff), sent the unsaved text on every change.
 * The page shows it in place of the saved text (src/client/public/content-preview-listener.ts); visitors keep
 * seeing the saved text until Save. Messages go only to the frame, at this site's origin, and only
 * the frame's own "ready" is heard.
 */
export function PreviewFrame({ path, pageName, text }: { path: string; pageName: string; text: PreviewText | null }) {
  const frame = useRef<HTMLIFrameElement>(null);
  /** How many times the page in the frame said it is ready (again after it reloads or navigates): 0 = not yet. */
  const [ready, setReady] = useState(0);
  const src = contentPreviewUrl(path);
  // Another page in the frame has not said it is ready yet: the count starts again with its address
  // (set while rendering, React's way of adjusting state to a prop, so no render sends to it first).
  const [readyAt, setReadyAt] = useState(src);
  if (readyAt !== src) {
    setReadyAt(src);
    setReady(0);
  }

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (
        event.source === frame.current?.contentWindow &&
        event.origin === location.origin &&
        (event.data as { type?: unknown })?.type === PREVIEW_READY
      )
        setReady((count) => count + 1);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const message: PreviewTexts = { type: PREVIEW_TEXTS, texts: text ? [text] : [] };
    frame.current?.contentWindow?.postMessage(message, location.origin);
  }, [ready, text]);

  return (
    <Card
      size="small"
      title={T.previewTitle(pageName)}
      extra={
        <Typography.Link href={path} target="_blank" rel="noopener noreferrer">
          {T.openPage} <ExportOutlined />
        </Typography.Link>
      }
      styles={{ body: { padding: 0 } }}
      data-testid="content-live-preview"
    >
      <Flex vertical>
        <Typography.Text type="secondary" style={{ padding: "8px 12px" }}>
          {T.previewHint}
        </Typography.Text>
        <iframe
          ref={frame}
          src={src}
          title={T.previewTitle(pageName)}
          data-ready={ready > 0 ? "true" : "false"}
          style={{ width: "100%", height: "min(75vh, 900px)", border: 0, borderTop: "1px solid #f0f0f0", background: "#fff" }}
        />
      </Flex>
    </Card>
  );
}
