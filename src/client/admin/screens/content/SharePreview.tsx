import { Card, Flex, Typography } from "antd";
import { S } from "../../text-site";

const T = S.content;

/**
 * The preview of a page's share texts (its title and description; issue 27): how a search result or a
 * shared link shows them, with the unsaved text in place of the saved one. They show nowhere on the
 * page itself, so the live page preview would show no change.
 */
export function SharePreview({ path, title, description }: { path: string; title: string; description: string | null }) {
  return (
    <Card size="small" title={T.sharePreviewTitle} data-testid="content-share-preview">
      <Flex vertical gap={4} style={{ maxWidth: 600 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {location.origin}
          {path}
        </Typography.Text>
        <Typography.Text style={{ fontSize: 18, color: "#1a0dab" }} data-testid="share-preview-title">
          {title}
        </Typography.Text>
        {description === null ? (
          <Typography.Text type="secondary">{T.sharePreviewNoDescription}</Typography.Text>
        ) : (
          <Typography.Text style={{ color: "#4d5156" }} data-testid="share-preview-description">
            {description}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ marginTop: 8 }}>
          {T.sharePreviewHint}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
