import { Alert, Button, Card, Descriptions, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { updateOwnProfileInput, type UpdateOwnProfileInput } from "../../../../shared/schemas/users";
import { ToneTag } from "../../components/tones";
import { fieldOf } from "../../forms";
import { useSave } from "../../save";
import { holdsAll, permissionsOf, roleLabelOf } from "../../permissions";
import { useSession } from "../../session";
import { U } from "../../text-users";

/**
 * My Account's profile: the username and role (changed by a super admin in User Management), and the
 * user's own first name, last name and e-mail, edited here. Names are saved at once; when the site sends
 * mail a new e-mail waits for the link mailed to it (ConfirmEmailScreen), and the card says so.
 */
const T = U.account;

export function ProfileCard() {
  const user = useSession().data!;
  const [editing, setEditing] = useState(false);
  // A new e-mail waiting for the link mailed to it (the session is refreshed after a save).
  const pendingEmail = user.pendingEmail;
  const [form] = Form.useForm<UpdateOwnProfileInput>();
  const { saving, run } = useSave("ownAccount");
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const notSet = <Typography.Text type="secondary">{U.common.notSet}</Typography.Text>;

  const save = (values: UpdateOwnProfileInput) =>
    run({
      form,
      write: (api) => api.auth.updateProfile.mutate(values),
      onSaved: () => setEditing(false),
      success: (profile) => (profile.pendingEmail ? T.profileSavedPending(profile.pendingEmail) : [T.profileSaved, T.profileSavedText]),
      failure: T.profileFailed,
    });

  return (
    <Card title={T.profile} style={{ marginBottom: 24 }}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: "username", label: T.username, children: <Typography.Text strong>{user.username}</Typography.Text> },
          {
            key: "role",
            label: T.role,
            children: <ToneTag tone={holdsAll(permissionsOf(user)) ? "gold" : "cyan"}>{roleLabelOf(user)}</ToneTag>,
          },
          ...(editing
            ? []
            : [
                { key: "name", label: T.name, children: name || notSet },
                { key: "email", label: T.email, children: user.email || notSet },
              ]),
        ]}
      />
      {pendingEmail && !editing && (
        <Alert type="info" showIcon style={{ marginTop: 12 }} message={T.emailPending(pendingEmail)} data-testid="email-pending" />
      )}
      {editing ? (
        <Form<UpdateOwnProfileInput>
          form={form}
          name="own-profile"
          layout="vertical"
          onFinish={save}
          disabled={saving}
          initialValues={{ firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email ?? "" }}
          style={{ maxWidth: 420, marginTop: 16 }}
        >
          <Form.Item {...fieldOf(updateOwnProfileInput, "firstName")} label={T.firstName}>
            <Input autoComplete="given-name" maxLength={100} />
          </Form.Item>
          <Form.Item {...fieldOf(updateOwnProfileInput, "lastName")} label={T.lastName}>
            <Input autoComplete="family-name" maxLength={100} />
          </Form.Item>
          <Form.Item {...fieldOf(updateOwnProfileInput, "email")} label={T.email} extra={T.emailHelp}>
            <Input type="email" autoComplete="email" maxLength={255} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {T.saveProfile}
            </Button>
            <Button onClick={() => setEditing(false)}>{T.cancel}</Button>
          </Space>
        </Form>
      ) : (
        <Button style={{ marginTop: 12 }} onClick={() => setEditing(true)}>
          {T.editProfile}
        </Button>
      )}
    </Card>
  );
}
