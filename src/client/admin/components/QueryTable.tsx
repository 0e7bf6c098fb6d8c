import { Table, type TableProps } from "antd";
import type { ReactNode } from "react";
import { addressPagination } from "./address-filters";
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

type Paging = Parameters<typeof addressPagination>[1];

/**
 * One page of a list the server pages (the activity log, the inquiry desk): its page and page size in
 * the address (addressPagination), the rows kept while the next page loads, and `noMatch` (NoMatch)
 * when the filters match nothing.
 */
export function PagedTable<Row extends { id: number }>({
  page,
  fetching,
  paging,
  noMatch,
  ...table
}: {
  page: { items: Row[]; total: number };
  fetching: boolean;
  paging: Omit<Paging, "total"> & { update: Parameters<typeof addressPagination>[0] };
  noMatch: ReactNode;
} & Omit<TableProps<Row>, "dataSource" | "rowKey" | "loading" | "pagination" | "locale">) {
  const { update, ...pages } = paging;
  return (
    <Table<Row>
      rowKey="id"
      dataSource={page.items}
      loading={fetching}
      pagination={addressPagination(update, { ...pages, total: page.total })}
      locale={{ emptyText: noMatch }}
      {...table}
    />
  );
}
