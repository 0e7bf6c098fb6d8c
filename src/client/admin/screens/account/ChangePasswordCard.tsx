import { Button, Card, Form, Input, Typography } from "antd";
import { changeOwnPasswordInput } from "../../../../shared/schemas/users";
import { trpc } from "../../../lib/trpc";
import { httpStatus, serverMessage, useFeedback } from "../../feedback";
import { applyServerFieldErrors, zodRule } from "../../forms";
import { U } from "../../text-users";

/** The user's own password: current one first, the new one twice. Other sessions end; this one stays. */
const T = U.account.password;

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function ChangePasswordCard() {
  const [form] = Form.useForm<Values>();
  const feedback = useFeedback();
  const change = trpc.auth.changePassword.useMutation();

  const submit = async ({ currentPassword, newPassword }: Values) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      feedback.success(T.success, T.successText);
      form.resetFields();
    } catch (error) {
      const message = serverMessage(error);
      // A 400 without field messages is the one check only the server can make: the current password.
      if (!applyServerFieldErrors(form, error) && httpStatus(error) === 400 && message) {
        form.setFields([{ name: "currentPassword", errors: [message] }]);
      }
      feedback.error(T.failed, message ?? undefined);
    }
  };

  return (
    <Card title={T.title}>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Form<Values> form={form} name="change-password" layout="vertical" onFinish={submit} disabled={change.isPending} style={{ maxWidth: 420 }}>
        <Form.Item name="currentPassword" label={T.current} rules={[{ required: true, message: T.currentRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={T.next} required rules={[zodRule(changeOwnPasswordInput, "newPassword")]} extra={T.nextHelp}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={T.confirm}
          dependencies={["newPassword"]}
          rules={[
            { required: true, message: T.confirmRequired },
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue("newPassword")) throw new Error(T.mismatch);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {T.submit}
        </Button>
      </Form>
    </Card>
  );
}
