import { RefreshButton } from "../../components/RefreshButton";
import { SearchInput } from "../../components/SearchInput";
import { Filter, FilterBar, FilterSelect } from "../../components/FilterBar";
import {
  CommentOutlined,
  DownloadOutlined,
  EyeOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  PhoneOutlined,
  ReloadOutlined,
  SafetyOutlined,
} from "@ant-design/icons";
import { keepPreviousData } from "@tanstack/react-query";
import { Alert, Button, Card, DatePicker, Empty, Flex, Grid, Select, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import dayjs from "dayjs";
import { useEffect, useMemo, useRef, useState, type HTMLAttributes, type MouseEvent } from "react";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../components/QueryState";
import { PageHeader } from "../../components/PageHeader";
import { restErrorOf } from "../../feedback";
import { useFreshCheckRetry } from "../../fresh-check";
import { useCan } from "../../permissions";
import { useLiveInquiries } from "../../live";
import { addressPagination, useAddressFilters } from "../../components/address-filters";
import { I } from "../../text-inquiries";
import { exportFilename, submittedAt } from "./format";
import { InquiryDrawer, type OpenedState } from "./InquiryDrawer";
import { OverdueMark, StatusTag, STATUS_OPTIONS, telHref, type InquirySummary } from "./parts";
import { DEFAULT_PAGE_SIZE, exportUrl, isFiltered, listInput, PAGE_SIZES, readOpen, readView } from "./view";

/**
 * Contact Form Submissions, the inquiry desk (admin-portal.md sections 2, 3, 4, 7 and 8): one page of
 * inquiries at a time from the server (25, 50 or 100; newest or oldest first), filtered by status,
 * service, assignee and the day received, searched by name, e-mail or phone (digits match whatever the
 * punctuation), with the total. Overdue inquiries (still New 24 hours after arrival) stand out in
 * colour and in words. The filters, page, size and order live in the address. Opening an inquiry (the
 * row, or its Open button) shows everything, health details included, in a drawer; only that is logged
 * as an opening. The opened inquiry is in the address too (?open=12, the link in the e-mails), so a link
 * or a reload opens it directly, once; closing the drawer takes it out of the address again (replacing
 * the history entry, so Back still leaves the desk). Export CSV downloads what the filters match, as
 * contact-submissions-YYYY-MM-DD.csv; a
 * failed export is only logged, as the spec says. Lists never refetch by themselves (the spec's data
 * defaults): new inquiries arrive on Refresh, and a banner says how many arrived since (live.tsx).
 */
const T = I.desk;
const SEARCH_DELAY_MS = 300;

const SORT_OPTIONS = [
  { value: "newest", label: T.filters.newest },
  { value: "oldest", label: T.filters.oldest },
];

/** A click on a link or a control inside a row does its own thing; anywhere else opens the inquiry. */
function isOwnControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest("a, button, input, .ant-select") !== null;
}

