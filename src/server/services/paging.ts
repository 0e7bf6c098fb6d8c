import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";

/** A page of a list as the clients ask for it: `page` counts from 1. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The rows before the page asked for (`.limit(query.pageSize).offset(rowsBefore(query))`). */
export function rowsBefore(query: PageQuery): number {
  return (query.page - 1) * query.pageSize;
}

/** A page as every list answers it: its items, how many match in all, and the page it is. */
export function pageOf<T>(query: PageQuery, items: T[], total: number): { items: T[]; total: number; page: number; pageSize: number } {
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** A query of a list's rows, in their order, that a page's limit and offset can be put on. */
interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list, read together with how many rows match in all: `rows` is the ordered query (the
 * page's limit and offset are put on it here); the rows of `table` matching `where` are counted.
 */
export async function readPage<Row>(db: Database, query: PageQuery, rows: Pageable<Row>, table: PgTable, where: SQL | undefined) {
  const [items, [counted]] = await Promise.all([
    rows.limit(query.pageSize).offset(rowsBefore(query)),
    db.select({ value: count() }).from(table).where(where),
  ]);
  return pageOf(query, items, counted?.value ?? 0);
}
