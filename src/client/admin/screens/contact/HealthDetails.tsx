import { AlertOutlined, EyeOutlined, LockOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Form, Input, Modal, Radio, Typography, type FormInstance } from "antd";
import { useState, type ReactNode } from "react";
import { HEALTH_ACCESS_REASON_LABELS, HEALTH_ACCESS_REASONS, type HealthAccessReason } from "../../../../shared/permissions";
import { QueryState } from "../../components/QueryState";
import { healthAccessOf, healthWrites, useCan, useHealthOpening, type HealthReason } from "../../permissions";
import { useSave } from "../../save";
import { A } from "../../text";
import { I } from "../../text-inquiries";
import type { OpenedInquiry } from "./parts";
import { R } from "../../text-roles";
import { formatTime } from "../../dates";

/**
 * An inquiry's health details behind a reason (issue 24). The opened inquiry says whether they are in
 * it (a reason was given for it earlier in this session), need a reason, or are not the role's to see.
 * "Show health details" asks why (reply, scheduling, clinical review, or other with words), then opens
 * the inquiry again with the reason: the server logs it in the inquiry's access history and answers
 * the details, shown until the drawer closes (never kept). The server asks once per inquiry per session.
 *
 * A role without health details sees "Emergency access" instead: it asks why, warns that the Super Administrators
 * are told at once and that it lasts EMERGENCY_ACCESS_MINUTES minutes; once started, the session's
 * permissions include health details until then, and the details open with the same words as reason.
 */
const T = R.health;

const REASON_OPTIONS = HEALTH_ACCESS_REASONS.map((value) => ({ value, label: HEALTH_ACCESS_REASON_LABELS[value] }));
/** The server asks for at least this many characters of why emergency access is needed. */
const EMERGENCY_REASON_MIN = 10;
/** The reason's words as the server keeps them (at most 200 characters). */
const REASON_TEXT_MAX = 200;

export function HealthDetails({ inquiry }: { inquiry: OpenedInquiry }) {
  const allowed = useCan("inquiries.health");
  const { run, saving } = useSave("health");
  const [why, setWhy] = useState<HealthReason | null>(null);
  const [asking, setAsking] = useState<"reason" | "emergency" | null>(null);
  const opening = useHealthOpening(inquiry.id, why);
  const access = healthAccessOf(inquiry);

  if (access === "shown") return <HealthText text={inquiry.healthConditions ?? null} />;
  if (why) {
    return (
      <QueryState query={opening} failed={T.openFailed} compact loadingText={T.opening}>
        {(opened) => (
          <Flex vertical gap={4}>
            <HealthText text={opened.healthConditions ?? null} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="health-reason">
              {T.shownBecause(reasonWords(why))}
            </Typography.Text>
          </Flex>
        )}
      </QueryState>
    );
  }

  const startEmergency = async (reason: string) => {
    const started = await run({
      write: healthWrites.emergency(reason),
      success: (answer) => T.emergencyActive(formatTime(answer.until)),
      failure: (message) => [T.emergencyFailed, message ?? undefined],
    });
    if (!started.ok) return false;
    setWhy({ reason: "other", otherText: reason.slice(0, REASON_TEXT_MAX) });
    return true;
  };

  return (
    <Flex vertical align="flex-start" gap={8} data-testid="health-locked">
      <Typography.Text type="secondary">
        <LockOutlined /> {allowed ? T.hidden : T.notAllowed}
      </Typography.Text>
      {allowed ? (
        <Button icon={<EyeOutlined />} onClick={() => setAsking("reason")} aria-label={T.showLabel}>
          {T.show}
        </Button>
      ) : (
        <Button danger icon={<AlertOutlined />} onClick={() => setAsking("emergency")} loading={saving} aria-label={T.emergencyLabel}>
          {T.emergency}
        </Button>
      )}
      <ReasonDialog open={asking === "reason"} onClose={() => setAsking(null)} onSubmit={setWhy} />
      <EmergencyDialog open={asking === "emergency"} saving={saving} onClose={() => setAsking(null)} onSubmit={startEmergency} />
    </Flex>
  );
}

function reasonWords(why: HealthReason): string {
  return why.reason === "other" && why.otherText ? why.otherText : HEALTH_ACCESS_REASON_LABELS[why.reason];
}

function HealthText({ text }: { text: string | null }) {
  if (!text) return <Typography.Text type="secondary">{I.inquiry.none}</Typography.Text>;
  return (
    <span className="inquiry-note-text" data-testid="health-details">
      {text}
    </span>
  );
}

/** A dialog around a small form: OK (danger red for an emergency) submits it, Cancel closes it, nothing kept once closed. */
function FormModal({
  open,
  form,
  title,
  okText,
  danger,
  saving,
  onClose,
  children,
}: {
  open: boolean;
  form: FormInstance;
  title: string;
  okText: string;
  danger?: boolean;
  saving?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={danger ? { danger } : undefined}
      confirmLoading={saving}
      onOk={() => form.submit()}
      cancelText={A.common.cancel}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}

function ReasonDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (why: HealthReason) => void }) {
  const [form] = Form.useForm<{ reason: HealthAccessReason; otherText?: string }>();
  const reason = Form.useWatch("reason", form);
  const submit = (values: { reason: HealthAccessReason; otherText?: string }) => {
    onSubmit(values.reason === "other" ? { reason: "other", otherText: values.otherText?.trim() } : { reason: values.reason });
    onClose();
  };
  return (
    <FormModal open={open} form={form} title={T.askTitle} okText={T.open} onClose={onClose}>
      <Typography.Paragraph type="secondary">{T.askText}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} name="health-reason" preserve={false}>
        <Form.Item name="reason" label={T.reason} rules={[{ required: true, message: T.reasonRequired }]}>
          <Radio.Group options={REASON_OPTIONS} style={{ display: "flex", flexDirection: "column", gap: 6 }} />
        </Form.Item>
        {reason === "other" ? (
          <Form.Item name="otherText" label={T.otherText} rules={[{ required: true, whitespace: true, message: T.otherRequired }]}>
            <Input.TextArea rows={2} maxLength={REASON_TEXT_MAX} showCount autoFocus />
          </Form.Item>
        ) : null}
      </Form>
    </FormModal>
  );
}

function EmergencyDialog({
  open,
  saving,
  onClose,
  onSubmit,
}: {
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<boolean>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async ({ reason }: { reason: string }) => {
    if (await onSubmit(reason.trim())) onClose();
  };
  return (
    <FormModal open={open} form={form} title={T.emergencyTitle} okText={T.emergencyOpen} danger saving={saving} onClose={onClose}>
      <Alert type="warning" showIcon title={T.emergencyWarning} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={submit} name="emergency-access" preserve={false}>
        <Form.Item
          name="reason"
          label={T.emergencyReason}
          rules={[{ required: true, whitespace: true, min: EMERGENCY_REASON_MIN, message: T.emergencyReasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
