import { WithDetail } from "../../components/WithDetail";
import { CheckCircleFilled, CloseCircleFilled, DeleteOutlined, MailOutlined, PhoneOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Select,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
  type DescriptionsProps,
  type TableColumnsType,
} from "antd";
import { useMemo, useState } from "react";
import type { Outputs } from "../../outputs";
import { inquiryNoteInput, type InquiryStatus } from "../../../../shared/schemas/inquiries";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../components/QueryState";
import { QueryTable } from "../../components/QueryTable";
import { useSave } from "../../save";
import { useConfirmDelete } from "../../components/confirm";
import { TimeCell } from "../../components/TimeCell";
import { fieldOf } from "../../forms";
import { useUnsavedChanges } from "../../navigation";
import { I } from "../../text-inquiries";
import { ToneTag } from "../../components/tones";
import { Can, useCan } from "../../permissions";
import { R } from "../../text-roles";
import { HEALTH_ACCESS_REASON_LABELS, type HealthAccessReason } from "../../../../shared/permissions";
import { submittedAt } from "./format";
import { languageOf } from "../../../../shared/languages";
import { HealthDetails } from "./HealthDetails";
import {
  dayLabel,
  EmailAddress,
  LanguageMark,
  OverdueMark,
  StatusTag,
  STATUS_OPTIONS,
  statusLabel,
  telHref,
  timeLabel,
  type Assignee,
  type OpenedInquiry,
} from "./parts";

/**
 * One inquiry, opened from the desk: every field (the health details behind a reason: HealthDetails),
 * the consent receipt, the status and assignee (each saved as soon as it is chosen), the notes and a box
 * to add one, each as the user's role allows (issue 24): working it (status, assignee, notes) needs
 * inquiries.work; who accessed it (its own access history) activity.read; deleting it inquiries.delete.
 *
 * Opening it is a logged read of health information, so the inquiry is fetched each time it is opened
 * and forgotten when the drawer closes (gcTime 0): health details do not linger in the page's memory,
 * and every opening is in the log. Changes update the opened copy from the server's answer (no second
 * opening is logged) and refresh what they affect: the desk's list and the dashboard's counts.
 */
const T = I.inquiry;
type HistoryEntry = Outputs["contact"]["history"][number];
type DescriptionItem = NonNullable<DescriptionsProps["items"]>[number];

/**
 * The inquiry to show and whether the drawer is open (kept while it slides away). The name is known
 * when it was opened from the list; opened from the address (?open=12), the drawer is titled once the
 * inquiry has arrived.
 */
export interface OpenedState {
  id: number;
  name?: string;
  open: boolean;
}

export function InquiryDrawer({
  opened,
  onClose,
  afterClose,
  assignees,
}: {
  opened: OpenedState | null;
  onClose: () => void;
  afterClose: () => void;
  assignees: Assignee[];
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={opened?.open ?? false}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) afterClose();
      }}
      destroyOnHidden
      size={screens.md ? 720 : "100%"}
      title={opened ? (opened.name ?? <InquiryName id={opened.id} />) : null}
      closable={{ "aria-label": T.close }}
      data-testid="inquiry-drawer"
    >
      {opened ? <InquiryDetails id={opened.id} onDeleted={onClose} assignees={assignees} /> : null}
    </Drawer>
  );
}

/**
 * The person's name once the opened inquiry has arrived: reads what InquiryDetails fetched, never fetches (a fetch is a logged opening).
 */
function InquiryName({ id }: { id: number }) {
  const inquiry = trpc.contact.byId.useQuery({ id }, { enabled: false, gcTime: 0 });
  return <>{inquiry.data?.name ?? T.title}</>;
}

function InquiryDetails({ id, onDeleted, assignees }: { id: number; onDeleted: () => void; assignees: Assignee[] }) {
  const inquiry = trpc.contact.byId.useQuery({ id }, { gcTime: 0, refetchOnMount: "always" });
  return (
    <QueryState
      query={inquiry}
      failed={{ title: T.loadFailed, notFound: T.notFound }}
      loading={<Skeleton active paragraph={{ rows: 8 }} />}
      loadingText={T.loading}
    >
      {(data) => <InquiryBody inquiry={data} onDeleted={onDeleted} assignees={assignees} />}
    </QueryState>
  );
}

