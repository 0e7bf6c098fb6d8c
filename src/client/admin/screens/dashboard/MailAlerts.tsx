import { MailOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Typography } from "antd";
import { useState } from "react";
import { Link } from "wouter";
import { USER_MESSAGES } from "../../../../shared/schemas/users";
import { trpc } from "../../../lib/trpc";
import { useCan } from "../../permissions";
import { useSave } from "../../save";
import { useSession } from "../../session";
import { M } from "../../text-mail";

/**
 * The dashboard's e-mail parts (issue 36): after the first sign-in, a prompt for the signed-in staff
 * member's e-mail address for new-inquiry alerts when the account has none (saved to their own account
 * under My Account's rules; "Not now" hides it, and sign-in still lands here); and, for those who can
 * fix it, a plain warning while no new inquiry is e-mailed to anyone, with a link to Settings > E-mail.
 */
const T = M.dashboard;
const SKIPPED = "clinic-admin-email-prompt-skipped";

export function MailAlerts() {
  return (
    <>
      <AlertsWarning />
      <EmailPrompt />
    </>
  );
}

function AlertsWarning() {
  const mayFix = useCan("settings.manage");
  const alerts = trpc.settings.mailAlerts.useQuery(undefined, { enabled: mayFix, refetchOnMount: "always" });
  if (!mayFix || !alerts.data || alerts.data.alerted) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 24 }}
      data-testid="mail-alerts-warning"
      title={
        <>
          {T.warning.title}
          {/* Underlined: a link inside a sentence is told apart by more than its colour. */}
          <Link href="/settings" style={{ textDecoration: "underline" }}>
            {T.warning.link}
          </Link>
        </>
      }
      description={alerts.data.reason ? T.warning.reasons[alerts.data.reason] : null}
    />
  );
}

function EmailPrompt() {
  const user = useSession().data;
  const getsInquiries = useCan("inquiries.view");
  const [skipped, setSkipped] = useState(() => sessionStorage.getItem(SKIPPED) === "1");
  const asks = Boolean(user?.firstSignIn && !user.email && !user.pendingEmail && getsInquiries && !skipped);
  const notifications = trpc.auth.notifications.useQuery(undefined, { enabled: asks });
  const [form] = Form.useForm<{ email: string; notify: boolean }>();
  const { saving, run } = useSave("ownAccount");
  if (!user || !asks) return null;

  const skip = () => {
    sessionStorage.setItem(SKIPPED, "1");
    setSkipped(true);
  };

  const save = (values: { email: string; notify: boolean }) =>
    run({
      form,
      write: async (api) => {
        const profile = await api.auth.updateProfile.mutate({ firstName: user.firstName, lastName: user.lastName, email: values.email });
        if (values.notify !== notifications.data?.newInquiries) await api.auth.setNotifications.mutate({ newInquiries: values.notify });
        return profile;
      },
      success: (profile) => (profile.pendingEmail ? [T.prompt.saved, T.prompt.confirmSent(profile.pendingEmail)] : T.prompt.saved),
      failure: T.prompt.failed,
      fieldErrorsOnly: true,
      refresh: ["notifications", "mail"],
    });

  return (
    <Card style={{ marginBottom: 24 }} data-testid="email-prompt">
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }} id="email-prompt-title">
        <MailOutlined aria-hidden style={{ marginRight: 8 }} />
        {T.prompt.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.prompt.text}</Typography.Paragraph>
      <Form
        form={form}
        name="email-prompt"
        layout="vertical"
        requiredMark={false}
        onFinish={save}
        disabled={saving}
        initialValues={{ email: "", notify: true }}
        style={{ maxWidth: 460 }}
        aria-labelledby="email-prompt-title"
      >
        <Form.Item
          name="email"
          label={T.prompt.email}
          htmlFor="email-prompt-email"
          rules={[
            { required: true, message: USER_MESSAGES.email },
            { type: "email", message: USER_MESSAGES.email },
          ]}
          validateTrigger="onSubmit"
        >
          <Input id="email-prompt-email" inputMode="email" autoComplete="email" maxLength={255} />
        </Form.Item>
        <Form.Item name="notify" valuePropName="checked">
          <Checkbox>{T.prompt.notify}</Checkbox>
        </Form.Item>
        <Flex gap={8} wrap align="center">
          <Button type="primary" htmlType="submit" loading={saving}>
            {T.prompt.save}
          </Button>
          <Button onClick={skip} disabled={false}>
            {T.prompt.skip}
          </Button>
          <Typography.Text type="secondary">{T.prompt.later}</Typography.Text>
        </Flex>
      </Form>
    </Card>
  );
}
