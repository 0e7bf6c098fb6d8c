import { useState, type ReactNode } from "react";
import { FormDialog, type DialogControls } from "./FormDialog";
import { PageHeader } from "./PageHeader";
import { AddButton, QueryState, type Failed, type Read } from "./QueryState";

/** The words of a screen of records: its subtitle, Add buttons, empty list and dialog titles. */
interface RecordsWords {
  subtitle: string;
  add: string;
  addFirst: string;
  empty: string;
  emptyText: string;
  addTitle: string;
  editTitle: string;
}

/**
 * A screen of records staff add and edit in a dialog (team members, testimonials, social links): Add in
 * the header, the read's states (failed, loading, an empty list whose way out is Add), the records as
 * `list` lays them out (each with its edit), and the add or edit dialog around the record's `form`.
 */
export function RecordsScreen<Row>({
  words,
  query,
  failed,
  loading,
  list,
  form,
}: {
  words: RecordsWords;
  query: Read<Row[]>;
  failed: string | Failed;
  loading: ReactNode;
  list: (rows: Row[], edit: (record: Row) => void) => ReactNode;
  form: (record: Row | null, controls: DialogControls) => ReactNode;
}) {
  const [dialog, setDialog] = useState<{ record: Row | null } | null>(null);
  const openAdd = () => setDialog({ record: null });
  return (
    <>
      <PageHeader subtitle={words.subtitle} extra={<AddButton label={words.add} onClick={openAdd} />} />
      <QueryState
        query={query}
        failed={failed}
        loading={loading}
        empty={{
          when: (rows) => rows.length === 0,
          title: words.empty,
          text: words.emptyText,
          action: <AddButton label={words.addFirst} onClick={openAdd} />,
        }}
      >
        {(rows) => list(rows, (record) => setDialog({ record }))}
      </QueryState>
      <FormDialog open={dialog !== null} title={dialog?.record ? words.editTitle : words.addTitle} onClose={() => setDialog(null)}>
        {(controls) => form(dialog?.record ?? null, controls)}
      </FormDialog>
    </>
  );
}
