import { SaveOutlined } from "@ant-design/icons";
import { Button, Card, Form, Space, Typography } from "antd";
import { useEffect, useMemo, type ReactNode } from "react";
import type { Settings } from "../../../../shared/schemas/settings";
import { trpc } from "../../../lib/trpc";
import { useUnsavedChanges } from "../../navigation";
import { useAction } from "../../save";
import { I } from "../../text-inquiries";

const T = I.settings;
export type Section = keyof Settings;

/**
 * One section's card: its form, filled with the stored value, saved whole with Save (enabled once
 * something changed). Field rules come from the shared schema; the server's field messages show at
 * their fields. Leaving with unsaved changes asks first. `before` and `after` hold what the card shows
 * around its form that is not part of the section's value (a status, a list with its own switches, a
 * second form): outside the <form>, so a form inside them is never nested in this one.
 */
export function SettingsSection<K extends Section>({
  section,
  title,
  intro,
  value,
  before,
  after,
  children,
}: {
  section: K;
  title: string;
  intro: ReactNode;
  value: Settings[K];
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  const [form] = Form.useForm<Settings[K]>();
  const utils = trpc.useUtils();
  const { running: saving, run } = useAction();
  const current = Form.useWatch((values: Settings[K]) => values, form) as Settings[K] | undefined;
  const dirty = useMemo(
    () =>
      current !== undefined && Object.entries(value).some(([key, stored]) => !sameValue((current as Record<string, unknown>)[key], stored)),
    [current, value],
  );
  useUnsavedChanges(dirty);

  useEffect(() => {
    form.setFieldsValue(value as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, value]);

  const submit = (values: Settings[K]) =>
    run({
      form,
      write: (api) => api.settings.update.mutate({ [section]: values }),
      onSaved: (saved) => {
        utils.settings.get.setData(undefined, saved);
        // The portal shows the clinic's name (sidebar, tab titles): from the details just saved.
        utils.settings.clinic.setData(undefined, (old) => ({ ...saved.clinic, specialDays: old?.specialDays ?? [] }));
      },
      success: T.saved,
      failure: T.saveFailed,
      // The server names a field by its path in the update (clinic.hours.monday.closes): the form by the rest.
      fieldPrefix: section,
      fieldErrorsOnly: true,
    });

  return (
    <Card title={title} data-testid={`settings-${section}`}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {before}
      <Form
        form={form}
        layout="vertical"
        initialValues={value as object}
        onFinish={submit}
        name={`settings-${section}`}
        requiredMark={false}
      >
        {children}
        <Space>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={!dirty}>
            {T.save}
          </Button>
        </Space>
      </Form>
      {after}
    </Card>
  );
}

/** Whether a field still holds the stored value (nested values, the clinic's hours, compared whole). */
function sameValue(a: unknown, b: unknown): boolean {
  return typeof a === "object" && a !== null ? JSON.stringify(a) === JSON.stringify(b) : Object.is(a, b);
}

/** A part of a card below its own heading (the card's title is the section's). */
export function SubSection({ title, extra, testId, children }: { title: string; extra?: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <section data-testid={testId} style={{ marginTop: 24, paddingTop: 16, borderTop: "1px solid #f0f0f0" }}>
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, flexWrap: "wrap", marginBottom: 8 }}>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      {children}
    </section>
  );
}
