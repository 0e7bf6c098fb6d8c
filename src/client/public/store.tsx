import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { ApiError, errorStatus, type PublicQuery, type ReadRunner } from "./api";

/**
 * The public pages' reads, kept by key. The server fills a store before it renders a page and embeds
 * its entries in the document; the browser starts from them, so the first render matches the server's
 * HTML without a request, and reads what a later page needs as it navigates. The spec's data rules
 * (public-site.md sections 7 and 9) make this small: a read is never retried, never goes stale, is
 * not fetched again on focus or on a timer; a failed read stays failed until the page is reloaded. The
 * one read again on purpose is the Book page's free times, after a send's answer (`refresh`).
 */
export type ReadView<T> =
  | { status: "pending"; data: undefined; error: null }
  | { status: "error"; data: undefined; error: ApiError }
  | { status: "success"; data: T; error: null };

/** A read as a component sees it; narrowing on isPending / isError leaves the data typed. */
export type QueryResult<T> =
  | { status: "pending"; data: undefined; error: null; isPending: true; isLoading: true; isError: false }
  | { status: "error"; data: undefined; error: ApiError; isPending: false; isLoading: false; isError: true }
  | { status: "success"; data: T; error: null; isPending: false; isLoading: false; isError: false };

/** What the server embeds: each settled read as [key, answer] (a failure as its public message and status). */
export type StoreSnapshot = Array<
  [PublicQuery<unknown>["queryKey"], { data: unknown } | { error: { message: string; httpStatus: number } }]
>;

const PENDING: ReadView<never> = { status: "pending", data: undefined, error: null };

/** One key per read: the procedure path and its input (inputs are small literals built in one order). */
const keyOf = (query: PublicQuery<unknown>) => JSON.stringify(query.queryKey);

export class ReadStore {
  private readonly views = new Map<string, ReadView<unknown>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<() => void>();
  /** Counts changes, for whoever renders from several reads at once (the route's metadata). */
  version = 0;

  constructor(
    private readonly run: ReadRunner,
    snapshot: StoreSnapshot = [],
  ) {
    for (const [queryKey, answer] of snapshot) {
      this.views.set(
        JSON.stringify(queryKey),
        "error" in answer
          ? { status: "error", data: undefined, error: new ApiError(answer.error.message, { httpStatus: answer.error.httpStatus }) }
          : { status: "success", data: answer.data, error: null },
      );
    }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  view<T>(query: PublicQuery<T>): ReadView<T> {
    return (this.views.get(keyOf(query)) ?? PENDING) as ReadView<T>;
  }

  /** The read's data: from the store when it has it, else fetched once however many ask at the same time. */
  fetch<T>(query: PublicQuery<T>): Promise<T> {
    const key = keyOf(query);
    const known = this.views.get(key);
    if (known?.status === "success") return Promise.resolve(known.data as T);
    let promise = this.inFlight.get(key);
    if (!promise) {
      const [path, input] = query.queryKey;
      promise = this.run(path, input).then(
        (data) => {
          this.settle(key, { status: "success", data, error: null });
          return data;
        },
        (error: unknown) => {
          const failed = new ApiError(error instanceof Error ? error.message : String(error), { httpStatus: errorStatus(error) });
          this.settle(key, { status: "error", data: undefined, error: failed });
          throw failed;
        },
      );
      this.inFlight.set(key, promise);
    }
    return promise as Promise<T>;
  }

  /** Starts a read nobody has made yet (a failed one is not made again: the spec's pages offer a reload). */
  ensure(query: PublicQuery<unknown>): void {
    if (!this.views.has(keyOf(query))) this.fetch(query).catch(() => {});
  }

  /** The settled reads, for the page's embedded data. A failure keeps only its public message and status. */
  snapshot(): StoreSnapshot {
    // In key order, not the order the reads settled in (which varies with the database's pool): a page
    // rendered again from the same data is the same bytes, so its ETag holds.
    return [...this.views]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, view]) => [
        JSON.parse(key) as PublicQuery<unknown>["queryKey"],
        view.status === "error"
          ? { error: { message: view.error!.message, httpStatus: view.error!.data.httpStatus } }
          : { data: view.data },
      ]);
  }

  /**
   * Reads again what may have changed under the page (the Book page's free times after a booking, or
   * after a time was taken): the last answer shows until the new one arrives, and stays if that fails.
   */
  refresh<T>(query: PublicQuery<T>): Promise<T> {
    const key = keyOf(query);
    const [path, input] = query.queryKey;
    return this.run(path, input).then((data) => {
      this.settle(key, { status: "success", data, error: null });
      return data as T;
    });
  }

  /**
   * Shows `data` as a read's answer, in place of what was read: the Website Content screen's live
   * preview (content-preview-listener.ts), which puts the read's own answer back the same way.
   */
  replace(queryKey: PublicQuery<unknown>["queryKey"], data: unknown): void {
    this.settle(JSON.stringify(queryKey), { status: "success", data, error: null });
  }

  private settle(key: string, view: ReadView<unknown>) {
    this.inFlight.delete(key);
    this.views.set(key, view);
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

const StoreContext = createContext<ReadStore | null>(null);

export function StoreProvider({ store, children }: { store: ReadStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useStore(): ReadStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("usePublicQuery outside StoreProvider");
  return store;
}

/** A read for a component: its state now, and the read started if nobody made it yet. */
export function usePublicQuery<T>(query: PublicQuery<T>): QueryResult<T> {
  const store = useStore();
  const get = () => store.view(query);
  const view = useSyncExternalStore(store.subscribe, get, get);
  const key = keyOf(query);
  // the query is a new object each render; its key is its value, so the read starts again exactly when another read is asked for
  // biome-ignore lint/correctness/useExhaustiveDependencies: see the lines above
  useEffect(() => store.ensure(query), [store, key]);
  const pending = view.status === "pending";
  return { ...view, isPending: pending, isLoading: pending, isError: view.status === "error" } as QueryResult<T>;
}

/** Re-renders when any read settles (the route's metadata follows its data). */
export function useStoreVersion(): number {
  const store = useStore();
  const get = () => store.version;
  return useSyncExternalStore(store.subscribe, get, get);
}
