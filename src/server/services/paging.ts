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