function InquiryBody({ inquiry, onDeleted, assignees }: { inquiry: OpenedInquiry; onDeleted: () => void; assignees: Assignee[] }) {
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8} wrap>
        <StatusTag status={inquiry.status} />
        {inquiry.overdue ? <OverdueMark /> : null}
        <Typography.Text type="secondary">
          <time dateTime={inquiry.createdAt.toISOString()}>{T.received(submittedAt(inquiry.createdAt))}</time>
        </Typography.Text>
      </Flex>
      {inquiry.status === "spam" && inquiry.spamReason ? (
        <Alert
          type="warning"
          showIcon
          data-testid="spam-reason"
          title={T.spamReasons[inquiry.spamReason] ?? T.spamReasons.unknown}
          description={T.spamHint}
        />
      ) : null}
      <Workflow inquiry={inquiry} assignees={assignees} />
      <Details inquiry={inquiry} />
      <Consent inquiry={inquiry} />
      <Notes inquiry={inquiry} />
      <Can permission="activity.read">
        <AccessHistory id={inquiry.id} assignees={assignees} />
      </Can>
      <Can permission="inquiries.delete">
        <DeleteInquiry inquiry={inquiry} onDeleted={onDeleted} />
      </Can>
    </Flex>
  );
}

function Workflow({ inquiry, assignees }: { inquiry: OpenedInquiry; assignees: Assignee[] }) {
  const mayWork = useCan("inquiries.work");
  const utils = trpc.useUtils();
  const { run } = useSave("contact");
  const [saving, setSaving] = useState<"status" | "assignee" | null>(null);

  // The current assignee stays choosable even if their account has since been deactivated.
  const options = useMemo(() => {
    const list = assignees.map((a) => ({ value: String(a.id), label: a.name === a.username ? a.username : `${a.name} (${a.username})` }));
    if (inquiry.assignee && !assignees.some((a) => a.id === inquiry.assignee!.id))
      list.push({ value: String(inquiry.assignee.id), label: inquiry.assignee.name });
    return [{ value: "none", label: T.unassigned }, ...list];
  }, [assignees, inquiry.assignee]);

  // The opened copy takes the answer (reading it again would log another opening); the lists refresh.
  const save = async (field: "status" | "assignee", change: { status?: InquiryStatus; assigneeId?: number | null }) => {
    setSaving(field);
    await run({
      write: (api) => api.contact.update.mutate({ id: inquiry.id, ...change }),
      onSaved: (summary) => utils.contact.byId.setData({ id: inquiry.id }, (old) => (old ? { ...old, ...summary } : old)),
      success: (summary) =>
        field === "status" ? T.statusSaved(statusLabel(summary.status)) : T.assigneeSaved(summary.assignee?.name ?? null),
      failure: field === "status" ? T.statusFailed : T.assigneeFailed,
    });
    setSaving(null);
  };

  return (
    <Card size="small" title={T.workflow}>
      <Form layout="vertical" component="div">
        <Flex gap={16} wrap>
          <Form.Item
            label={T.status}
            htmlFor="inquiry-drawer-status"
            style={{ flex: "1 1 220px", marginBottom: 8 }}
            extra={
              <span data-testid="status-changed">
                {inquiry.statusChangedAt ? T.statusSince(inquiry.statusChangedBy, submittedAt(inquiry.statusChangedAt)) : T.statusUntouched}
              </span>
            }
          >
            <Select
              id="inquiry-drawer-status"
              options={STATUS_OPTIONS}
              value={inquiry.status}
              loading={saving === "status"}
              disabled={saving !== null || !mayWork}
              onChange={(status: InquiryStatus) => void save("status", { status })}
            />
          </Form.Item>
          <Form.Item label={T.assignee} htmlFor="inquiry-drawer-assignee" style={{ flex: "1 1 220px", marginBottom: 8 }}>
            <Select
              id="inquiry-drawer-assignee"
              showSearch={{ optionFilterProp: "label" }}
              options={options}
              value={inquiry.assignee ? String(inquiry.assignee.id) : "none"}
              loading={saving === "assignee"}
              disabled={saving !== null || !mayWork}
              onChange={(value: string) => void save("assignee", { assigneeId: value === "none" ? null : Number(value) })}
            />
          </Form.Item>
        </Flex>
      </Form>
    </Card>
  );
}

function listOrNone(values: string[], labels?: Map<string, string>) {
  if (values.length === 0) return <Typography.Text type="secondary">{T.none}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {values.map((value) => (
        <Tag key={value} style={{ marginInlineEnd: 0 }}>
          {labels?.get(value) ?? value}
        </Tag>
      ))}
    </Flex>
  );
}

