import { MailOutlined, ReloadOutlined, SendOutlined } from "@ant-design/icons";
import { Alert, Button, Descriptions, Flex, Form, Input, Switch, Tooltip, Typography, type FormRule, type TableColumnsType } from "antd";
import { useState, type HTMLAttributes } from "react";
import type { Outputs } from "../../outputs";
import { mailSettings, testMailInput, type Settings } from "../../../../shared/schemas/settings";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../components/QueryState";
import { QueryTable } from "../../components/QueryTable";
import { useAction } from "../../save";
import { zodRule } from "../../forms";
import { useSession } from "../../session";
import { M } from "../../text-mail";
import { formatDateTime, formatDateTimeFull } from "../../components/staff";
import { ToneTag } from "../../components/tones";
import { MailServerForm } from "./MailServerForm";
import { SettingsSection, SubSection } from "./SettingsSection";

/**
 * The E-mail card of Settings (super admins): the mail server's state as the server sees it (set up
 * or not, the sender, when mail last went out, failing since when and why, what waits), the three
 * switches of the mail section (saved whole with Save, like every section; they save even while no
 * mail server is set up, and apply once one is), who receives new-inquiry mail (each switch saved at
 * once), and a test e-mail whose failure is shown in the mail server's own words under the button.
 */
const T = M.settings;
type Recipient = Outputs["settings"]["recipients"][number];

/** The mail switches, each with its help text (for the state the switch shows, where the words differ). */
const MAIL_SWITCHES = [
  { name: "enabled", id: "mail-enabled", label: T.enabled, help: (on: boolean) => (on ? T.enabledOnHelp : T.enabledHelp) },
  { name: "acknowledgement", id: "mail-acknowledgement", label: T.acknowledgement, help: () => T.acknowledgementHelp },
  { name: "overdueReminders", id: "mail-overdue-reminders", label: T.overdueReminders, help: () => T.overdueRemindersHelp },
] as const;
export function MailSection({ value }: { value: Settings["mail"] }) {
  return (
    <SettingsSection
      section="mail"
      title={T.title}
      intro={T.intro}
      value={value}
      before={
        <>
          <MailServerForm />
          <MailStatus />
        </>
      }
      after={
        <>
          <Recipients />
          <TestMail />
        </>
      }
    >
      <SubSection title={T.switchesTitle}>
        {MAIL_SWITCHES.map(({ name, id, label, help }) => (
          <Form.Item key={name} noStyle shouldUpdate={(before, after) => before[name] !== after[name]}>
            {({ getFieldValue }) => (
              <Form.Item
                name={name}
                valuePropName="checked"
                label={label}
                htmlFor={id}
                extra={<span data-testid={`${id}-help`}>{help(getFieldValue(name) !== false)}</span>}
                rules={[zodRule(mailSettings, name)]}
              >
                <Switch id={id} />
              </Form.Item>
            )}
          </Form.Item>
        ))}
      </SubSection>
    </SettingsSection>
  );
}

/** Read afresh on each visit and after a test e-mail; never polled (the spec's data defaults): Refresh asks again. */
function MailStatus() {
  const S = T.status;
  const status = trpc.settings.mailStatus.useQuery(undefined, { refetchOnMount: "always" });
  const refresh = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => status.refetch()} loading={status.isFetching && !status.isPending}>
      {S.refresh}
    </Button>
  );

  return (
    <SubSection title={S.title} extra={refresh} testId="mail-status">
      <QueryState query={status} failed={S.loadFailed} compact>
        {(data) => <MailStatusReport data={data} />}
      </QueryState>
    </SubSection>
  );
}

/** The mail server's state: set up or not, failing since when and why, the sender, the last mail, what waits. */
function MailStatusReport({ data }: { data: Outputs["settings"]["mailStatus"] }) {
  const S = T.status;
  const when = (at: Date) => (
    <Tooltip title={formatDateTimeFull(at)}>
      <time dateTime={at.toISOString()}>{formatDateTime(at)}</time>
    </Tooltip>
  );
  return (
    <Flex vertical gap={12}>
      {data.configured ? null : (
        <Alert type="warning" showIcon title={S.notConfiguredTitle} description={S.notConfiguredText} data-testid="mail-not-configured" />
      )}
      {data.failingSince ? (
        <Alert
          type="error"
          showIcon
          data-testid="mail-failing"
          title={S.failingTitle(formatDateTime(data.failingSince))}
          description={
            <>
              <Typography.Paragraph style={{ margin: 0 }} data-testid="mail-last-error">
                {data.lastError}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>
                {S.failingHelp}
              </Typography.Paragraph>
            </>
          }
        />
      ) : null}
      <Descriptions
        size="small"
        column={1}
        styles={{ label: { width: 170 } }}
        items={[
          {
            key: "server",
            label: S.server,
            children: (
              <span data-testid="mail-configured">
                {data.configured ? <ToneTag tone="green">{S.configured}</ToneTag> : <ToneTag tone="orange">{S.notConfigured}</ToneTag>}
              </span>
            ),
          },
          ...(data.from ? [{ key: "from", label: S.from, children: <span data-testid="mail-from">{data.from}</span> }] : []),
          {
            key: "lastSent",
            label: S.lastSent,
            children: (
              <span data-testid="mail-last-sent">
                {data.lastSentAt ? when(data.lastSentAt) : <Typography.Text type="secondary">{S.neverSent}</Typography.Text>}
              </span>
            ),
          },
          { key: "waiting", label: S.waiting, children: <span data-testid="mail-waiting">{S.waitingCount(data.waiting)}</span> },
        ]}
      />
    </Flex>
  );
}