export default function ContactScreen() {
  const mayExport = useCan("inquiries.export");
  const mayWork = useCan("inquiries.work");
  const { params, setParams, update } = useAddressFilters({ page: 1, size: DEFAULT_PAGE_SIZE, sort: "newest" });
  const view = useMemo(() => readView(params), [params]);
  const filtered = isFiltered(view);
  const input = useMemo(() => listInput(view), [view]);

  const inquiries = trpc.contact.list.useQuery(input, { placeholderData: keepPreviousData });
  const assignees = trpc.contact.assignees.useQuery();
  // The form's current choices, then the other names inquiries were sent with (a renamed service's old one).
  const serviceChoices = trpc.contact.serviceChoices.useQuery();
  const serviceOptions = useMemo(() => (serviceChoices.data ?? []).map((value) => ({ value, label: value })), [serviceChoices.data]);
  const [exporting, setExporting] = useState(false);
  // On a phone the filters stack, each the full width; from a tablet up they sit side by side.
  const narrow = !Grid.useBreakpoint().md;
  const width = (px: number) => (narrow ? "100%" : px);
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

  // The address decides what is open: a link or a reload with ?open=12 opens that inquiry (once: the
  // state is set only when it differs, and the drawer's content fetches, and so logs, once per opening);
  // no ?open closes the drawer, keeping its content while it slides away.
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

  const clearFilters = () =>
    update({ q: undefined, status: undefined, service: undefined, assignee: undefined, from: undefined, to: undefined });

  // The search box updates the address once typing pauses; the address (a reload, Clear filters) sets the box.
  const [search, setSearch] = useState(view.q ?? "");
  const searchRef = useRef(search);
  searchRef.current = search;
  useEffect(() => {
    if ((view.q ?? "") !== searchRef.current.trim()) setSearch(view.q ?? "");
  }, [view.q]);
  useEffect(() => {
    const text = search.trim();
    if (text === (view.q ?? "")) return;
    const timer = setTimeout(() => update({ q: text || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]); // only typing starts the delay

  const assigneeOptions = useMemo(
    () => [
      { value: "none", label: T.filters.unassigned },
      ...(assignees.data ?? []).map((a) => ({
        value: String(a.id),
        label: a.name === a.username ? a.username : `${a.name} (${a.username})`,
      })),
    ],
    [assignees.data],
  );

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
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = exportFilename();
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      // admin-portal.md section 8: a failed export is only logged; nothing is shown.
      console.warn("Contact CSV export failed:", error);
    } finally {
      setExporting(false);
    }
  };

  const data = inquiries.data;
  // A page past the end (inquiries deleted or closed meanwhile) moves to the last page there is.
  useEffect(() => {
    if (data && !inquiries.isPlaceholderData && data.items.length === 0 && data.total > 0 && view.page > 1) {
      update({ page: Math.ceil(data.total / view.pageSize), size: view.pageSize });
    }
  }, [data]); // reacts to a new answer only

  const columns: TableColumnsType<InquirySummary> = [
    {
      title: T.columns.received,
      dataIndex: "createdAt",
      width: 128,
      render: (createdAt: Date) => (
        <time dateTime={createdAt.toISOString()} data-testid="submitted-at">
          {submittedAt(createdAt)}
        </time>
      ),
    },
    {
      title: T.columns.name,
      dataIndex: "name",
      render: (name: string, inquiry) => (
        <Flex vertical align="flex-start" gap={4}>
          <Typography.Text strong>{name}</Typography.Text>
          {inquiry.hasHealthDetails || inquiry.optInTexting ? (
            <Flex gap={4} wrap>
              {inquiry.hasHealthDetails ? (
                <Tooltip title={T.healthTip}>
                  <Tag
                    icon={<MedicineBoxOutlined />}
                    style={{ marginInlineEnd: 0, color: "#391085", background: "#f9f0ff", borderColor: "#d3adf7" }}
                  >
                    {T.healthTag}
                  </Tag>
                </Tooltip>
              ) : null}
              {/* admin-portal.md section 2: opt-in texting is shown only when given. */}
              {inquiry.optInTexting ? (
                <Tooltip title={T.textingTip}>
                  <Tag icon={<MessageOutlined />} style={{ marginInlineEnd: 0 }}>
                    {T.textingTag}
                  </Tag>
                </Tooltip>
              ) : null}
            </Flex>
          ) : null}
        </Flex>
      ),
    },
    {
      title: T.columns.status,
      dataIndex: "status",
      width: 132,
      render: (status: string, inquiry) => (
        <Flex vertical align="flex-start" gap={4}>
          <StatusTag status={status} />
          {inquiry.overdue ? <OverdueMark /> : null}
        </Flex>
      ),
    },
    {
      title: T.columns.assignee,
      dataIndex: "assignee",
      width: 116,
      render: (assignee: InquirySummary["assignee"]) =>
        assignee ? <Typography.Text>{assignee.name}</Typography.Text> : <Typography.Text type="secondary">{T.unassigned}</Typography.Text>,
    },
    {
      title: T.columns.contact,
      key: "contact",
      width: 200,
      render: (_, inquiry) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <a href={`mailto:${inquiry.email}`} style={{ overflowWrap: "anywhere" }}>
            <MailOutlined /> {inquiry.email}
          </a>
          {inquiry.phone ? (
            <a href={telHref(inquiry.phone)} style={{ whiteSpace: "nowrap" }}>
              <PhoneOutlined /> {inquiry.phone}
            </a>
          ) : (
            <Typography.Text type="secondary">{T.noPhone}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: T.columns.services,
      dataIndex: "servicesInterested",
      width: 140,
      render: (services: string[]) => (
        <Flex gap={4} wrap>
          {services.map((service) => (
            <Tag key={service} style={{ marginInlineEnd: 0 }}>
              {service}
            </Tag>
          ))}
        </Flex>
      ),
    },
    // The notes are the desk's work: their count shows to those whose role works inquiries.
    ...(mayWork
      ? [
          {
            title: T.columns.notes,
            dataIndex: "noteCount",
            width: 72,
            render: (noteCount: number) => (
              <Typography.Text type={noteCount ? undefined : "secondary"} style={{ whiteSpace: "nowrap" }} data-testid="note-count">
                <CommentOutlined aria-hidden /> {noteCount}
              </Typography.Text>
            ),
          },
        ]
      : []),
    {
      title: <span className="visually-hidden">{T.columns.actions}</span>,
      key: "actions",
      width: 60,
      fixed: "right", // stays on screen when the table scrolls sideways (tablets, phones)
      render: (_, inquiry) => (
        <Tooltip title={T.open}>
          <Button icon={<EyeOutlined />} onClick={() => open(inquiry)} aria-label={T.openLabel(inquiry.name)} />
        </Tooltip>
      ),
    },
  ];

  /** The desk: the filters, the count and one page of inquiries. */
  const desk = (page: NonNullable<typeof data>) => {
    return (
      <Card styles={{ body: { padding: 0 } }}>
        <FilterBar name="inquiry-filters" stacked={narrow} clear={filtered ? { label: T.filters.clear, onClick: clearFilters } : null}>
          <Filter>
            <SearchInput
              label={T.search}
              placeholder={T.searchPlaceholder}
              maxLength={100}
              value={search}
              onSearch={setSearch}
              style={{ width: width(300) }}
            />
          </Filter>
          <FilterSelect
            id="inquiry-status"
            label={T.filters.status}
            placeholder={T.filters.allStatuses}
            options={STATUS_OPTIONS}
            value={view.status}
            onChange={(value) => update({ status: value })}
            width={width(150)}
          />
          <FilterSelect
            id="inquiry-service"
            label={T.filters.service}
            placeholder={T.filters.allServices}
            options={serviceOptions}
            loading={serviceChoices.isPending}
            value={view.service}
            onChange={(value) => update({ service: value })}
            width={width(210)}
          />
          <FilterSelect
            id="inquiry-assignee"
            label={T.filters.assignee}
            placeholder={T.filters.anyone}
            options={assigneeOptions}
            loading={assignees.isPending}
            value={view.assignee === undefined ? undefined : String(view.assignee)}
            onChange={(value) => update({ assignee: value })}
            width={width(200)}
            search
          />
          <Filter label={T.filters.from} htmlFor="inquiry-from">
            <DayPicker id="inquiry-from" day={view.from} notAfter={view.to} onChange={(from) => update({ from })} width={width(150)} />
          </Filter>
          <Filter label={T.filters.to} htmlFor="inquiry-to">
            <DayPicker id="inquiry-to" day={view.to} notBefore={view.from} onChange={(to) => update({ to })} width={width(150)} />
          </Filter>
          <Filter label={T.filters.sort} htmlFor="inquiry-sort">
            <Select
              id="inquiry-sort"
              options={SORT_OPTIONS}
              value={view.sort}
              onChange={(value: string) => update({ sort: value })}
              style={{ width: width(150) }}
            />
          </Filter>
        </FilterBar>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ padding: "0 16px 12px" }}>
          <Typography.Text strong data-testid="submissions-count" aria-live="polite">
            {T.count(page.total, filtered)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            <SafetyOutlined /> {T.privacyNote}
          </Typography.Text>
        </Flex>
        <Table<InquirySummary>
          rowKey="id"
          columns={columns}
          dataSource={page.items}
          loading={inquiries.isFetching}
          scroll={{ x: 980 }}
          rowClassName={(inquiry) => (inquiry.overdue ? "inquiry-row inquiry-overdue" : "inquiry-row")}
          onRow={(inquiry) =>
            ({
              "data-testid": "inquiry-row",
              onClick: (event) => {
                if (!isOwnControl(event)) open(inquiry);
              },
            }) as HTMLAttributes<HTMLElement>
          }
          pagination={addressPagination(update, {
            page: view.page,
            pageSize: view.pageSize,
            total: page.total,
            sizes: PAGE_SIZES,
            showTotal: (total, [from, to]) => T.range(from, to, total),
          })}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noMatch}>
                <Typography.Paragraph type="secondary">{T.noMatchHint}</Typography.Paragraph>
                <Button onClick={clearFilters}>{T.filters.clear}</Button>
              </Empty>
            ),
          }}
        />
      </Card>
    );
  };

  return (
    <>
      <PageHeader
        subtitle={T.subtitle}
        extra={
          <>
            <RefreshButton query={inquiries} label={T.refresh} />
            {mayExport ? (
              <Tooltip title={T.exportHint}>
                <Button type="primary" icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting}>
                  {T.export}
                </Button>
              </Tooltip>
            ) : null}
          </>
        }
      />
      <ArrivedBanner since={inquiries.dataUpdatedAt} onRefresh={() => void inquiries.refetch()} />
      <QueryState
        query={inquiries}
        failed={{ title: T.loadFailed, toast: true }}
        loadingText={T.loading}
        // The spec's empty state is for a desk with no inquiries at all; a filter that matches none says so in the table.
        empty={{ when: (page) => !filtered && page.total === 0 && !inquiries.isPlaceholderData, title: T.empty, text: T.emptyText }}
      >
        {desk}
      </QueryState>
      <InquiryDrawer
        opened={opened}
        onClose={close}
        afterClose={() => setOpened((current) => (current && !current.open ? null : current))}
        assignees={assignees.data ?? []}
      />
    </>
  );
}

