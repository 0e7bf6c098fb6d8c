import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { trpc } from "../../../lib/trpc";
import { useAddressFilters } from "../../components/address-filters";
import { restErrorOf } from "../../feedback";
import { useFreshCheckRetry } from "../../fresh-check";
import { exportFilename } from "./format";
import type { OpenedState } from "./InquiryDrawer";
import type { InquirySummary } from "./parts";
import { DEFAULT_PAGE_SIZE, exportUrl, isFiltered, listInput, readOpen, readView } from "./view";

const SEARCH_DELAY_MS = 300;

/**
 * The inquiry desk's state, all of it in the address (./view.ts): the filters, the page, its size and
 * order, the search (written to the address once typing pauses), and the opened inquiry (?open=12, the
 * link in the e-mails: a link or a reload opens it, once; closing takes it out of the address again,
 * replacing the history entry so Back still leaves the desk). Answers the page of inquiries too, and
 * moves to the last page there is when the one asked for is past the end (inquiries deleted meanwhile).
 */
export function useInquiryView() {
  const { params, setParams, update } = useAddressFilters({ page: 1, size: DEFAULT_PAGE_SIZE, sort: "newest" });
  const view = useMemo(() => readView(params), [params]);
  const input = useMemo(() => listInput(view), [view]);
  const inquiries = trpc.contact.list.useQuery(input, { placeholderData: keepPreviousData });
  // The latest of what the effects below act with, read when they run (they re-run only on what starts them).
  const latest = useRef({ view, update });
  latest.current = { view, update };

  const [opened, setOpened] = useState<OpenedState | null>(null);
  const openParam = readOpen(params);
  /** Puts the opened inquiry in the address, or takes it out; the filters and the page stay as they are. */
  const setOpenParam = (id: number | undefined) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === undefined) next.delete("open");
        else next.set("open", String(id));
        return next;
      },
      { replace: true },
    );
  const open = (summary: InquirySummary) => {
    setOpened({ id: summary.id, name: summary.name, open: true });
    setOpenParam(summary.id);
  };
  const close = () => setOpenParam(undefined);
  // The address decides what is open (once: the state is set only when it differs, and the drawer's
  // content fetches, and so logs, once per opening); no ?open closes the drawer, keeping its content
  // while it slides away.
  useEffect(() => {
    if (openParam !== undefined) {
      setOpened((current) =>
        current?.id === openParam && current.open
          ? current
          : { id: openParam, name: current?.id === openParam ? current.name : undefined, open: true },
      );
    } else {
      setOpened((current) => (current?.open ? { ...current, open: false } : current));
    }
  }, [openParam]);
  /** After the drawer slid away: its content goes. */
  const afterClose = () => setOpened((current) => (current && !current.open ? null : current));

  // The search box updates the address once typing pauses; the address (a reload, Clear filters) sets the box.
  const [search, setSearch] = useState(view.q ?? "");
  useEffect(() => {
    setSearch((current) => (current.trim() === (view.q ?? "") ? current : (view.q ?? "")));
  }, [view.q]);
  useEffect(() => {
    const text = search.trim();
    if (text === (latest.current.view.q ?? "")) return;
    const timer = setTimeout(() => latest.current.update({ q: text || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // A page past the end (inquiries deleted or closed meanwhile) moves to the last page there is.
  const { data, isPlaceholderData } = inquiries;
  useEffect(() => {
    const { view: now, update: move } = latest.current;
    if (data && !isPlaceholderData && data.items.length === 0 && data.total > 0 && now.page > 1) {
      move({ page: Math.ceil(data.total / now.pageSize), size: now.pageSize });
    }
  }, [data, isPlaceholderData]);

  const clearFilters = () =>
    update({
      q: undefined,
      status: undefined,
      service: undefined,
      language: undefined,
      assignee: undefined,
      from: undefined,
      to: undefined,
    });

  return { view, filtered: isFiltered(view), update, clearFilters, inquiries, search, setSearch, opened, open, close, afterClose };
}

/**
 * Export CSV: what the filters match, downloaded as contact-submissions-YYYY-MM-DD.csv after a fresh
 * check when the session needs one. A failed export is only logged, as admin-portal.md section 8 says.
 */
export function useInquiryExport(view: ReturnType<typeof readView>) {
  const [exporting, setExporting] = useState(false);
  const retryAfterCheck = useFreshCheckRetry();
  const exportCsv = async () => {
    setExporting(true);
    try {
      // An export needs a fresh check: on a 403 asking for one, "Confirm it's you", then again.
      const response = await retryAfterCheck(async () => {
        const answer = await fetch(exportUrl(view), { credentials: "include" });
        if (!answer.ok) throw await restErrorOf(answer);
        return answer;
      });
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = exportFilename();
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      console.warn("Contact CSV export failed:", error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