function Details({ inquiry }: { inquiry: OpenedInquiry }) {
  const none = <Typography.Text type="secondary">{T.none}</Typography.Text>;
  const items: DescriptionItem[] = [
    { key: "received", label: T.fields.received, children: <span data-testid="submitted-at">{submittedAt(inquiry.createdAt)}</span> },
    {
      key: "email",
      label: T.fields.email,
      children: (
        <a href={`mailto:${inquiry.email}`} data-testid="inquiry-email">
          <MailOutlined /> <EmailAddress email={inquiry.email} />
        </a>
      ),
    },
    // The language of the page the visitor wrote from (issue 36): answer in it.
    { key: "language", label: T.fields.language, children: <LanguageMark language={inquiry.language} /> },
    {
      key: "phone",
      label: T.fields.phone,
      children: inquiry.phone ? (
        <a href={telHref(inquiry.phone)}>
          <PhoneOutlined /> {inquiry.phone}
        </a>
      ) : (
        none
      ),
    },
    { key: "services", label: T.fields.services, children: listOrNone(inquiry.servicesInterested) },
    { key: "days", label: T.fields.days, children: listOrNone(inquiry.availabilityDays, dayLabel) },
    { key: "times", label: T.fields.times, children: listOrNone(inquiry.availabilityTimes, timeLabel) },
    // admin-portal.md section 2: opt-in texting is shown only when given.
    ...(inquiry.optInTexting ? [{ key: "texting", label: T.fields.texting, children: <ToneTag tone="blue">{T.optedIn}</ToneTag> }] : []),
    {
      key: "health",
      label: T.fields.health,
      // Behind a reason (or emergency access), asked for when staff choose to see them.
      children: inquiry.hasHealthDetails ? <HealthDetails inquiry={inquiry} /> : none,
    },
  ];
  return (
    <Card size="small" title={T.details}>
      <Descriptions size="small" column={1} bordered items={items} styles={{ label: { width: 190 } }} />
    </Card>
  );
}

const DOCUMENTS = ["privacyPolicy", "hipaaConsent", "termsAndConditions"] as const;

function Consent({ inquiry }: { inquiry: OpenedInquiry }) {
  const given = {
    privacyPolicy: inquiry.privacyPolicy,
    hipaaConsent: inquiry.hipaaConsent,
    termsAndConditions: inquiry.termsAndConditions,
  };
  const receipt = inquiry.consentReceipt;
  // A receipt from before the texts' versions were recorded has only its date.
  const documents = receipt?.documents;
  return (
    <Card size="small" title={T.consent} data-testid="consent">
      <Flex gap={4} wrap style={{ marginBottom: 12 }}>
        {DOCUMENTS.map((doc) => (
          <ToneTag key={doc} tone={given[doc] ? "green" : "red"} icon={given[doc] ? <CheckCircleFilled /> : <CloseCircleFilled />}>
            {T.consentNames[doc]}: {given[doc] ? T.agreed : T.notAgreed}
          </ToneTag>
        ))}
      </Flex>
      {receipt ? (
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {T.receiptAccepted(submittedAt(new Date(receipt.acceptedAt)))}
          </Typography.Paragraph>
          {documents ? (
            <Descriptions
              size="small"
              column={1}
              bordered
              styles={{ label: { width: 190 } }}
              items={DOCUMENTS.map((doc) => ({
                key: doc,
                label: T.consentNames[doc],
                children: (
                  <Flex vertical gap={2}>
                    <span>
                      {T.receiptVersion}: <Typography.Text code>{documents[doc].version}</Typography.Text>
                    </span>
                    <span>
                      {T.receiptLanguage}: {languageOf(documents[doc].language ?? "en").name}
                    </span>
                    <Tooltip title={T.receiptHashTip(documents[doc].sha256)}>
                      <span>
                        {T.receiptHash}: <Typography.Text code>{documents[doc].sha256.slice(0, 16)}…</Typography.Text>
                      </span>
                    </Tooltip>
                  </Flex>
                ),
              }))}
            />
          ) : null}
        </>
      ) : (
        <Typography.Text type="secondary">{T.noReceipt}</Typography.Text>
      )}
    </Card>
  );
}