/**
 * "2 new inquiries since this list was loaded: Refresh" (live.tsx): the list itself still reloads only
 * on Refresh (the spec's data defaults), so what is on screen does not move under the user's hand.
 */
function ArrivedBanner({ since, onRefresh }: { since: number; onRefresh: () => void }) {
  const arrived = useLiveInquiries().arrivedSince(since);
  if (since === 0 || arrived === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      data-testid="inquiries-arrived"
      style={{ marginBottom: 16 }}
      title={I.live.arrived(arrived)}
      action={
        <Button size="small" type="primary" icon={<ReloadOutlined />} onClick={onRefresh}>
          {I.live.refresh}
        </Button>
      }
    />
  );
}

/** A day filter, the day written YYYY-MM-DD (as in the address); days past `notAfter` or before `notBefore` cannot be chosen. */
function DayPicker({
  id,
  day,
  notBefore,
  notAfter,
  onChange,
  width,
}: {
  id: string;
  day: string | undefined;
  notBefore?: string;
  notAfter?: string;
  onChange: (day: string | undefined) => void;
  width: number | string;
}) {
  return (
    <DatePicker
      id={id}
      value={day ? dayjs(day) : null}
      disabledDate={(d) =>
        (notAfter ? d.isAfter(dayjs(notAfter), "day") : false) || (notBefore ? d.isBefore(dayjs(notBefore), "day") : false)
      }
      onChange={(d) => onChange(d ? d.format("YYYY-MM-DD") : undefined)}
      style={{ width }}
    />
  );
}
