import { DownloadOutlined, ReloadOutlined, SafetyOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Grid, Tooltip, Typography } from "antd";
import type { HTMLAttributes, MouseEvent } from "react";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { NoMatch } from "../../components/FilterBar";
import { QueryState } from "../../components/QueryState";
import { PagedTable } from "../../components/QueryTable";
import { RefreshButton } from "../../components/RefreshButton";
import { useLiveInquiries } from "../../live";
import { useCan } from "../../permissions";
import { I } from "../../text-inquiries";
import { InquiryDrawer } from "./InquiryDrawer";
import { InquiryFilters } from "./InquiryFilters";
import { inquiryColumns, type DeskFit } from "./inquiry-columns";
import type { InquirySummary } from "./parts";
import { useInquiryExport, useInquiryView } from "./use-inquiry-view";
import { PAGE_SIZES } from "./view";

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

/** A click on a link or a control inside a row does its own thing; anywhere else opens the inquiry. */
function isOwnControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest("a, button, input, .ant-select") !== null;
}

export default function ContactScreen() {
  const mayExport = useCan("inquiries.export");
  const mayWork = useCan("inquiries.work");
  const desk = useInquiryView();
  const { view, filtered, update, clearFilters, inquiries, opened, open, close, afterClose } = desk;
  const { exporting, exportCsv } = useInquiryExport(view);
  // The drawer's assignee choices: the same read as the filter's (one request).
  const assignees = trpc.contact.assignees.useQuery();
  // The row folds to the width it has (inquiry-columns.tsx): a column each on a wide screen, the assignee,
  // notes and services folded in on a laptop, the received time too on a tablet (where the menu beside it
  // takes its room).
  const screens = Grid.useBreakpoint();
  const fit: DeskFit = screens.xxl ? "wide" : screens.xl ? "folded" : "narrow";
  const columns = inquiryColumns({ mayWork, open, fit, scrolls: !screens.md });

  /** The desk: the filters, the count and one page of inquiries. */
  const deskPage = (page: NonNullable<typeof inquiries.data>) => (
    <Card styles={{ body: { padding: 0 } }}>
      <InquiryFilters desk={desk} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ padding: "0 16px 12px" }}>
        <Typography.Text strong data-testid="submissions-count" aria-live="polite">
          {T.count(page.total, filtered)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          <SafetyOutlined /> {T.privacyNote}
        </Typography.Text>
      </Flex>
      <PagedTable<InquirySummary>
        page={page}
        fetching={inquiries.isFetching}
        paging={{
          update,
          page: view.page,
          pageSize: view.pageSize,
          sizes: PAGE_SIZES,
          showTotal: (total, [from, to]) => T.range(from, to, total),
        }}
        noMatch={<NoMatch description={T.noMatch} hint={T.noMatchHint} clear={{ label: T.filters.clear, onClick: clearFilters }} />}
        columns={columns}
        // From a tablet up the row fits; a phone scrolls it sideways.
        scroll={screens.md ? undefined : { x: 640 }}
        tableLayout="fixed"
        rowClassName={(inquiry) => (inquiry.overdue ? "inquiry-row inquiry-overdue" : "inquiry-row")}
        onRow={(inquiry) =>
          ({
            "data-testid": "inquiry-row",
            onClick: (event) => {
              if (!isOwnControl(event)) open(inquiry);
            },
          }) as HTMLAttributes<HTMLElement>
        }
      />
    </Card>
  );

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
        {deskPage}
      </QueryState>
      <InquiryDrawer opened={opened} onClose={close} afterClose={afterClose} assignees={assignees.data ?? []} />
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
