import { Table, type TableProps } from "antd";
import { QueryState, type EmptyState, type Failed, type Read } from "./QueryState";

/**
 * A small table of the records a read answered (one row per record, keyed by its id), inside a card or a
 * section: QueryState's compact loading, failed and empty states stand in its place until there are rows.
 */
export function QueryTable<Row extends { id: number }>({
  query,
  failed,
  empty,
  ...table
}: {
  query: Read<readonly Row[]>;
  failed: string | Failed;
  empty?: EmptyState<readonly Row[]>;
} & Omit<TableProps<Row>, "dataSource" | "rowKey" | "size">) {
  return (
    <QueryState query={query} failed={failed} empty={empty} compact>
      {(rows) => <Table<Row> size="small" rowKey="id" dataSource={rows} {...table} />}
    </QueryState>
  );
}
