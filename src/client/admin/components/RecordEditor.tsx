import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button } from "antd";
import type { ReactNode } from "react";
import { useAdminNavigate } from "../navigation";
import type { Toast } from "../save";
import { PageHeader } from "./PageHeader";
import { QueryState, type Read } from "./QueryState";

/** An id in the address that is not a record's: a failed read that was never sent (nothing to retry). */
const NOT_A_RECORD: Read<never> = { data: undefined, isPending: false, isError: true, error: null };

/**
 * The create-or-edit screens (services, news articles): without an id the form starts empty; with one
 * the record is read first (a spinner meanwhile), and an id that is not a record's, or a failed read,
 * says so with a way back (and Try again when it can help). `children` renders the form, keyed by record.
 */
export function RecordEditor<R extends { id: number }>({
  idParam,
  byId,
  texts,
  backTo,
  failureToast,
  children,
}: {
  idParam: string | undefined;
  /** The record's read by id (`trpc.news.byId`): asked only for an id that can be a record's. */
  byId: { useQuery: (input: { id: number }, options: { enabled: boolean }) => Read<R> };
  texts: { loadFailed: string; back: string; loading?: string };
  backTo: string;
  /** The toast of a failed read: its words, or `true` for the title and the server's message. */
  failureToast: Toast | true;
  children: (record?: R) => ReactNode;
}) {
  const navigate = useAdminNavigate();
  const id = idParam === undefined ? null : Number(idParam);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const record = byId.useQuery({ id: validId ? id : 0 }, { enabled: validId });

  if (id === null) return <>{children()}</>;
  const read = validId ? record : NOT_A_RECORD;
  return (
    <>
      {/* The form has its own header; until it shows, the screen's. */}
      {read.data === undefined ? <PageHeader /> : null}
      <QueryState
        query={read}
        loadingText={texts.loading}
        failed={{
          title: texts.loadFailed,
          toast: failureToast,
          actions: (
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)}>
              {texts.back}
            </Button>
          ),
        }}
      >
        {(data) => children(data)}
      </QueryState>
    </>
  );
}
