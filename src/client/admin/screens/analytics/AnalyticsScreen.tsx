import { DownloadOutlined } from "@ant-design/icons";
import { keepPreviousData } from "@tanstack/react-query";
import { Button, Card, Col, DatePicker, Flex, Row, Segmented, Statistic, Table, Typography, type TableColumnsType } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { clinicDay } from "../../../../shared/clinic-date";
import { csvSafeCell } from "../../../../shared/csv";
import type { AnalyticsReport } from "../../../../shared/schemas/analytics";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { QueryState } from "../../components/QueryState";
import { RefreshButton } from "../../components/RefreshButton";
import { AN, percent } from "../../text-analytics";
import { DailyChart, type DailySeries } from "./DailyChart";

/**
 * Analytics (issue 25, for roles holding analytics.view): visitors and page views over a period with a
 * chart, the way from each service page to an inquiry, top and entry pages, referrers, campaigns,
 * devices and languages, and a CSV of what the screen shows. The figures are daily counts made on the
 * clinic's own server (src/server/services/analytics.ts); the chart (DailyChart, uPlot) loads with this
 * screen only (its own chunk).
 */
type PageRow = AnalyticsReport["pages"][number];
type FunnelRow = AnalyticsReport["funnel"][number];
const PERIODS = { week: 7, month: 30, quarter: 90, year: 365 } as const;
type PeriodKey = keyof typeof PERIODS;

function lastDays(days: number): { from: string; to: string } {
  const today = clinicDay(new Date());
  return {
    from: dayjs(today)
      .subtract(days - 1, "day")
      .format("YYYY-MM-DD"),
    to: today,
  };
}

const rateOf = (conversions: number, visitors: number) => (visitors > 0 ? conversions / visitors : 0);

export default function AnalyticsScreen() {
  const [preset, setPreset] = useState<PeriodKey | null>("month");
  const [period, setPeriod] = useState(() => lastDays(PERIODS.month));
  const report = trpc.analytics.report.useQuery(period, { placeholderData: keepPreviousData });

  const choosePreset = (key: PeriodKey) => {
    setPreset(key);
    setPeriod(lastDays(PERIODS[key]));
  };
  const chooseRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    if (!range?.[0] || !range[1]) return;
    setPreset(null);
    setPeriod({ from: range[0].format("YYYY-MM-DD"), to: range[1].format("YYYY-MM-DD") });
  };

  return (
    <>
      <PageHeader
        subtitle={AN.subtitle}
        extra={
          <>
            <RefreshButton query={report} />
            <Button icon={<DownloadOutlined />} disabled={!report.data} onClick={() => report.data && downloadCsv(report.data)}>
              {AN.downloadCsv}
            </Button>
          </>
        }
      />
      <Flex wrap gap={16} align="center" style={{ marginBottom: 24 }}>
        {/* On a phone the four periods scroll sideways rather than widen the page. */}
        <div style={{ minWidth: 0, maxWidth: "100%", overflowX: "auto" }}>
          <Segmented<PeriodKey | "custom">
            aria-label={AN.period}
            value={preset ?? "custom"}
            options={(Object.keys(PERIODS) as PeriodKey[]).map((key) => ({ value: key, label: AN.periods[key] }))}
            onChange={(value) => value !== "custom" && choosePreset(value)}
          />
        </div>
        <DatePicker.RangePicker
          aria-label={AN.range}
          allowClear={false}
          value={[dayjs(period.from), dayjs(period.to)]}
          disabledDate={(day) => day.isAfter(dayjs(clinicDay(new Date())), "day")}
          onChange={(range) => chooseRange(range)}
        />
      </Flex>
      <QueryState query={report} failed={AN.loadFailed} loadingText={AN.loading}>
        {(data) => <Figures report={data} />}
      </QueryState>
      <Typography.Paragraph type="secondary" style={{ marginTop: 24 }}>
        {AN.privacy}
      </Typography.Paragraph>
    </>
  );
}

