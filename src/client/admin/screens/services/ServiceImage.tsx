import { PictureOutlined } from "@ant-design/icons";
import { Flex, Typography } from "antd";
import { useLoadFailed } from "../../../lib/load-failed";
import { C } from "../../text-content";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/**
 * An image of a list card or a preview: the placeholder when the address fails to load, a quiet
 * "No image" box when there is none.
 */
export function ServiceImage({
  src,
  alt,
  height,
  testId,
}: {
  src: string | null | undefined;
  alt: string;
  height: number;
  testId?: string;
}) {
  const [broken, setBroken] = useLoadFailed(src);
  if (!src) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={4}
        style={{ height, background: "#eef3f3", color: "#7a8b8c" }}
        data-testid={testId}
      >
        <PictureOutlined style={{ fontSize: 28 }} aria-hidden />
        <Typography.Text type="secondary">{C.services.noImage}</Typography.Text>
      </Flex>
    );
  }
  return (
    <img
      src={broken ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      onError={() => setBroken(true)}
      data-testid={testId}
      style={{ width: "100%", height, objectFit: "cover", display: "block", background: "#eef3f3" }}
    />
  );
}
