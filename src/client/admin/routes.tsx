import {
  AuditOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileImageOutlined,
  FileTextOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { A } from "./text";

/**
 * The admin screens, one entry each (admin-portal.md section 2, plus My Account, Activity Log and
 * Settings): the routes (AdminApp.tsx) and the sidebar (AdminLayout.tsx) are both made from this table,
 * so a new screen is its files plus one entry here. Paths are relative to /admin; each screen is its own
 * chunk, loaded when first visited. The sidebar lists the entries with a `menu`, in this order, to the
 * users who may open them.
 */

/**
 * Who may open a screen: any signed-in staff member, or super administrators only. One field, so that
 * roles can become permissions later without touching the screens (the server checks every call
 * again: this only decides what the portal offers).
 */
export type Access = "staff" | "super_admin";

export function mayOpen(access: Access, user: { role: string }): boolean {
  return access === "staff" || user.role === "super_admin";
}

type ScreenComponent = ComponentType<{ params: Record<string, string | undefined> }>;

export interface AdminScreen {
  path: string;
  /** The page's title: its heading and the browser tab's. */
  title: string;
  access: Access;
  /** Its sidebar entry, if it has one. */
  menu?: { label: string; icon: ReactNode };
  /** What someone who may not open it is told (a super-admin page opened by its address); `toast` says it in a toast too. */
  denied?: { title: string; text: string; toast?: boolean };
  screen: LazyExoticComponent<ScreenComponent>;
}

const screen = (load: () => Promise<{ default: ScreenComponent }>) => lazy(load);

export const ADMIN_SCREENS: AdminScreen[] = [
  {
    path: "/dashboard",
    title: A.screens.dashboard,
    access: "staff",
    menu: { label: A.nav.dashboard, icon: <DashboardOutlined /> },
    screen: screen(() => import("./screens/dashboard/DashboardScreen")),
  },
  {
    path: "/services",
    title: A.screens.services,
    access: "staff",
    menu: { label: A.nav.services, icon: <MedicineBoxOutlined /> },
    screen: screen(() => import("./screens/services/ServicesScreen")),
  },
  { path: "/services/new", title: A.screens.newService, access: "staff", screen: screen(() => import("./screens/services/ServiceEditorScreen")) },
  { path: "/services/edit/:id", title: A.screens.editService, access: "staff", screen: screen(() => import("./screens/services/ServiceEditorScreen")) },
  {
    path: "/news",
    title: A.screens.news,
    access: "staff",
    menu: { label: A.nav.news, icon: <ReadOutlined /> },
    screen: screen(() => import("./screens/news/NewsScreen")),
  },
  { path: "/news/new", title: A.screens.newArticle, access: "staff", screen: screen(() => import("./screens/news/ArticleEditorScreen")) },
  { path: "/news/edit/:id", title: A.screens.editArticle, access: "staff", screen: screen(() => import("./screens/news/ArticleEditorScreen")) },
  {
    path: "/team",
    title: A.screens.team,
    access: "staff",
    menu: { label: A.nav.team, icon: <TeamOutlined /> },
    screen: screen(() => import("./screens/team/TeamScreen")),
  },
  {
    path: "/testimonials",
    title: A.screens.testimonials,
    access: "staff",
    menu: { label: A.nav.testimonials, icon: <CommentOutlined /> },
    screen: screen(() => import("./screens/testimonials/TestimonialsScreen")),
  },
  {
    path: "/contact",
    title: A.screens.contact,
    access: "staff",
    menu: { label: A.nav.contact, icon: <MailOutlined /> },
    screen: screen(() => import("./screens/contact/ContactScreen")),
  },
  {
    path: "/content",
    title: A.screens.content,
    access: "staff",
    menu: { label: A.nav.content, icon: <FileTextOutlined /> },
    screen: screen(() => import("./screens/content/ContentScreen")),
  },
  {
    path: "/images",
    title: A.screens.images,
    access: "staff",
    menu: { label: A.nav.images, icon: <FileImageOutlined /> },
    screen: screen(() => import("./screens/images/ImagesScreen")),
  },
  {
    path: "/social-media",
    title: A.screens.social,
    access: "staff",
    menu: { label: A.nav.social, icon: <ShareAltOutlined /> },
    screen: screen(() => import("./screens/social/SocialMediaScreen")),
  },
  {
    path: "/users",
    title: A.screens.users,
    access: "super_admin",
    menu: { label: A.nav.users, icon: <UsergroupAddOutlined /> },
    // admin-portal.md section 6: a refused users list shows the spec's message (in a toast too).
    denied: { title: A.forbidden, text: A.denied.users, toast: true },
    screen: screen(() => import("./screens/users/UsersScreen")),
  },
  {
    path: "/settings",
    title: A.screens.settings,
    access: "super_admin",
    menu: { label: A.nav.settings, icon: <SettingOutlined /> },
    denied: { title: A.denied.title, text: A.denied.settings },
    screen: screen(() => import("./screens/settings/SettingsScreen")),
  },
  {
    path: "/legal",
    title: A.screens.legal,
    access: "super_admin",
    menu: { label: A.nav.legal, icon: <SafetyCertificateOutlined /> },
    denied: { title: A.denied.title, text: A.denied.legal },
    screen: screen(() => import("./screens/legal/LegalTextsScreen")),
  },
  {
    path: "/activity",
    title: A.screens.activity,
    access: "super_admin",
    menu: { label: A.nav.activity, icon: <AuditOutlined /> },
    denied: { title: A.denied.title, text: A.denied.activity },
    screen: screen(() => import("./screens/activity/ActivityScreen")),
  },
  {
    path: "/account",
    title: A.screens.account,
    access: "staff",
    menu: { label: A.nav.account, icon: <UserOutlined /> },
    screen: screen(() => import("./screens/account/AccountScreen")),
  },
];

/** The sidebar's entries for this user: the screens with a menu entry they may open, in table order. */
export function menuFor(user: { role: string }) {
  return ADMIN_SCREENS.filter((entry) => entry.menu && mayOpen(entry.access, user)).map((entry) => ({ key: entry.path, ...entry.menu! }));
}