function Figures({ report }: { report: AnalyticsReport }) {
  const { totals } = report;
  const days = useMemo(() => report.days.map((day) => day.day), [report.days]);
  const series = useMemo<DailySeries[]>(
    () => [
      { label: AN.chart.visitors, color: "#12707a", values: report.days.map((day) => day.visitors) },
      { label: AN.chart.views, color: "#8a4516", values: report.days.map((day) => day.views) },
    ],
    [report.days],
  );
  return (
    <Flex vertical gap={24}>
      <Row gutter={[16, 16]}>
        {(
          [
            ["visitors", totals.visitors],
            ["views", totals.views],
            ["starts", totals.starts],
            ["conversions", totals.conversions],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Card data-testid={`analytics-${key}`}>
              <Statistic title={AN.totals[key]} value={value} />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Card data-testid="analytics-rate">
            <Statistic title={AN.totals.rate} value={percent(rateOf(totals.conversions, totals.visitors))} />
          </Card>
        </Col>
      </Row>
      <Card title={AN.chart.title}>
        <DailyChart days={days} series={series} label={AN.chart.label(report.from, report.to, totals.visitors, totals.views)} />
      </Card>
      <Card title={AN.sections.funnel} data-testid="analytics-funnel">
        <Typography.Paragraph type="secondary">{AN.sections.funnelHelp}</Typography.Paragraph>
        <Table<FunnelRow>
          rowKey="slug"
          size="small"
          pagination={false}
          dataSource={report.funnel}
          columns={FUNNEL_COLUMNS}
          scroll={{ x: true }}
        />
      </Card>
      <Row gutter={[16, 16]}>
        {breakdownsOf(report).map(({ wide, ...table }) => (
          <Col key={table.section} xs={24} xl={wide ? 12 : 6}>
            <Breakdown {...table} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

const FUNNEL_COLUMNS: TableColumnsType<FunnelRow> = [
  { title: AN.columns.service, dataIndex: "title" },
  { title: AN.columns.visitors, dataIndex: "visitors", align: "right" },
  { title: AN.columns.contacts, dataIndex: "contacts", align: "right" },
  { title: AN.columns.starts, dataIndex: "starts", align: "right" },
  { title: AN.columns.conversions, dataIndex: "conversions", align: "right" },
  { title: AN.columns.rate, dataIndex: "rate", align: "right", render: (rate: number) => percent(rate) },
];

type Figure = "views" | "visitors" | "entries" | "conversions" | "rate";

/** One breakdown table: its section (title, test id), the rows and the figures it shows of each. */
interface BreakdownTable {
  section: "pages" | "entries" | "campaigns" | "sources" | "referrers" | "devices" | "languages";
  help?: string;
  rows: PageRow[];
  keyTitle: string;
  columns: Figure[];
  label?: (key: string) => string;
}

/** The breakdown tables in the screen's order; the wide ones take half a row on a large screen. */
function breakdownsOf(report: AnalyticsReport): Array<BreakdownTable & { wide?: true }> {
  const { columns: C, sections: S } = AN;
  const entries = report.pages.filter((row) => row.entries > 0).sort((a, b) => b.entries - a.entries);
  return [
    { section: "pages", rows: report.pages, keyTitle: C.page, columns: ["views", "visitors"], wide: true },
    { section: "entries", help: S.entriesHelp, rows: entries, keyTitle: C.page, columns: ["entries", "conversions"], wide: true },
    {
      section: "campaigns",
      help: S.campaignsHelp,
      rows: report.campaigns,
      keyTitle: C.campaign,
      columns: ["visitors", "conversions", "rate"],
      wide: true,
    },
    { section: "sources", rows: report.sources, keyTitle: C.source, columns: ["visitors", "conversions", "rate"], wide: true },
    { section: "referrers", rows: report.referrers, keyTitle: C.domain, columns: ["visitors"], wide: true },
    { section: "devices", rows: report.devices, keyTitle: C.device, columns: ["visitors"], label: (key) => AN.devices[key] ?? key },
    {
      section: "languages",
      help: S.languagesHelp,
      rows: report.languages,
      keyTitle: C.language,
      columns: ["visitors"],
      label: languageName,
    },
  ];
}

function Breakdown({ section, help, rows, keyTitle, columns, label }: BreakdownTable) {
  const tableColumns: TableColumnsType<PageRow> = [
    { title: keyTitle, dataIndex: "key", render: (key: string) => (label ? label(key) : key) },
    ...columns.map((figure) => ({
      title: AN.columns[figure],
      key: figure,
      align: "right" as const,
      render: (_: unknown, row: PageRow) =>
        figure === "rate" ? percent(rateOf(row.conversions, row.visitors)) : row[figure].toLocaleString("en-US"),
    })),
  ];
  return (
    <Card title={AN.sections[section]} data-testid={`analytics-${section}`}>
      {help ? <Typography.Paragraph type="secondary">{help}</Typography.Paragraph> : null}
      <Table<PageRow>
        rowKey="key"
        size="small"
        scroll={{ x: true }}
        dataSource={rows}
        columns={tableColumns}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: <Typography.Text type="secondary">{AN.none}</Typography.Text> }}
      />
    </Card>
  );
}

let languageNames: Intl.DisplayNames | undefined;
function languageName(code: string): string {
  if (code === "other") return code;
  try {
    languageNames ??= new Intl.DisplayNames(["en"], { type: "language" });
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** What the screen shows, as CSV: a line per section and key, then the funnel. */
function downloadCsv(report: AnalyticsReport) {
  // A number as it is, a text quoted (and safe for a spreadsheet), null an empty cell.
  const line = (cells: Array<string | number | null>) =>
    cells
      .map((value) => (value === null ? "" : typeof value === "number" ? String(value) : `"${csvSafeCell(value).replaceAll('"', '""')}"`))
      .join(",");
  const lines = ["section,key,views,visitors,entries,conversions"];
  lines.push(line(["totals", null, report.totals.views, report.totals.visitors, null, report.totals.conversions]));
  for (const [section, rows] of [
    ["page", report.pages],
    ["referrer", report.referrers],
    ["campaign", report.campaigns],
    ["source", report.sources],
    ["device", report.devices],
    ["language", report.languages],
  ] as const) {
    for (const row of rows) lines.push(line([section, row.key, row.views, row.visitors, row.entries, row.conversions]));
  }
  for (const day of report.days) lines.push(line(["day", day.day, day.views, day.visitors, null, day.conversions]));
  lines.push("", "service,visitors,contact_page,form_started,inquiries_sent,conversion_rate");
  for (const row of report.funnel)
    lines.push(line([row.title, row.visitors, row.contacts, row.starts, row.conversions, Number(row.rate.toFixed(4))]));
  const url = URL.createObjectURL(new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = AN.csvName(report.from, report.to);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
