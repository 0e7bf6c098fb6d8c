import { RefreshButton } from "../../components/RefreshButton";
import { SearchInput } from "../../components/SearchInput";
import { DeleteOutlined, EditOutlined, LogoutOutlined, UnlockOutlined, PlusOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { App, Badge, Button, Card, Empty, Flex, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { useMemo, useState } from "react";
import { ROLE_BADGES, type AdminRole } from "../../../../shared/schemas/users";
import { trpc } from "../../../lib/trpc";
import { useConfirmDelete } from "../../components/confirm";
import { useSave } from "../../save";
import { SESSION_TEXT } from "../../text-sessions";
import { PageHeader } from "../../components/PageHeader";
import { CardSkeleton, QueryState } from "../../components/QueryState";
import { BUILT_IN_ROLE_ROWS, holdsAll, roleSummary, useRoles } from "../../permissions";
import { useSession } from "../../session";
import { U } from "../../text-users";
import { formatDateTime, formatDateTimeFull, fullName, type AdminUserRow } from "../../components/staff";
import { ToneTag } from "../../components/tones";
import { CreateUserDialog, EditUserDialog, ResetPasswordDialog } from "./UserDialogs";

/**
 * Admin Users (admin-portal.md sections 2 to 8): every staff account with its role (and, in one line,
 * what the role allows: issue 24), status, 2FA and last sign-in; add, edit (including the Active Account switch), reset password and
 * delete. Super
 * administrators only (routes.tsx: an admin who types the URL is told why, in the page and as the spec's
 * toast; the server refuses the list to anyone else too). Searching and sorting happen in the browser (the
 * clinic has a handful of accounts). Your own row cannot be deleted or deactivated.
 */
const T = U.users;

type Dialog = { kind: "create" } | { kind: "edit" | "reset"; user: AdminUserRow } | null;

function matches(user: AdminUserRow, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [user.username, user.firstName, user.lastName, fullName(user), user.email].some((field) => field?.toLowerCase().includes(needle));
}

export default function UsersScreen() {
  const me = useSession().data!;
  const users = trpc.users.list.useQuery();
  // The roles' names and what each allows (the matrix's read); until it arrives, the built-in ones.
  const roles = useRoles();
  const roleList = roles.data ?? BUILT_IN_ROLE_ROWS;
  const deleteAfterConfirm = useConfirmDelete("users");
  const [query, setQuery] = useState("");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const rows = useMemo(() => (users.data ?? []).filter((user) => matches(user, query)), [users.data, query]);

  const open = (next: Exclude<Dialog, null>) => {
    setDialog(next);
    setDialogOpen(true);
  };

  const { modal } = App.useApp();
  const { run: runEnd } = useSave("users");
  const askEndSessions = (user: AdminUserRow) =>
    modal.confirm({
      title: SESSION_TEXT.users.endSessionsConfirm(user.username),
      okText: SESSION_TEXT.users.endSessions,
      okButtonProps: { danger: true },
      onOk: () =>
        runEnd({
          write: (api) => api.users.endSessions.mutate({ id: user.id }),
          success: (answer) => SESSION_TEXT.users.ended(answer.ended),
          failure: SESSION_TEXT.users.failed,
        }),
    });

  const askDelete = (user: AdminUserRow) =>
    deleteAfterConfirm({
      title: T.remove.title,
      content: T.remove.confirm(user.username),
      write: (api) => api.users.delete.mutate({ id: user.id }),
      success: T.remove.success(user.username),
      failure: (message) => message || T.remove.failed,
    });

  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: T.columns.user,
      key: "user",
      sorter: (a, b) => a.username.localeCompare(b.username, "en", { sensitivity: "base" }),
      render: (_, user) => {
        const detail = fullName(user) || user.email || T.noDetails;
        return (
          <Flex vertical>
            <Space size={6} wrap>
              <Typography.Text strong>{user.username}</Typography.Text>
              {user.id === me.id ? <Tag variant="filled">{T.you}</Tag> : null}
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {detail}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: T.columns.role,
      dataIndex: "role",
      width: 260,
      filters: roleList.map((role) => ({ value: role.key, text: role.name })),
      onFilter: (value, user) => user.role === value,
      // The role's badge (the spec's Super Admin / Admin for those two), then what it allows in one line.
      render: (role: string) => {
        const known = roleList.find((r) => r.key === role);
        return (
          <Flex vertical align="flex-start" gap={2} data-testid="user-role">
            <ToneTag tone={known && holdsAll(known.permissions) ? "gold" : "cyan"}>
              <span data-testid="role-badge">{ROLE_BADGES[role as AdminRole] ?? known?.name ?? role}</span>
            </ToneTag>
            {known ? (
              <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="role-summary">
                {roleSummary(known.permissions)}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    {
      title: T.columns.status,
      dataIndex: "isActive",
      width: 130,
      filters: [
        { value: true, text: T.active },
        { value: false, text: T.inactive },
      ],
      onFilter: (value, user) => user.isActive === value,
      sorter: (a, b) => Number(b.isActive) - Number(a.isActive),
      render: (active: boolean) => <Badge status={active ? "success" : "default"} text={active ? T.active : T.inactive} />,
    },
    {
      title: T.columns.twoFactor,
      dataIndex: "twoFactorEnabled",
      width: 120,
      render: (enabled: boolean) =>
        enabled ? (
          <ToneTag tone="green" icon={<SafetyCertificateOutlined />}>
            {T.enabled}
          </ToneTag>
        ) : (
          <ToneTag tone="grey">{T.disabled}</ToneTag>
        ),
    },
    {
      title: T.columns.lastLogin,
      dataIndex: "lastLogin",
      width: 200,
      sorter: (a, b) => (a.lastLogin ? new Date(a.lastLogin).getTime() : 0) - (b.lastLogin ? new Date(b.lastLogin).getTime() : 0),
      render: (lastLogin: Date | null) =>
        lastLogin ? (
          <Tooltip title={formatDateTimeFull(lastLogin)}>
            <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(lastLogin)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{T.never}</Typography.Text>
        ),
    },
    {
      title: T.columns.actions,
      key: "actions",
      align: "right",
      fixed: "right",
      width: 450,
      render: (_, user) => {
        const self = user.id === me.id;
        return (
          <Space size={4}>
            {[
              {
                key: "edit",
                icon: <EditOutlined />,
                words: T.actions.editShort,
                name: T.actions.editLabel(user.username),
                tip: T.actions.edit,
                run: () => open({ kind: "edit", user }),
              },
              {
                key: "reset",
                icon: <UnlockOutlined />,
                words: T.actions.resetShort,
                name: T.actions.resetLabel(user.username),
                tip: self ? T.own.reset : T.actions.reset,
                off: self,
                run: () => open({ kind: "reset", user }),
              },
              {
                key: "sessions",
                icon: <LogoutOutlined />,
                words: SESSION_TEXT.users.endSessions,
                name: SESSION_TEXT.users.endSessionsLabel(user.username),
                tip: SESSION_TEXT.users.endSessionsLabel(user.username),
                run: () => askEndSessions(user),
              },
              {
                key: "delete",
                icon: <DeleteOutlined />,
                words: T.actions.deleteShort,
                name: T.actions.deleteLabel(user.username),
                tip: self ? T.own.delete : T.actions.delete,
                off: self,
                danger: true,
                run: () => askDelete(user),
              },
            ].map((action) => (
              <Tooltip key={action.key} title={action.tip}>
                <Button
                  size="small"
                  danger={action.danger}
                  icon={action.icon}
                  aria-label={action.name}
                  disabled={action.off}
                  onClick={action.run}
                >
                  {action.words}
                </Button>
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
  ];

  const closeDialog = () => setDialogOpen(false);
  const target = dialog && dialog.kind !== "create" ? dialog.user : null;

  return (
    <>
      <PageHeader
        subtitle={T.subtitle}
        extra={
          <>
            <RefreshButton query={users} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: "create" })}>
              {T.add}
            </Button>
          </>
        }
      />
      <QueryState query={users} failed={{ title: T.loadFailed, toast: true }} loading={<CardSkeleton paragraph={{ rows: 6 }} />}>
        {() => (
          <Card styles={{ body: { padding: 0 } }}>
            <div style={{ padding: 16 }}>
              <SearchInput
                label={T.searchLabel}
                placeholder={T.searchPlaceholder}
                value={query}
                onSearch={setQuery}
                style={{ maxWidth: 380 }}
              />
            </div>
            <Table<AdminUserRow>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              // The fixed columns' widths plus room for the user's name and e-mail (about 240 px): narrower
              // screens scroll the table sideways rather than squeeze the first column to nothing.
              scroll={{ x: 1400 }}
              pagination={{
                defaultPageSize: 20,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                hideOnSinglePage: false,
                showTotal: (total, [from, to]) => T.total(from, to, total),
                style: { marginInline: 16 },
              }}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={
                      <>
                        <div>{T.empty}</div>
                        {query.trim() ? <Typography.Text type="secondary">{T.emptySearch(query.trim())}</Typography.Text> : null}
                      </>
                    }
                  >
                    {query.trim() ? <Button onClick={() => setQuery("")}>{T.clearSearch}</Button> : null}
                  </Empty>
                ),
              }}
            />
          </Card>
        )}
      </QueryState>
      <CreateUserDialog open={dialogOpen && dialog?.kind === "create"} onClose={closeDialog} roles={roleList} />
      <EditUserDialog
        open={dialogOpen && dialog?.kind === "edit"}
        onClose={closeDialog}
        user={target}
        isSelf={target?.id === me.id}
        roles={roleList}
      />
      <ResetPasswordDialog open={dialogOpen && dialog?.kind === "reset"} onClose={closeDialog} user={target} />
    </>
  );
}
