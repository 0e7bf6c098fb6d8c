import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, MailOutlined, PhoneOutlined, ReloadOutlined, SafetyOutlined, SearchOutlined } from "@ant-design/icons";
import type { inferRouterOutputs } from "@trpc/server";
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Input, Pagination, Row, Spin, Tag, Typography } from "antd";
import type { DescriptionsProps } from "antd";
import { useMemo, useState } from "react";
import type { AppRouter } from "../../../../server/routers";
import { CONTACT_DAY_CHOICES, CONTACT_TIME_CHOICES } from "../../../../shared/schemas/contact";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { serverMessage } from "../../feedback";
import { C } from "../../text-content";
import { exportFilename, submittedAt } from "./format";

/**
 * Contact form submissions (admin-portal.md sections 2, 3, 4, 7 and 8): the inquiries, newest first,
 * each showing every field (opt-in texting only when given); search by name, email or phone;
 * pagination; Export CSV downloads contact-submissions-YYYY-MM-DD.csv. A failed export is only logged,
 * as the spec says. The server records every read and export in the activity log.
 */
type Submission = inferRouterOutputs<AppRouter>["contact"]["list"][number];
const T = C.contact;
const PAGE_SIZE = 10;
const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3, xxxl: 3 };
const FULL_ROW = COLUMNS;
type DescriptionItem = NonNullable<DescriptionsProps["items"]>[number];

const dayLabel = new Map<string, string>(CONTACT_DAY_CHOICES.map((c) => [c.value, c.label]));
const timeLabel = new Map<string, string>(CONTACT_TIME_CHOICES.map((c) => [c.value, c.label]));
const digits = (value: string) => value.replace(/\D/g, "");

function matches(submission: Submission, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (!text) return true;
  if (submission.name.toLowerCase().includes(text) || submission.email.toLowerCase().includes(text)) return true;
  if (submission.phone?.toLowerCase().includes(text)) return true;
  const queryDigits = digits(text);
  return queryDigits.length >= 3 && digits(submission.phone ?? "").includes(queryDigits);
}

export default function ContactScreen() {
  const submissions = trpc.contact.list.useQuery();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const list = useMemo(
    () => [...(submissions.data ?? [])].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id),
    [submissions.data],
  );
  const shown = useMemo(() => list.filter((s) => matches(s, search)), [list, search]);
  const pageItems = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const response = await fetch("/api/admin/contact/export", { credentials: "include" });
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
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

  return (
    <>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        extra={
          <>
            {/* Lists never go stale by themselves (the spec's data defaults): new inquiries arrive on Refresh. */}
            <Button icon={<ReloadOutlined />} onClick={() => submissions.refetch()} loading={submissions.isFetching && !submissions.isPending}>
              {T.refresh}
            </Button>
            <Button type="primary" icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting}>
              {T.export}
            </Button>
          </>
        }
      />

      {submissions.isPending ? (
        <Card>
          <Flex vertical align="center" gap={12} style={{ padding: 32 }} role="status">
            <Spin />
            <Typography.Text type="secondary">{T.loading}</Typography.Text>
          </Flex>
        </Card>
      ) : submissions.isError ? (
        <Alert
          type="error"
          showIcon
          title={T.loadFailed}
          description={serverMessage(submissions.error) ?? undefined}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => submissions.refetch()}>
              {T.retry}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <Card>
          <Empty description={T.empty}>
            <Typography.Text type="secondary">{T.emptyText}</Typography.Text>
          </Empty>
        </Card>
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={T.searchPlaceholder}
              aria-label={T.search}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              style={{ maxWidth: 360 }}
            />
            <Typography.Text type="secondary" data-testid="submissions-count">
              {T.count(shown.length, list.length)}
            </Typography.Text>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            <SafetyOutlined /> {T.privacyNote}
          </Typography.Paragraph>
          {shown.length === 0 ? (
            <Card>
              <Empty description={T.noMatch} />
            </Card>
          ) : (
            <>
              <Row gutter={[16, 16]}>
                {pageItems.map((submission) => (
                  <Col key={submission.id} xs={24}>
                    <SubmissionCard submission={submission} />
                  </Col>
                ))}
              </Row>
              {shown.length > PAGE_SIZE ? (
                <Flex justify="center" style={{ marginTop: 24 }}>
                  <Pagination current={page} pageSize={PAGE_SIZE} total={shown.length} onChange={setPage} showSizeChanger={false} />
                </Flex>
              ) : null}
            </>
          )}
        </>
      )}
    </>
  );
}

function Consent({ label, given }: { label: string; given: boolean }) {
  return (
    <Tag color={given ? "green" : "red"} icon={given ? <CheckCircleFilled /> : <CloseCircleFilled />}>
      {label}: {given ? T.agreed : T.notAgreed}
    </Tag>
  );
}

function listOrNone(values: string[], labels?: Map<string, string>) {
  if (values.length === 0) return <Typography.Text type="secondary">{T.none}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {values.map((value) => (
        <Tag key={value}>{labels?.get(value) ?? value}</Tag>
      ))}
    </Flex>
  );
}

function SubmissionCard({ submission }: { submission: Submission }) {
  const date = submittedAt(submission.createdAt);
  const none = <Typography.Text type="secondary">{T.none}</Typography.Text>;
  const details: DescriptionItem[] = [
    {
      key: "email",
      label: T.fields.email,
      children: (
        <a href={`mailto:${submission.email}`}>
          <MailOutlined /> {submission.email}
        </a>
      ),
    },
    {
      key: "phone",
      label: T.fields.phone,
      children: submission.phone ? (
        <a href={`tel:${submission.phone.replace(/[^\d+]/g, "")}`}>
          <PhoneOutlined /> {submission.phone}
        </a>
      ) : (
        none
      ),
    },
    { key: "services", label: T.fields.services, children: listOrNone(submission.servicesInterested) },
    { key: "days", label: T.fields.days, children: listOrNone(submission.availabilityDays, dayLabel) },
    { key: "times", label: T.fields.times, children: listOrNone(submission.availabilityTimes, timeLabel) },
    // admin-portal.md section 2: opt-in texting is shown only when given.
    ...(submission.optInTexting ? [{ key: "texting", label: T.fields.texting, children: <Tag color="blue">{T.optedIn}</Tag> }] : []),
  ];
  // The short details fill their rows; health conditions and consent each take a whole row.
  details[details.length - 1]!.span = "filled";
  const items: DescriptionItem[] = [
    ...details,
    {
      key: "health",
      label: T.fields.health,
      span: FULL_ROW,
      children: submission.healthConditions ? <span style={{ whiteSpace: "pre-wrap" }}>{submission.healthConditions}</span> : none,
    },
    {
      key: "consent",
      label: T.fields.consent,
      span: FULL_ROW,
      children: (
        <Flex gap={4} wrap>
          <Consent label={T.privacyPolicy} given={submission.privacyPolicy} />
          <Consent label={T.hipaa} given={submission.hipaaConsent} />
          <Consent label={T.terms} given={submission.termsAndConditions} />
        </Flex>
      ),
    },
  ];

  return (
    <Card
      size="small"
      data-testid="contact-submission"
      title={
        <Typography.Text strong style={{ fontSize: 16 }}>
          {submission.name}
        </Typography.Text>
      }
      extra={
        <Typography.Text type="secondary">
          <time dateTime={submission.createdAt.toISOString()} data-testid="submitted-at" title={T.fields.submitted}>
            {date}
          </time>
        </Typography.Text>
      }
    >
      <Descriptions size="small" column={COLUMNS} items={items} />
    </Card>
  );
}
