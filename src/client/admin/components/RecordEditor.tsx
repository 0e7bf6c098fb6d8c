import { Flex, Spin, Typography } from "antd";
import { useEffect, type ReactNode } from "react";
import { serverMessage, useFeedback } from "../feedback";
import { LoadFailed } from "./LoadFailed";
import { PageHeader } from "./PageHeader";

/** What an editor screen needs of its record's read (a tRPC byId query). */
interface RecordRead<R> {
  data?: R;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The create-or-edit screens (services, news articles): without an id the form starts empty; with one
 * the record is read first (a spinner meanwhile), and an id that is not a record's, or a failed read,
 * says so with a way back and, for a real id, a retry. `children` renders the form, keyed by record.
 */
export function RecordEditor<R extends { id: number }>({
  idParam,
  useRecord,
  texts,
  backTo,
  failureToast,
  children,
}: {
  idParam: string | undefined;
  useRecord: (id: number, enabled: boolean) => RecordRead<R>;
  texts: { heading: string; loadFailed: string; back: string; retry: string; loading?: string };
  backTo: string;
  /** The toast of a failed read: title and text, from the error. */
  failureToast: (error: unknown) => [string, string | undefined];
  children: (record?: R) => ReactNode;
}) {
  const id = idParam === undefined ? null : Number(idParam);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const record = useRecord(validId ? id : 0, validId);
  const feedback = useFeedback();
  const failed = id !== null && (!validId || record.isError);

  useEffect(() => {
    if (failed) feedback.error(...failureToast(record.error));
    // The toast is shown once per failure, not again when the callbacks change identity.
  }, [failed, feedback, record.error]);

  if (id === null) return <>{children()}</>;
  if (failed) {
    return (
      <LoadFailed
        heading={texts.heading}
        title={texts.loadFailed}
        detail={record.error ? serverMessage(record.error) : null}
        backTo={backTo}
        backLabel={texts.back}
        retryLabel={texts.retry}
        onRetry={validId ? () => record.refetch() : undefined}
      />
    );
  }
  if (!record.data) {
    return (
      <>
        <PageHeader title={texts.heading} />
        <Flex vertical align="center" gap={12} style={{ padding: 48 }} role="status">
          <Spin size="large" />
          {texts.loading ? <Typography.Text type="secondary">{texts.loading}</Typography.Text> : null}
        </Flex>
      </>
    );
  }
  return <>{children(record.data)}</>;
}
