import { ReloadOutlined, SaveOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Form, InputNumber, Result, Skeleton, Space, Switch, Typography } from "antd";
import { useEffect, useMemo, type ReactNode } from "react";
import { retentionSettings } from "../../../../shared/schemas/inquiries";
import type { Settings } from "../../../../shared/schemas/settings";
import { trpc } from "../../../lib/trpc";
import { BackupCard } from "./BackupCard";
import { PageHeader } from "../../components/PageHeader";
import { serverMessage, useFeedback } from "../../feedback";
import { applyServerFieldErrors, zodRule } from "../../forms";
import { useUnsavedChanges } from "../../navigation";
import { useSession } from "../../session";
import { I } from "../../text-inquiries";
import { AccessDenied, ReadableText } from "../users/shared";

/**
 * Settings (super administrators; the server refuses anyone else): one card per section of the
 * settings, each a form saved on its own (the server keeps a section left out of an update). Retention
 * is the first; another section (the mail settings, later) is one more entry in SECTIONS: a component
 * that renders its fields inside <SettingsSection>.
 */
const T = I.settings;
type Section = keyof Settings;

const SECTIONS: Array<{ key: Section; render: (settings: Settings) => ReactNode }> = [
  { key: "retention", render: (settings) => <RetentionSection value={settings.retention} /> },
];

export default function SettingsScreen() {
  const me = useSession().data!;
  const isSuperAdmin = me.role === "super_admin";
  // An admin is never sent to the server (it would answer 403); an audit-worthy page reads afresh each visit.
  const settings = trpc.settings.get.useQuery(undefined, { enabled: isSuperAdmin, refetchOnMount: "always" });

  if (!isSuperAdmin) {
    return (
      <ReadableText>
        <PageHeader title={T.title} />
        <AccessDenied title={T.forbiddenTitle} subTitle={T.forbiddenHelp} />
      </ReadableText>
    );
  }

  return (
    <ReadableText>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {settings.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : settings.isError ? (
        <Result
          status="error"
          title={T.loadFailed}
          subTitle={serverMessage(settings.error) ?? undefined}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => settings.refetch()}>
              {T.retry}
            </Button>
          }
        />
      ) : (
        <Flex vertical gap={24} style={{ maxWidth: 760 }}>
          {SECTIONS.map(({ key, render }) => (
            <div key={key}>{render(settings.data)}</div>
          ))}
          <BackupCard />
        </Flex>
      )}
    </ReadableText>
  );
}

/**
 * One section's card: its form, filled with the stored value, saved whole with Save (enabled once
 * something changed). Field rules come from the shared schema; the server's field messages show at
 * their fields. Leaving with unsaved changes asks first.
 */
function SettingsSection<K extends Section>({
  section,
  title,
  intro,
  value,
  children,
}: {
  section: K;
  title: string;
  intro: ReactNode;
  value: Settings[K];
  children: ReactNode;
}) {
  const [form] = Form.useForm<Settings[K]>();
  const utils = trpc.useUtils();
  const feedback = useFeedback();
  const save = trpc.settings.update.useMutation();
  const current = Form.useWatch((values: Settings[K]) => values, form) as Settings[K] | undefined;
  const dirty = useMemo(
    () => current !== undefined && Object.entries(value).some(([key, stored]) => !Object.is((current as Record<string, unknown>)[key], stored)),
    [current, value],
  );
  useUnsavedChanges(dirty);

  useEffect(() => {
    form.setFieldsValue(value as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, value]);

  const submit = async (values: Settings[K]) => {
    try {
      const saved = await save.mutateAsync({ [section]: values } as Parameters<typeof save.mutateAsync>[0]);
      utils.settings.get.setData(undefined, saved);
      feedback.success(T.saved);
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(T.saveFailed, serverMessage(error) ?? undefined);
    }
  };

  return (
    <Card title={title} data-testid={`settings-${section}`}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={value as object} onFinish={submit} name={`settings-${section}`} requiredMark={false}>
        {children}
        <Space>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} disabled={!dirty}>
            {T.save}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

function RetentionSection({ value }: { value: Settings["retention"] }) {
  return (
    <SettingsSection section="retention" title={T.retention.title} intro={T.retention.intro} value={value}>
      <Form.Item name="enabled" valuePropName="checked" label={T.retention.enabled} htmlFor="retention-enabled">
        <Switch id="retention-enabled" />
      </Form.Item>
      <Form.Item name="days" label={T.retention.days} htmlFor="retention-days" rules={[zodRule(retentionSettings, "days")]} validateFirst>
        <InputNumber id="retention-days" suffix={T.retention.daysUnit} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => (
          <div data-testid="retention-explanation">
            <Typography.Paragraph>{T.retention.explanation(getFieldValue("days") ?? "N")}</Typography.Paragraph>
            {getFieldValue("enabled") ? null : <Typography.Paragraph type="secondary">{T.retention.off}</Typography.Paragraph>}
          </div>
        )}
      </Form.Item>
    </SettingsSection>
  );
}
