import { GlobalOutlined, LogoutOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Flex, Grid, Layout, Menu, Tag, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { LOGO_PATH } from "../../../shared/clinic";
import { useClinic } from "../clinic";
import { useLiveInquiries } from "../live";
import { I } from "../text-inquiries";
import { useAdminNavigate } from "../navigation";
import { holdsAll, permissionsOf, roleLabelOf, ScreenAccess } from "../permissions";
import { mayOpenPath, menuFor } from "../routes";
import { useAction } from "../save";
import { leaveForSignIn, type AdminUser } from "../session";
import { A } from "../text";

/**
 * The sidebar of every admin page (admin-portal.md section 2): the screens of the table (routes.tsx)
 * that have a menu entry and that the user's role may open (routes.tsx: each screen's permission), the
 * user's name and role, and Logout. It collapses to icons on tablets.
 */
/** Sign out: signed out or not (a network failure says so), the page leaves for the sign-in page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const { run } = useAction();
  return async () => {
    await run({
      write: () => fetch("/admin/api/logout", { method: "POST", credentials: "include" }),
      success: null,
      failure: () => [A.common.error, A.login.unexpected],
    });
    leaveForSignIn();
    queryClient.clear();
  };
}

export function AdminLayout({ user, children }: { user: AdminUser; children: ReactNode }) {
  const [location] = useLocation();
  const navigate = useAdminNavigate();
  const logout = useSignOut();
  const clinic = useClinic();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  const isCollapsed = collapsed ?? !screens.lg;
  const { newCount } = useLiveInquiries();
  // The inquiry desk's entry carries the New count (live.tsx), in words for screen readers too.
  const items = menuFor(permissionsOf(user)).map((item) =>
    item.key === "/contact" && newCount
      ? {
          ...item,
          icon: isCollapsed ? (
            <Badge dot offset={[2, 0]}>
              {item.icon}
            </Badge>
          ) : (
            item.icon
          ),
          label: (
            <Flex justify="space-between" align="center" gap={8}>
              <span>{item.label}</span>
              <Badge count={newCount} overflowCount={99} aria-hidden data-testid="menu-new-count" />
              <span className="visually-hidden">{I.live.menuCount(newCount)}</span>
            </Flex>
          ),
        }
      : item,
  );
  const selected = items.find((item) => location === item.key || location.startsWith(`${item.key}/`))?.key;

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider
        collapsible
        collapsed={isCollapsed}
        onCollapse={setCollapsed}
        width={236}
        theme="dark"
        aria-label={A.nav.menu}
        style={{ position: "sticky", top: 0, height: "100vh", overflow: "auto" }}
      >
        <Flex vertical style={{ minHeight: "100%", paddingBottom: 48, boxSizing: "border-box" }}>
          <a href="/" target="_blank" rel="noopener noreferrer" className="admin-brand" title={A.nav.viewSite}>
            <img src={LOGO_PATH} alt="" width={32} height={32} />
            {isCollapsed ? null : <span>{clinic.shortName}</span>}
          </a>
          <Menu theme="dark" mode="inline" selectedKeys={selected ? [selected] : []} items={items} onClick={({ key }) => navigate(key)} />
          <div className="admin-user" data-testid="admin-user">
            {isCollapsed ? null : (
              <>
                <Typography.Text strong style={{ color: "#fff", display: "block" }}>
                  {user.username}
                </Typography.Text>
                <Tag color={holdsAll(permissionsOf(user)) ? "#8a4516" : "#12707a"} style={{ marginTop: 4 }}>
                  {roleLabelOf(user)}
                </Tag>
              </>
            )}
            <Button icon={<LogoutOutlined />} onClick={logout} block={!isCollapsed} style={{ marginTop: 12 }} aria-label={A.nav.logout}>
              {isCollapsed ? null : A.nav.logout}
            </Button>
          </div>
        </Flex>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Typography.Text type="secondary">{A.brand}</Typography.Text>
          <a href="/" target="_blank" rel="noopener noreferrer">
            <GlobalOutlined /> {A.nav.viewSite}
          </a>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <ScreenAccess.Provider value={(href) => mayOpenPath(href, permissionsOf(user))}>{children}</ScreenAccess.Provider>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
