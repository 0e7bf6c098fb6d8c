import { Flex, Typography } from "antd";
import { useEffect, type ReactNode } from "react";
import { useClinic } from "../clinic";

/** The heading of an admin screen (and the browser tab's title), with actions on the right. */
export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: ReactNode; extra?: ReactNode }) {
  const shortName = useClinic().shortName;
  useEffect(() => {
    document.title = `${title} | Admin | ${shortName}`;
  }, [title, shortName]);
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 24 }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>{subtitle}</Typography.Paragraph> : null}
      </div>
      {extra ? <Flex gap={8} wrap>{extra}</Flex> : null}
    </Flex>
  );
}
