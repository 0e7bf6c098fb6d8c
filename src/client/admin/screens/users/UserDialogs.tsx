import { Alert, Col, Flex, Form, Input, Row, Select, Switch, Tooltip, Typography } from "antd";
import { createAdminUserInput, resetPasswordInput, ROLE_OPTIONS, updateAdminUserInput, type AdminRole } from "../../../../shared/schemas/users";
import { trpc } from "../../../lib/trpc";
import { httpStatus, serverMessage, useFeedback } from "../../feedback";
import { applyServerFieldErrors, zodRule } from "../../forms";
import { U } from "../../text-users";
import { FormDialog } from "./FormDialog";
import type { AdminUserRow } from "./shared";

/**
 * The three dialogs of the Admin Users screen (admin-portal.md sections 2, 4, 5 and 8): create, edit
 * (with the Active Account switch) and reset password (which also turns 2FA off). Validation comes from
 * the shared schemas, so the messages are the server's; a failure shows the server's message (at its
 * field when it names one) and keeps the dialog open.
 */
const T = U.users;
const ROLE_SELECT_OPTIONS = ROLE_OPTIONS.map((option) => ({ value: option.value, label: option.label }));

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** Names and email as the server expects them: blank means none. */
interface ProfileValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  role: AdminRole;
}

function ProfileFields({ schema, roleNote }: { schema: typeof createAdminUserInput | typeof updateAdminUserInput; roleNote?: string }) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="firstName" label={T.form.firstName} rules={[zodRule(schema, "firstName")]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="lastName" label={T.form.lastName} rules={[zodRule(schema, "lastName")]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="email" label={T.form.email} rules={[zodRule(schema, "email")]}>
        <Input type="email" autoComplete="off" inputMode="email" maxLength={255} />
      </Form.Item>
      <Form.Item name="role" label={T.form.role} rules={[{ required: true, message: T.form.roleRequired }]} extra={roleNote}>
        <Select options={ROLE_SELECT_OPTIONS} />
      </Form.Item>
    </>
  );
}

function UsernameLine({ user }: { user: AdminUserRow | null }) {
  if (!user) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
      {T.form.username}: <Typography.Text strong>{user.username}</Typography.Text>
    </Typography.Paragraph>
  );
}

export function CreateUserDialog({ open, onClose }: DialogProps) {
  const feedback = useFeedback();
  const utils = trpc.useUtils();
  const create = trpc.users.create.useMutation();

  return (
    <FormDialog<ProfileValues & { username: string; password: string }>
      open={open}
      name="create-user"
      title={T.create.title}
      okText={T.create.ok}
      initialValues={{ role: "admin" }}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          const user = await create.mutateAsync(values);
          feedback.success(T.create.success(user.username));
          await utils.users.list.invalidate();
          return true;
        } catch (error) {
          const message = serverMessage(error);
          if (!applyServerFieldErrors(form, error) && httpStatus(error) === 409 && message) {
            form.setFields([{ name: "username", errors: [message] }]);
          }
          feedback.error(message || T.create.failed);
          return false;
        }
      }}
    >
      <Form.Item name="username" label={T.form.username} required rules={[zodRule(createAdminUserInput, "username")]} extra={T.form.usernameHelp}>
        <Input autoComplete="off" autoFocus maxLength={100} spellCheck={false} />
      </Form.Item>
      <Form.Item name="password" label={T.form.password} required rules={[zodRule(createAdminUserInput, "password")]} extra={T.form.passwordHelp}>
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <ProfileFields schema={createAdminUserInput} />
    </FormDialog>
  );
}

export function EditUserDialog({ open, onClose, user, isSelf }: DialogProps & { user: AdminUserRow | null; isSelf: boolean }) {
  const feedback = useFeedback();
  const utils = trpc.useUtils();
  const update = trpc.users.update.useMutation();

  return (
    <FormDialog<ProfileValues & { isActive: boolean }>
      open={open}
      name="edit-user"
      title={T.edit.title}
      okText={T.edit.ok}
      initialValues={
        user
          ? { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email ?? "", role: user.role, isActive: user.isActive }
          : undefined
      }
      onClose={onClose}
      onSubmit={async (values, form) => {
        if (!user) return true;
        try {
          // Every field is sent: the server stores what it receives (blank names and email become none).
          const saved = await update.mutateAsync({ id: user.id, ...values, isActive: isSelf ? true : values.isActive });
          feedback.success(T.edit.success(saved.username));
          await utils.users.list.invalidate();
          if (isSelf) await utils.auth.session.invalidate();
          return true;
        } catch (error) {
          applyServerFieldErrors(form, error);
          feedback.error(serverMessage(error) || T.edit.failed);
          return false;
        }
      }}
    >
      <UsernameLine user={user} />
      <ProfileFields schema={updateAdminUserInput} roleNote={isSelf ? T.own.roleNote : undefined} />
      <Form.Item label={T.form.active} htmlFor="edit-user-active" style={{ marginBottom: 8 }}>
        <Flex align="center" gap={12}>
          <Tooltip title={isSelf ? T.own.deactivate : undefined}>
            <span>
              <Form.Item name="isActive" valuePropName="checked" noStyle>
                <Switch id="edit-user-active" disabled={isSelf} aria-describedby="edit-user-active-help" />
              </Form.Item>
            </span>
          </Tooltip>
          <Typography.Text id="edit-user-active-help" type="secondary">
            {T.form.activeHelp}
          </Typography.Text>
        </Flex>
        {isSelf ? (
          <Typography.Text type="secondary" style={{ display: "block", marginTop: 4, fontSize: 13 }}>
            {T.own.deactivate}
          </Typography.Text>
        ) : null}
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(prev, next) => prev.isActive !== next.isActive}>
        {({ getFieldValue }) =>
          user?.isActive && getFieldValue("isActive") === false ? (
            <Alert type="warning" showIcon title={T.form.deactivateNote} style={{ marginTop: 16 }} />
          ) : null
        }
      </Form.Item>
    </FormDialog>
  );
}

export function ResetPasswordDialog({ open, onClose, user }: DialogProps & { user: AdminUserRow | null }) {
  const feedback = useFeedback();
  const utils = trpc.useUtils();
  const reset = trpc.users.resetPassword.useMutation();

  return (
    <FormDialog<{ newPassword: string }>
      open={open}
      name="reset-password"
      title={user ? T.reset.title(user.username) : ""}
      okText={T.reset.ok}
      okDanger
      onClose={onClose}
      onSubmit={async (values, form) => {
        if (!user) return true;
        try {
          await reset.mutateAsync({ id: user.id, newPassword: values.newPassword });
          feedback.success(T.reset.success(user.username));
          await utils.users.list.invalidate();
          return true;
        } catch (error) {
          applyServerFieldErrors(form, error);
          feedback.error(serverMessage(error) || T.reset.failed);
          return false;
        }
      }}
    >
      <Alert type="warning" showIcon title={T.reset.warning} description={T.reset.detail} style={{ marginBottom: 16 }} />
      <Form.Item name="newPassword" label={T.reset.newPassword} required rules={[zodRule(resetPasswordInput, "newPassword")]} extra={T.form.passwordHelp}>
        <Input.Password autoComplete="new-password" autoFocus maxLength={128} />
      </Form.Item>
    </FormDialog>
  );
}
