import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Result,
  Row,
  Skeleton,
  Spin,
  Typography,
  type ColProps,
  type RowProps,
  type SkeletonProps,
} from "antd";
import { useEffect, useRef, type ReactNode } from "react";
import { anyMessage, httpStatus, serverMessage, statusLine, useFeedback } from "../feedback";
import type { Toast } from "../save";
import { A } from "../text";

/**
 * Every read's states before (or around) its content, in one place, as tRPC's createQueryCell does:
 * loading, failed and empty; `children(data)` renders the content once the data is there.
 *
 * - Loading: `loading` (a skeleton in the content's shape) or a spinner, with `loadingText` under it
 *   (and as the name of the status region screen readers announce).
 * - Failed: the failure's title, the spec's "HTTP {status}: {statusText}" and the server's own words,
 *   and Try again (not for a record that no longer exists: a 404, titled `notFound` when given). A whole
 *   screen's read fails as a result in the page; a part's (`compact`: a card, a drawer's section) as an
 *   alert in its place. Where the spec names a toast for the failure, `toast` shows it too, once per
 *   failure. A refresh that fails while data is shown keeps the data and says so above it.
 * - Empty: when `empty.when(data)`, the spec's words (title, text) and the way to add the first one.
 */

/** What QueryState needs of a read: a tRPC `useQuery` result fits. */
export interface Read<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  errorUpdatedAt?: number;
  refetch?: () => unknown;
}

export interface Failed {
  title: string;
  /** The title when the record does not exist (404). */
  notFound?: string;
  /** The failure's toast: its words, or `true` for the title with the server's message. */
  toast?: Toast | true;
  /** More buttons beside Try again (e.g. back to the list). */
  actions?: ReactNode;
}

export interface EmptyState<Data> {
  when: (data: Data) => boolean;
  title: string;
  text?: string;
  /** The way out of the empty state: "Add your first ...". */
  action?: ReactNode;
}

export function QueryState<Data>({
  query,
  failed,
  loading,
  loadingText,
  empty,
  compact = false,
  children,
}: {
  query: Read<Data>;
  failed: string | Failed;
  loading?: ReactNode;
  loadingText?: string;
  empty?: EmptyState<Data>;
  compact?: boolean;
  children: (data: Data) => ReactNode;
}) {
  const failure = typeof failed === "string" ? { title: failed } : failed;
  const title = failure.notFound && httpStatus(query.error) === 404 ? failure.notFound : failure.title;
  const feedback = useFeedback();

  const toast = failure.toast;
  // Once per failure (a new failure has a new errorUpdatedAt), not again when the props change identity:
  // the failure last shown is remembered (null: none since the read last succeeded or started).
  const toasted = useRef<number | undefined | null>(null);
  useEffect(() => {
    if (!query.isError) {
      toasted.current = null;
      return;
    }
    if (toasted.current === query.errorUpdatedAt) return;
    toasted.current = query.errorUpdatedAt;
    if (!toast) return;
    if (toast === true) feedback.error(title, serverMessage(query.error) ?? undefined);
    else if (typeof toast === "string") feedback.error(toast);
    else feedback.error(toast[0], toast[1]);
  }, [query.isError, query.errorUpdatedAt, query.error, toast, title, feedback]);

  const failedView = (inPlace: boolean) => (
    <FailedRead
      title={title}
      error={query.error}
      onRetry={httpStatus(query.error) === 404 ? undefined : query.refetch}
      actions={failure.actions}
      compact={inPlace}
    />
  );

  if (query.isError && query.data === undefined) return failedView(compact);
  if (query.data === undefined) {
    if (loading) {
      return (
        <div role="status" aria-label={loadingText ?? A.common.loading}>
          {loading}
        </div>
      );
    }
    if (compact) {
      return (
        <div role="status" aria-label={loadingText ?? A.common.loading}>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      );
    }
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 48 }} role="status" aria-label={loadingText ? undefined : A.common.loading}>
        <Spin size="large" />
        {loadingText ? <Typography.Text type="secondary">{loadingText}</Typography.Text> : null}
      </Flex>
    );
  }
  const data = query.data;
  const content = empty?.when(data) ? <EmptyView empty={empty} compact={compact} /> : children(data);
  return (
    <>
      {query.isError ? <div style={{ marginBottom: 16 }}>{failedView(true)}</div> : null}
      {content}
    </>
  );
}

