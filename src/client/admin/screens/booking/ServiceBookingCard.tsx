import { Button, Card, Col, Form, InputNumber, Row, Select, Switch, Typography } from "antd";
import { useEffect } from "react";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../components/QueryState";
import type { Outputs } from "../../outputs";
import { useFormSave } from "../../save";
import { BK } from "../../text-booking";

type Settings = Outputs["booking"]["serviceSettings"];
type Values = Omit<Settings, "serviceId">;
const T = BK.service;

/**
 * A service's booking settings (issue 38; availability.edit), on the service editor: bookable, length,
 * step, buffers, minimum notice, days ahead, its clinicians and resource, whether staff confirm, the
 * late-cancel window. Its own form (no <form> of its own: it sits inside the editor's) and its own Save;
 * the server checks every value again (src/shared/schemas/booking.ts).
 */
export function ServiceBookingCard({ serviceId }: { serviceId: number }) {
  const settings = trpc.booking.serviceSettings.useQuery({ id: serviceId });
  return (
    <Card title={T.title} data-testid="service-booking">
      <QueryState query={settings} failed={T.loadFailed} compact>
        {(data) => <SettingsForm settings={data} />}
      </QueryState>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const [form] = Form.useForm<Values>();
  const clinicians = trpc.booking.clinicians.useQuery();
  const resources = trpc.booking.resources.useQuery();
  const { saving, save } = useFormSave("booking", form);
  useEffect(() => form.setFieldsValue(settings), [form, settings]);
  const minutes = (name: keyof Values, label: string, min: number, max: number, step = 5) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={label} rules={[{ required: true }]}>
        <InputNumber min={min} max={max} step={step} style={{ width: "100%" }} />
      </Form.Item>
    </Col>
  );
  return (
    <Form form={form} component={false} layout="vertical" initialValues={settings}>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Form.Item name="bookable" valuePropName="checked" label={T.bookable}>
        <Switch />
      </Form.Item>
      <Row gutter={16}>
        {minutes("durationMinutes", T.duration, 5, 720)}
        {minutes("intervalMinutes", T.interval, 5, 720)}
        {minutes("bufferBeforeMinutes", T.bufferBefore, 0, 240)}
        {minutes("bufferAfterMinutes", T.bufferAfter, 0, 240)}
        {minutes("minNoticeMinutes", T.minNotice, 0, 60 * 24 * 90, 15)}
        {minutes("daysAhead", T.daysAhead, 0, 365, 1)}
      </Row>
      <Form.Item name="clinicianIds" label={T.clinicians}>
        <Select
          mode="multiple"
          loading={clinicians.isPending}
          options={(clinicians.data ?? []).map((c) => ({ value: c.teamMemberId, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="resourceId" label={T.resource}>
        <Select
          allowClear
          placeholder={T.noResource}
          loading={resources.isPending}
          options={(resources.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          onClear={() => form.setFieldValue("resourceId", null)}
        />
      </Form.Item>
      <Form.Item name="requiresConfirmation" valuePropName="checked" label={T.requiresConfirmation}>
        <Switch />
      </Form.Item>
      <Form.Item name="lateCancelHours" label={T.lateCancel} rules={[{ required: true }]}>
        <InputNumber min={0} max={24 * 14} style={{ width: "100%" }} />
      </Form.Item>
      <Button
        type="primary"
        loading={saving}
        onClick={async () => {
          const values = await form.validateFields();
          await save({
            write: (api) =>
              api.booking.saveServiceSettings.mutate({ ...values, resourceId: values.resourceId ?? null, serviceId: settings.serviceId }),
            success: T.saved,
            failure: T.failed,
          });
        }}
      >
        {T.save}
      </Button>
    </Form>
  );
}
