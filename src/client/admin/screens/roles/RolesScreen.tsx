import { CheckOutlined, MinusOutlined } from "@ant-design/icons";
import { Card, Flex, Skeleton, Switch, Table, Typography, type TableColumnsType } from "antd";
import { useState } from "react";
import { PERMISSIONS, type Permission } from "../../../../shared/permissions";
import { useConfirmDelete } from "../../components/confirm";
import { PageHeader } from "../../components/PageHeader";
import { AddButton, DeleteButton, EditButton, QueryState } from "../../components/QueryState";
import { RefreshButton } from "../../components/RefreshButton";
import { ToneTag } from "../../components/tones";
import { permissionLabel, roleWrites, useRoles, type RoleRow } from "../../permissions";
import { useSave } from "../../save";
import { R } from "../../text-roles";
import { RoleDialog } from "./RoleDialog";

/**
 * Roles & permissions (issue 24): what each role may do at a glance, roles as columns and permissions
 * as rows in plain words, a check or a dash in each cell. The built-in roles are fixed (shown, never
 * changed); custom roles are added ("start from" a built-in one copies its boxes), edited and deleted
 * here, through the portal's one save. A change takes effect at once: the server reads a role's
 * permissions at every call, and the portal refreshes the session of whoever changed it.
 */
const T = R.screen;

type Dialog = { kind: "create" } | { kind: "edit"; role: RoleRow } | null;

export default function RolesScreen() {
  const roles = useRoles();
  const [dialog, setDialog] = useState<Dialog>(null);
  const deleteAfterConfirm = useConfirmDelete("roles");
  const scopeSave = useSave("roles");
  const setScope = (role: RoleRow, assignedOnly: boolean) =>
    scopeSave.run({
      write: roleWrites.scope(role.key, assignedOnly),
      success: assignedOnly ? T.scopeOn(role.name) : T.scopeOff(role.name),
      failure: T.scopeFailed,
    });

  const askDelete = (role: RoleRow) =>
    deleteAfterConfirm({
      title: T.deleteTitle,
      content: T.deleteText(role.name),
      write: roleWrites.remove(role.key),
      success: T.deleted(role.name),
      failure: (message) => message || T.deleteFailed,
    });

  const matrix = (all: RoleRow[]) => {
    const columns: TableColumnsType<{ permission: Permission }> = [
      {
        title: T.permission,
        dataIndex: "permission",
        fixed: "left",
        width: 280,
        render: (permission: Permission) => <span data-permission={permission}>{permissionLabel(permission)}</span>,
      },
      ...all.map((role) => ({
        key: role.key,
        align: "center" as const,
        width: 150,
        title: (
          <Flex vertical align="center" gap={4} data-testid={`role-${role.key}`}>
            <Typography.Text strong data-testid="role-name">
              {role.name}
            </Typography.Text>
            <ToneTag tone={role.builtIn ? "grey" : "indigo"}>{role.builtIn ? T.builtIn : T.custom}</ToneTag>
            {role.builtIn ? null : (
              <Flex gap={4} wrap justify="center">
                <EditButton size="small" label={T.editLabel(role.name)} onClick={() => setDialog({ kind: "edit", role })} />
                <DeleteButton size="small" label={T.deleteLabel(role.name)} onClick={() => askDelete(role)} />
              </Flex>
            )}
          </Flex>
        ),
        render: (_: unknown, row: { permission: Permission }) =>
          role.permissions.includes(row.permission) ? (
            <CheckOutlined role="img" aria-label={T.allowed} style={{ color: "#237804", fontSize: 16 }} />
          ) : (
            <MinusOutlined role="img" aria-label={T.notAllowed} style={{ color: "rgba(0, 0, 0, 0.45)" }} />
          ),
      })),
    ];
    return (
      <Card styles={{ body: { padding: 0 } }}>
        <Typography.Paragraph type="secondary" style={{ padding: "12px 16px 0", marginBottom: 12 }}>
          {T.legend}
        </Typography.Paragraph>
        <Table
          rowKey="permission"
          data-testid="permission-matrix"
          columns={columns}
          dataSource={PERMISSIONS.map((permission) => ({ permission }))}
          pagination={false}
          size="small"
          bordered
          scroll={{ x: 280 + all.length * 150 }}
        />
      </Card>
    );
  };

  // The inquiries a role sees: every one, or only those assigned to its holder or unassigned (the clinic
  // chooses, for built-in roles too; the server applies it to the list, the opening, the work and the export).
  const scopes = (all: RoleRow[]) => (
    <Card title={T.scopeTitle} style={{ marginTop: 16 }} data-testid="role-scopes">
      <Typography.Paragraph type="secondary">{T.scopeText}</Typography.Paragraph>
      <Flex vertical gap={8}>
        {all
          .filter((role) => role.permissions.includes("inquiries.view"))
          .map((role) => (
            <Flex key={role.key} gap={8} align="center">
              <Switch
                id={`role-scope-${role.key}`}
                checked={role.assignedOnly}
                loading={scopeSave.saving}
                onChange={(checked) => void setScope(role, checked)}
              />
              <label htmlFor={`role-scope-${role.key}`}>{T.scopeLabel(role.name)}</label>
            </Flex>
          ))}
      </Flex>
    </Card>
  );

  const screen = (all: RoleRow[]) => (
    <>
      {matrix(all)}
      {scopes(all)}
    </>
  );

  return (
    <>
      <PageHeader
        subtitle={T.subtitle}
        extra={
          <>
            <RefreshButton query={roles} />
            <AddButton label={T.add} onClick={() => setDialog({ kind: "create" })} />
          </>
        }
      />
      <QueryState
        query={roles}
        failed={{ title: T.loadFailed, toast: true }}
        loading={
          <Card>
            <Skeleton active paragraph={{ rows: 10 }} />
          </Card>
        }
      >
        {screen}
      </QueryState>
      <RoleDialog
        open={dialog !== null}
        role={dialog?.kind === "edit" ? dialog.role : null}
        roles={roles.data ?? []}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