function Notes({ inquiry }: { inquiry: OpenedInquiry }) {
  const utils = trpc.useUtils();
  const { saving, run } = useSave("contact");
  const [form] = Form.useForm<{ text: string }>();
  const text = Form.useWatch("text", form) ?? "";
  useUnsavedChanges(text.trim() !== "");

  const submit = ({ text }: { text: string }) =>
    run({
      form,
      write: (api) => api.contact.addNote.mutate({ id: inquiry.id, text }),
      onSaved: (note) => {
        utils.contact.byId.setData({ id: inquiry.id }, (old) =>
          old ? { ...old, notes: [...old.notes, note], noteCount: old.noteCount + 1 } : old,
        );
        form.resetFields();
      },
      success: T.noteAdded,
      failure: T.noteFailed,
      fieldErrorsOnly: true,
    });

  return (
    <Card size="small" title={T.notes}>
      {inquiry.notes.length === 0 ? (
        <Typography.Paragraph type="secondary">{T.noNotes}</Typography.Paragraph>
      ) : (
        <ol className="inquiry-notes" style={{ listStyle: "none", padding: 0, margin: "0 0 16px" }}>
          {inquiry.notes.map((note) => (
            <li key={note.id} data-testid="inquiry-note" style={{ borderBottom: "1px solid #f0f0f0", padding: "8px 0" }}>
              <Flex gap={8} wrap align="baseline">
                <Typography.Text strong>{note.authorName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  <time dateTime={note.createdAt.toISOString()}>{submittedAt(note.createdAt)}</time>
                </Typography.Text>
              </Flex>
              <div className="inquiry-note-text">{note.text}</div>
            </li>
          ))}
        </ol>
      )}
      <Can permission="inquiries.work">
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="inquiry-note">
          <Form.Item {...fieldOf(inquiryNoteInput, "text")} label={T.noteLabel} validateTrigger="onSubmit">
            <Input.TextArea rows={3} maxLength={2000} showCount placeholder={T.notePlaceholder} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {T.addNote}
          </Button>
        </Form>
      </Can>
    </Card>
  );
}

function describeAccess(entry: HistoryEntry, assignees: Assignee[]): string | null {
  const details = (entry.details ?? {}) as Record<string, unknown>;
  switch (entry.action) {
    case "status":
      return typeof details.from === "string" && typeof details.to === "string"
        ? T.historyStatus(statusLabel(details.from), statusLabel(details.to))
        : null;
    case "assign": {
      if (details.to === null) return T.historyAssign(null);
      if (typeof details.to !== "number") return null;
      const who = assignees.find((a) => a.id === details.to);
      return T.historyAssign(who?.name ?? `#${details.to}`);
    }
    case "export":
      return typeof details.format === "string" ? T.historyExport(details.format) : null;
    default: {
      // Health details opened (or emergency access): the reason given, in the words it was chosen with.
      const reason =
        typeof details.text === "string" && details.text ? details.text : HEALTH_ACCESS_REASON_LABELS[details.reason as HealthAccessReason];
      return reason ? R.history.reason(reason) : null;
    }
  }
}

function AccessHistory({ id, assignees }: { id: number; assignees: Assignee[] }) {
  // Fetched after the opening it follows, so the list includes it; never kept after the drawer closes.
  const history = trpc.contact.history.useQuery({ id }, { gcTime: 0, refetchOnMount: "always" });
  const columns: TableColumnsType<HistoryEntry> = [
    {
      title: T.historyColumns.at,
      dataIndex: "at",
      width: 170,
      render: (at: Date) => <TimeCell value={at} format={submittedAt} />,
    },
    { title: T.historyColumns.who, dataIndex: "username", render: (username: string | null) => username ?? "-" },
    {
      title: T.historyColumns.what,
      dataIndex: "action",
      render: (action: string, entry) => {
        const detail = describeAccess(entry, assignees);
        return (
          <WithDetail detail={detail}>
            {/* Emergency access stands out (issue 24: highlighted in the log). */}
            {action === "health" && (entry.details as { emergency?: boolean } | null)?.emergency ? (
              <ToneTag tone="red">{R.history.emergency}</ToneTag>
            ) : (
              <span>{T.historyActions[action] ?? R.history.actions[action] ?? action}</span>
            )}
          </WithDetail>
        );
      },
    },
    { title: T.historyColumns.ip, dataIndex: "ipAddress", width: 130, render: (ip: string | null) => ip ?? "-" },
  ];
  return (
    <Card size="small" title={T.history} data-testid="access-history">
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {T.historyHint}
      </Typography.Paragraph>
      <QueryTable<HistoryEntry>
        query={history}
        failed={T.historyFailed}
        empty={{ when: (entries) => entries.length === 0, title: T.historyEmpty }}
        columns={columns}
        loading={history.isFetching}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 560 }}
      />
    </Card>
  );
}

function DeleteInquiry({ inquiry, onDeleted }: { inquiry: OpenedInquiry; onDeleted: () => void }) {
  const deleteAfterConfirm = useConfirmDelete("contact");
  const ask = () =>
    deleteAfterConfirm({
      title: T.deleteTitle,
      content: T.deleteText(inquiry.name),
      write: (api) => api.contact.delete.mutate({ id: inquiry.id }),
      success: T.deleted(inquiry.name),
      failure: T.deleteFailed,
      onDeleted,
    });
  return (
    <Flex justify="flex-end">
      <Button danger icon={<DeleteOutlined />} onClick={ask}>
        {T.deleteButton}
      </Button>
    </Flex>
  );
}