function Recipients() {
  const R = T.recipients;
  const me = useSession().data!;
  const utils = trpc.useUtils();
  const recipients = trpc.settings.recipients.useQuery(undefined, { refetchOnMount: "always" });
  const { run } = useAction();
  const [saving, setSaving] = useState<number | null>(null);

  const toggle = async (staff: Recipient, newInquiries: boolean) => {
    setSaving(staff.id);
    await run({
      write: (api) => api.settings.setRecipient.mutate({ adminId: staff.id, newInquiries }),
      onSaved: (answer) =>
        utils.settings.recipients.setData(undefined, (rows) =>
          rows?.map((row) => (row.id === staff.id ? { ...row, newInquiries: answer.newInquiries } : row)),
        ),
      success: (answer) => (answer.newInquiries ? R.savedOn(staff.username) : R.savedOff(staff.username)),
      failure: R.failed,
      // One's own switch is also My Account's.
      refresh: staff.id === me.id ? ["notifications"] : [],
    });
    setSaving(null);
  };

  const columns: TableColumnsType<Recipient> = [
    {
      title: R.columns.staff,
      dataIndex: "username",
      render: (username: string, staff) => (
        <Flex gap={6} wrap align="center">
          <Typography.Text strong>{username}</Typography.Text>
          <ToneTag tone={staff.role === "super_admin" ? "gold" : "cyan"}>{staff.roleLabel}</ToneTag>
          {staff.id === me.id ? <ToneTag tone="grey">{R.you}</ToneTag> : null}
        </Flex>
      ),
    },
    {
      title: R.columns.email,
      dataIndex: "email",
      render: (email: string | null) =>
        email ? <span style={{ overflowWrap: "anywhere" }}>{email}</span> : <Typography.Text type="secondary">{R.noEmail}</Typography.Text>,
    },
    {
      title: R.columns.receives,
      key: "receives",
      width: 230,
      render: (_, staff) => {
        const why = !staff.isActive ? R.inactive : staff.reachable ? null : R.missingEmail;
        const whyId = `mail-recipient-why-${staff.id}`;
        return (
          <Flex vertical gap={4} align="flex-start">
            <Switch
              checked={staff.newInquiries}
              disabled={!staff.reachable || (saving !== null && saving !== staff.id)}
              loading={saving === staff.id}
              onChange={(checked) => void toggle(staff, checked)}
              aria-label={R.switchLabel(staff.username)}
              aria-describedby={why ? whyId : undefined}
            />
            {why ? (
              <Typography.Text type="secondary" style={{ fontSize: 13 }} id={whyId}>
                {why}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
  ];

  return (
    <SubSection title={R.title} testId="mail-recipients">
      <Typography.Paragraph type="secondary">{R.intro}</Typography.Paragraph>
      <QueryTable<Recipient>
        query={recipients}
        failed={R.loadFailed}
        empty={{ when: (rows) => rows.length === 0, title: R.empty }}
        columns={columns}
        pagination={false}
        scroll={{ x: 560 }}
        onRow={(staff) => ({ "data-testid": `mail-recipient-${staff.username}` }) as HTMLAttributes<HTMLElement>}
      />
    </SubSection>
  );
}

type TestResult = { sent: true; to: string } | { sent: false; error: string };

/** An empty field means "my own address": the server then sends to the signed-in super admin's. */
const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
const TEST_ADDRESS_RULE: FormRule = { ...zodRule(testMailInput.unwrap(), "to"), transform: blankAsMissing } as FormRule;

function TestMail() {
  const X = T.test;
  const me = useSession().data!;
  const [form] = Form.useForm<{ to?: string }>();
  const { running, run } = useAction();
  const [result, setResult] = useState<TestResult | null>(null);

  const submit = async (values: { to?: string }) => {
    const to = blankAsMissing(values.to);
    const shownTo = to ?? (me.email || X.yourAddress);
    setResult(null);
    await run({
      form,
      write: (api) => api.settings.testMail.mutate(to ? { to } : {}),
      onSaved: (answer) => setResult(answer.sent ? { sent: true, to: shownTo } : { sent: false, error: answer.error }),
      // The mail server's refusal is an answer too: said in the page, under the button.
      success: (answer) => (answer.sent ? [X.sent, X.sentText(shownTo)] : { error: X.failed }),
      failure: X.failed,
      fieldErrorsOnly: true,
      // A test e-mail moves the status either way: the last sent time, or failing since when and why.
      refresh: ["mail"],
    });
  };

  return (
    <SubSection title={X.title} testId="mail-test">
      <Typography.Paragraph type="secondary">{X.intro}</Typography.Paragraph>
      <Form form={form} name="test-mail" layout="vertical" onFinish={submit} requiredMark={false} onValuesChange={() => setResult(null)}>
        <Form.Item
          name="to"
          label={X.to}
          htmlFor="test-mail-to"
          rules={[TEST_ADDRESS_RULE]}
          extra={me.email ? X.toHelpOwn(me.email) : X.toHelpNone}
          validateTrigger="onSubmit"
        >
          <Input
            id="test-mail-to"
            inputMode="email"
            autoComplete="off"
            maxLength={255}
            placeholder={me.email || undefined}
            prefix={<MailOutlined aria-hidden />}
            style={{ maxWidth: 420 }}
          />
        </Form.Item>
        <Button htmlType="submit" icon={<SendOutlined />} loading={running}>
          {X.send}
        </Button>
      </Form>
      {result ? (
        <div style={{ marginTop: 16 }} data-testid="mail-test-result">
          {result.sent ? (
            <Alert type="success" showIcon title={X.sent} description={X.sentText(result.to)} />
          ) : (
            <Alert type="error" showIcon title={X.failedTitle} description={result.error} />
          )}
        </div>
      ) : null}
    </SubSection>
  );
}
