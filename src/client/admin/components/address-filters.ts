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
