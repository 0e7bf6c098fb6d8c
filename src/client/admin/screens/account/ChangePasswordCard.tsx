import type { z } from "zod";
import { Button, Card, Form, Input, Typography } from "antd";
import { changeOwnPasswordInput } from "../../../../shared/schemas/users";
import { fieldOf } from "../../forms";
import { useSave } from "../../save";
import { U } from "../../text-users";

/** The user's own password: current one first, the new one twice. Other sessions end; this one stays. */
const T = U.account.password;

/** The form's fields: the schema's own (what a save sends), checked by its rules field by field. */
type Values = z.input<typeof changeOwnPasswordInput> & { confirmPassword: string };

/** `title` and `intro` replace the card's own (the "Choose a new password" step after sign-in). */
export function ChangePasswordCard({ title = T.title, intro = T.intro }: { title?: string; intro?: string }) {
  const [form] = Form.useForm<Values>();
  // The session answer changes too (a required change is done): it is refreshed.
  const { saving: running, run } = useSave("ownAccount");

  const submit = ({ currentPassword, newPassword }: Values) =>
    run({
      form,
      write: (api) => api.auth.changePassword.mutate({ currentPassword, newPassword }),
      onSaved: () => form.resetFields(),
      success: [T.success, T.successText],
      failure: T.failed,
      // A refusal without field messages is the one check only the server can make: the current password.
      refusalField: "currentPassword",
    });

  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      <Form<Values> form={form} name="change-password" layout="vertical" onFinish={submit} disabled={running} style={{ maxWidth: 420 }}>
        <Form.Item name="currentPassword" label={T.current} rules={[{ required: true, message: T.currentRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item {...fieldOf(changeOwnPasswordInput, "newPassword")} label={T.next} required extra={T.nextHelp}>
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
        <Button type="primary" htmlType="submit" loading={running}>
          {T.submit}
        </Button>
      </Form>
    </Card>
  );
}
