import { Flex, Typography } from "antd";
import type { ReactNode } from "react";

/** A table cell's main text with a smaller, secondary line under it when there is one. */
export function WithDetail({ children, detail, align }: { children: ReactNode; detail?: ReactNode; align?: "flex-start" }) {
  return (
    <Flex vertical align={align} gap={align ? 2 : 0}>
      {children}
      {detail ? (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {detail}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
