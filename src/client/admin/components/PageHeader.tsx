import { Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { useScreenTitle } from "../current-screen";

/**
 * The heading of an admin screen, with actions on the right. Its title is the screen's page title from
 * the screen table (routes.tsx), which also names the browser tab (ScreenFrame).
 */
export function PageHeader({ subtitle, extra }: { subtitle?: ReactNode; extra?: ReactNode }) {
  const title = useScreenTitle();
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 24 }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? (
          <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>
            {subtitle}
          </Typography.Paragraph>
        ) : null}
      </div>
      {extra ? (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
