import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Col, Empty, Row, Skeleton, Typography, type ColProps, type SkeletonProps } from "antd";
import type { ReactNode } from "react";
import { ListError } from "./ListError";
import { PageHeader } from "./PageHeader";

/** A list screen's header: title, subtitle and its Add button. */
function ListHeader({ title, subtitle, addLabel, onAdd }: { title: string; subtitle: string; addLabel: string; onAdd: () => void }) {
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

/** A list screen's words: its header, and its empty state (title, text and the "add the first" button). */
export interface ListTexts {
  title: string;
  subtitle: string;
  add: string;
  empty: string;
  emptyText: string;
  addFirst: string;
}

/** A list screen: the header with Add, then the list's states (ListStates) or its content. */
export function ListScreen({ texts, onAdd, ...states }: Omit<Parameters<typeof ListStates>[0], "texts"> & { texts: ListTexts }) {
  return (
    <>
      <ListHeader title={texts.title} subtitle={texts.subtitle} addLabel={texts.add} onAdd={onAdd} />
      <ListStates texts={texts} onAdd={onAdd} {...states} />
    </>
  );
}

/** Three skeleton cards in the grid of a card list. */
export function CardGridSkeleton({ columns, avatar }: { columns: ColProps; avatar: SkeletonProps["avatar"] }) {
  return (
    <Row gutter={[16, 16]}>
      {[0, 1, 2].map((i) => (
        <Col key={i} xs={24} {...columns}>
          <Card>
            <Skeleton active avatar={avatar} />
          </Card>
        </Col>
      ))}
    </Row>
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
  texts,
  onAdd,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  count: number;
  loading: ReactNode;
  errorTitle: string;
  /** The empty state's words: its title, its text and the "add the first" button. */
  texts: { empty: string; emptyText: string; addFirst: string };
  onAdd: () => void;
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
            <Typography.Text strong>{texts.empty}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{texts.emptyText}</Typography.Text>
          </>
        }
      >
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {texts.addFirst}
        </Button>
      </Empty>
    </Card>
  );
}
