import { Checkbox, Flex, Form, Input, Select } from "antd";
import { PERMISSIONS, type Permission } from "../../../../shared/permissions";
import { createRoleInput } from "../../../../shared/schemas/roles";
import { zodRule } from "../../forms";
import { DialogForm, FormDialog, useDialogForm, type DialogControls } from "../../components/FormDialog";
import { permissionLabel, roleWrites, type RoleFields, type RoleRow } from "../../permissions";
import { R } from "../../text-roles";

/**
 * A custom role's dialog: its name and a box per permission (in the matrix's order and words). A new
 * role can start from another one ("Start from": its boxes are copied in, then changed as needed).
 */
const T = R.form;
const NAME_MAX = 60;

export function RoleDialog({ open, role, roles, onClose }: { open: boolean; role: RoleRow | null; roles: RoleRow[]; onClose: () => void }) {
  return (
    <FormDialog open={open} title={role ? T.editTitle(role.name) : T.createTitle} onClose={onClose} width={620}>
      {(controls) => <RoleForm controls={controls} role={role} roles={roles} />}
    </FormDialog>
  );
}

function RoleForm({ controls, role, roles }: { controls: DialogControls; role: RoleRow | null; roles: RoleRow[] }) {
  const { form, save, props } = useDialogForm<RoleFields & { copyFrom?: string }>("roles", controls);
  const copyOptions = [
    { value: "", label: T.copyNone },
    ...roles.filter((r) => r.key !== role?.key).map((r) => ({ value: r.key, label: r.name })),
  ];

  const finish = ({ name, permissions }: RoleFields) => {
    const fields = { name: name.trim(), permissions: PERMISSIONS.filter((p) => permissions.includes(p)) };
    return save(
      role
        ? {
            write: roleWrites.update(role.key, fields),
            success: (saved) => T.saved(saved.name),
            failure: (message) => message || T.saveFailed,
          }
        : { write: roleWrites.create(fields), success: (saved) => T.created(saved.name), failure: (message) => message || T.createFailed },
    );
  };

  return (
    <DialogForm
      {...props}
      name="role-form"
      okText={role ? T.save : T.create}
      initialValues={{ name: role?.name ?? "", permissions: role?.permissions ?? [], copyFrom: "" }}
      onValuesChange={(changed) => {
        if (changed.copyFrom !== undefined) {
          const source = roles.find((r) => r.key === changed.copyFrom);
          form.setFieldValue("permissions", source ? [...source.permissions] : []);
        }
      }}
      onFinish={finish}
    >
      <Form.Item
        name="name"
        label={T.name}
        rules={[
          { required: true, whitespace: true, message: T.nameRequired },
          { max: NAME_MAX, message: T.nameTooLong },
          // The server's rules too: a built-in role's name is refused as you type it.
          zodRule(createRoleInput, "name"),
        ]}
      >
        <Input autoFocus autoComplete="off" maxLength={NAME_MAX} placeholder={T.namePlaceholder} />
      </Form.Item>
      {role ? null : (
        <Form.Item name="copyFrom" label={T.copyFrom} extra={T.copyFromHelp}>
          <Select options={copyOptions} />
        </Form.Item>
      )}
      <Form.Item name="permissions" label={T.permissions} extra={T.healthNote}>
        <Checkbox.Group style={{ width: "100%" }}>
          <Flex vertical gap={6}>
            {PERMISSIONS.map((permission: Permission) => (
              <Checkbox key={permission} value={permission}>
                {permissionLabel(permission)}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
    </DialogForm>
  );
}
