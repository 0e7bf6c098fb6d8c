import { Alert, Col, Flex, Form, Input, Row, Select, Switch, Tooltip, Typography } from "antd";
import { createAdminUserInput, resetPasswordInput, ROLE_OPTIONS, updateAdminUserInput } from "../../../../shared/schemas/users";
import { roleSummary, type RoleRow } from "../../permissions";
import { DialogForm, FormDialog, useDialogForm, type DialogControls } from "../../components/FormDialog";
import { fieldOf, zodRule } from "../../forms";
import { U } from "../../text-users";
import type { AdminUserRow } from "../../components/staff";

/**
 * The three dialogs of the Admin Users screen (admin-portal.md sections 2, 4, 5 and 8): create, edit
 * (with the Active Account switch) and reset password (which also turns 2FA off). Validation comes from
 * the shared schemas, so the messages are the server's; a failure shows the server's message (at the
 * field it names: a taken username answers 409 naming `username`) and keeps the dialog open.
 */
const T = U.users;
/** Every role, built-in and custom: the spec's two labels for its two roles, else the role's name; each with what it allows. */
function roleOptions(roles: RoleRow[]) {
  const spec = new Map<string, string>(ROLE_OPTIONS.map((option) => [option.value, option.label]));
  return roles.map((role) => ({ value: role.key, label: spec.get(role.key) ?? role.name, title: roleSummary(role.permissions) }));
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  roles: RoleRow[];
}

/** Names and email as the server expects them: blank means none. */
interface ProfileValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** A role's key (built-in or custom). */
  role: string;
}

function ProfileFields({
  schema,
  roleNote,
  roles,
}: {
  schema: typeof createAdminUserInput | typeof updateAdminUserInput;
  roleNote?: string;
  roles: RoleRow[];
}) {
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
        <Input type="text" autoComplete="off" inputMode="email" maxLength={255} />
      </Form.Item>
      <Form.Item name="role" label={T.form.role} rules={[{ required: true, message: T.form.roleRequired }]} extra={roleNote}>
        <Select
          options={roleOptions(roles)}
          // Every role listed at once (a clinic has a handful): none left out of the page until scrolled to.
          virtual={false}
          optionRender={(option) => <RoleOption label={option.label} summary={option.data.title} />}
        />
      </Form.Item>
    </>
  );
}

function RoleOption({ label, summary }: { label: React.ReactNode; summary?: string }) {
  return (
    <Flex vertical>
      <span data-testid="role-option-name">{label}</span>
      {summary ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "normal" }}>
          {summary}
        </Typography.Text>
      ) : null}
    </Flex>
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

/** The users' failure toast: the server's message as its title, else the dialog's own. */
const failureTitle = (fallback: string) => (message: string | null) => message || fallback;

export function CreateUserDialog({ open, onClose, roles }: DialogProps) {
  return (
    <FormDialog open={open} title={T.create.title} onClose={onClose} width={560}>
      {(controls) => <CreateUserForm controls={controls} roles={roles} />}
    </FormDialog>
  );
}

function CreateUserForm({ controls, roles }: { controls: DialogControls; roles: RoleRow[] }) {
  const { save, props } = useDialogForm<ProfileValues & { username: string; password: string }>("users", controls);
  return (
    <DialogForm
      {...props}
      okText={T.create.ok}
      initialValues={{ role: "admin" }}
      onFinish={(values) =>
        save({
          write: (api) => api.users.create.mutate(values),
          success: (user) => T.create.success(user.username),
          failure: failureTitle(T.create.failed),
        })
      }
    >
      <Form.Item {...fieldOf(createAdminUserInput, "username")} label={T.form.username} required extra={T.form.usernameHelp}>
        <Input autoComplete="off" autoFocus maxLength={100} spellCheck={false} />
      </Form.Item>
      <Form.Item {...fieldOf(createAdminUserInput, "password")} label={T.form.password} required extra={T.form.passwordHelp}>
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <ProfileFields schema={createAdminUserInput} roles={roles} />
    </DialogForm>
  );
}

export function EditUserDialog({ open, onClose, user, isSelf, roles }: DialogProps & { user: AdminUserRow | null; isSelf: boolean }) {
  return (
    <FormDialog open={open && user !== null} title={T.edit.title} onClose={onClose} width={560}>
      {(controls) => (user ? <EditUserForm controls={controls} user={user} isSelf={isSelf} roles={roles} /> : null)}
    </FormDialog>
  );
}

function EditUserForm({
  controls,
  user,
  isSelf,
  roles,
}: {
  controls: DialogControls;
  user: AdminUserRow;
  isSelf: boolean;
  roles: RoleRow[];
}) {
  const { save, props } = useDialogForm<ProfileValues & { isActive: boolean }>("users", controls);
  return (
    <DialogForm
      {...props}
      okText={T.edit.ok}
      initialValues={{
        firstName: user.firstName ?? "",
        lastName: user.lastName ?? "",
        email: user.email ?? "",
        role: user.role,
        isActive: user.isActive,
      }}
      onFinish={(values) =>
        save({
          // Every field is sent: the server stores what it receives (blank names and email become none).
          write: (api) => api.users.update.mutate({ id: user.id, ...values, isActive: isSelf ? true : values.isActive }),
          success: (saved) => T.edit.success(saved.username),
          failure: failureTitle(T.edit.failed),
          refresh: isSelf ? ["ownAccount"] : [],
        })
      }
    >
      <UsernameLine user={user} />
      <ProfileFields schema={updateAdminUserInput} roleNote={isSelf ? T.own.roleNote : undefined} roles={roles} />
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
          user.isActive && getFieldValue("isActive") === false ? (
            <Alert type="warning" showIcon title={T.form.deactivateNote} style={{ marginTop: 16 }} />
          ) : null
        }
      </Form.Item>
    </DialogForm>
  );
}

export function ResetPasswordDialog({ open, onClose, user }: Omit<DialogProps, "roles"> & { user: AdminUserRow | null }) {
  return (
    <FormDialog open={open && user !== null} title={user ? T.reset.title(user.username) : ""} onClose={onClose} width={560}>
      {(controls) => (user ? <ResetPasswordForm controls={controls} user={user} /> : null)}
    </FormDialog>
  );
}

function ResetPasswordForm({ controls, user }: { controls: DialogControls; user: AdminUserRow }) {
  const { save, props } = useDialogForm<{ newPassword: string }>("users", controls);
  return (
    <DialogForm
      {...props}
      okText={T.reset.ok}
      okDanger
      onFinish={(values) =>
        save({
          write: (api) => api.users.resetPassword.mutate({ id: user.id, newPassword: values.newPassword }),
          success: T.reset.success(user.username),
          failure: failureTitle(T.reset.failed),
        })
      }
    >
      <Alert type="warning" showIcon title={T.reset.warning} description={T.reset.detail} style={{ marginBottom: 16 }} />
      <Form.Item {...fieldOf(resetPasswordInput, "newPassword")} label={T.reset.newPassword} required extra={T.form.passwordHelp}>
        <Input.Password autoComplete="new-password" autoFocus maxLength={128} />
      </Form.Item>
    </DialogForm>
  );
}
