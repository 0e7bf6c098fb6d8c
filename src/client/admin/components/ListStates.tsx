import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Empty, Typography } from "antd";
import type { ReactNode } from "react";
import { ListError } from "./ListError";
import { PageHeader } from "./PageHeader";

/** A list screen's header: title, subtitle and its Add button. */
export function ListHeader({ title, subtitle, addLabel, onAdd }: { title: string; subtitle: string; addLabel: string; onAdd: () => void }) {
  return (
    <PageHeader
      title={title}
      subtitle={subtitle}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
      }
    />
  );
}

/**
 * The states of a list screen before its content: loading (`loading`, a skeleton of the screen's
 * shape), failed (with Try Again), and empty (the spec's words and an "add the first" button).
 */
export function ListStates({
  query,
  count,
  loading,
  errorTitle,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  count: number;
  loading: ReactNode;
  errorTitle: string;
  empty: { title: string; text: string; addLabel: string; onAdd: () => void };
  children: ReactNode;
}) {
  if (query.isError) return <ListError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <>{loading}</>;
  if (count > 0) return <>{children}</>;
  return (
    <Card>
      <Empty
        description={
          <>
            <Typography.Text strong>{empty.title}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{empty.text}</Typography.Text>
          </>
        }
      >
        <Button type="primary" icon={<PlusOutlined />} onClick={empty.onAdd}>
          {empty.addLabel}
        </Button>
      </Empty>
    </Card>
  );
}