/** The server's status line ("HTTP 500: Internal Server Error", the spec's words) and its own message, or a network failure's words. */
function FailureDetail({ error }: { error: unknown }) {
  const line = statusLine(error);
  const message = serverMessage(error) ?? (line ? null : anyMessage(error));
  if (!line && !message) return null;
  return (
    <>
      {line ? A.common.listError(line.status, line.text) : null}
      {line && message ? <br /> : null}
      {message}
    </>
  );
}

function FailedRead({
  title,
  error,
  onRetry,
  actions,
  compact,
}: {
  title: string;
  error: unknown;
  onRetry?: () => unknown;
  actions?: ReactNode;
  compact: boolean;
}) {
  const retry = onRetry ? (
    <Button
      type={compact ? "default" : "primary"}
      size={compact ? "small" : undefined}
      icon={<ReloadOutlined />}
      onClick={() => void onRetry()}
    >
      {A.common.retry}
    </Button>
  ) : null;
  if (compact) {
    return (
      <Alert
        type="error"
        showIcon
        title={title}
        description={<FailureDetail error={error} />}
        action={
          actions || retry ? (
            <Flex gap={8} wrap>
              {actions}
              {retry}
            </Flex>
          ) : undefined
        }
      />
    );
  }
  return (
    <Result
      status={httpStatus(error) === 404 ? "404" : "error"}
      title={title}
      subTitle={<FailureDetail error={error} />}
      extra={
        actions || retry ? (
          <Flex gap={8} wrap justify="center">
            {actions}
            {retry}
          </Flex>
        ) : undefined
      }
    />
  );
}

function EmptyView<Data>({ empty, compact }: { empty: EmptyState<Data>; compact: boolean }) {
  const view = (
    <Empty
      image={compact ? Empty.PRESENTED_IMAGE_SIMPLE : undefined}
      description={
        <>
          <Typography.Text strong>{empty.title}</Typography.Text>
          {empty.text ? (
            <>
              <br />
              <Typography.Text type="secondary">{empty.text}</Typography.Text>
            </>
          ) : null}
        </>
      }
    >
      {empty.action}
    </Empty>
  );
  return compact ? view : <Card>{view}</Card>;
}

/** A list's Add button: in the header ("Add Team Member"), and in the empty state ("Add Your First Team Member"). */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** A record's Edit button; `label` names the record for screen readers ("Edit Dr. Marsh"). */
export function EditButton({ label, onClick, size }: { label: string; onClick: () => void; size?: "small" }) {
  return (
    <Button size={size} icon={<EditOutlined />} onClick={onClick} aria-label={label}>
      {A.common.edit}
    </Button>
  );
}

/** A record's Delete button (it asks first: see useConfirmDelete); `label` names the record for screen readers. */
export function DeleteButton({ label, onClick, size }: { label: string; onClick: () => void; size?: "small" }) {
  return (
    <Button size={size} danger icon={<DeleteOutlined />} onClick={onClick} aria-label={label}>
      {A.common.delete}
    </Button>
  );
}

/**
 * Records as a grid of cards: one column on a phone, `columns` (antd's Col spans) on wider screens;
 * `empty`, in a card, when there are none.
 */
export function CardGrid<T extends { id: number }>({
  items,
  columns,
  align,
  empty,
  card,
}: {
  items: readonly T[];
  columns: ColProps;
  align?: RowProps["align"];
  empty?: ReactNode;
  card: (item: T) => ReactNode;
}) {
  if (items.length === 0 && empty) return <Card>{empty}</Card>;
  return (
    <Row gutter={[16, 16]} align={align}>
      {items.map((item) => (
        <Col key={item.id} xs={24} {...columns}>
          {card(item)}
        </Col>
      ))}
    </Row>
  );
}

/** A loading skeleton in the shape of one card (a screen whose content stands in a card): `props` shape the skeleton. */
export function CardSkeleton(props: SkeletonProps) {
  return (
    <Card>
      <Skeleton active {...props} />
    </Card>
  );
}

/** A loading skeleton in the shape of a card grid (CardGrid's): three cards. */
export function CardGridSkeleton({ columns, avatar, image }: { columns: ColProps; avatar?: SkeletonProps["avatar"]; image?: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {[0, 1, 2].map((i) => (
        <Col key={i} xs={24} {...columns}>
          <Card>
            {image ? <Skeleton.Image active style={{ width: "100%", height: 160 }} /> : null}
            <Skeleton active avatar={avatar} style={image ? { marginTop: 16 } : undefined} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
