import type { TablePaginationConfig } from "antd";
import { useSearchParams } from "wouter";

type Patch = Record<string, string | number | undefined>;

/**
 * A list screen's view kept in the address (?status=new&page=2), so a filtered view survives a reload
 * and can be linked to. `update` writes a patch: a blank value, or one equal to its default, leaves the
 * address; any change but a page change starts again at page 1; the browser history gets no entry.
 */
export function useAddressFilters(defaults: Record<string, string | number>) {
  const [params, setParams] = useSearchParams();
  const update = (patch: Patch) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (!("page" in patch)) next.delete("page");
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === "" || defaults[key] === value) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  return { params, setParams, update };
}

/**
 * A server-paged table's pagination, with the page and its size in the address (see useAddressFilters):
 * `sizes` to choose from, the range shown as `showTotal` words it; a new size starts again at page 1.
 */
export function addressPagination(
  update: (patch: Patch) => void,
  {
    page,
    pageSize,
    total,
    sizes,
    showTotal,
  }: {
    page: number;
    pageSize: number;
    total: number;
    sizes: readonly number[];
    showTotal: (total: number, range: [number, number]) => string;
  },
): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: sizes.map(String),
    showTotal,
    style: { marginInline: 16 },
    onChange: (nextPage, nextSize) =>
      nextSize !== pageSize ? update({ size: nextSize, page: 1 }) : update({ page: nextPage, size: pageSize }),
  };
}
