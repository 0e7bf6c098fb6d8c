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

type Load = () => Promise<{ default: ScreenComponent }>;

/** A screen without a sidebar entry (an editor, opened from its list). */
function page(path: string, title: string, load: Load): AdminScreen {
  return { path, title, access: "staff", screen: lazy(load) };
}

type MenuKey = Exclude<keyof typeof A.nav, "logout" | "viewSite" | "menu">;
const OWN_TITLES: Partial<Record<MenuKey, string>> = A.screens;

/**
 * A screen with a sidebar entry: its label is A.nav[key], and its title the same words unless
 * A.screens names the screen otherwise (Contact Form Submissions under Contact Inquiries).
 */
function inMenu(key: MenuKey, path: string, icon: ReactNode, load: Load, only?: { access: Access; denied: AdminScreen["denied"] }): AdminScreen {
  const label = A.nav[key];
  return { ...page(path, OWN_TITLES[key] ?? label, load), ...only, menu: { label, icon } };
}

/** The super-admin screens: anyone else is told `denied` (the text is the spec's per screen). */
const superAdmin = (denied: NonNullable<AdminScreen["denied"]>) => ({ access: "super_admin" as const, denied });

export const ADMIN_SCREENS: AdminScreen[] = [
  inMenu("dashboard", "/dashboard", <DashboardOutlined />, () => import("./screens/dashboard/DashboardScreen")),
  inMenu("services", "/services", <MedicineBoxOutlined />, () => import("./screens/services/ServicesScreen")),
  page("/services/new", A.screens.newService, () => import("./screens/services/ServiceEditorScreen")),
  page("/services/edit/:id", A.screens.editService, () => import("./screens/services/ServiceEditorScreen")),
  inMenu("news", "/news", <ReadOutlined />, () => import("./screens/news/NewsScreen")),
  page("/news/new", A.screens.newArticle, () => import("./screens/news/ArticleEditorScreen")),
  page("/news/edit/:id", A.screens.editArticle, () => import("./screens/news/ArticleEditorScreen")),
  inMenu("team", "/team", <TeamOutlined />, () => import("./screens/team/TeamScreen")),
  inMenu("testimonials", "/testimonials", <CommentOutlined />, () => import("./screens/testimonials/TestimonialsScreen")),
  inMenu("contact", "/contact", <MailOutlined />, () => import("./screens/contact/ContactScreen")),
  inMenu("content", "/content", <FileTextOutlined />, () => import("./screens/content/ContentScreen")),
  inMenu("images", "/images", <FileImageOutlined />, () => import("./screens/images/ImagesScreen")),
  inMenu("social", "/social-media", <ShareAltOutlined />, () => import("./screens/social/SocialMediaScreen")),
  // admin-portal.md section 6: a refused users list shows the spec's message (in a toast too).
  inMenu("users", "/users", <UsergroupAddOutlined />, () => import("./screens/users/UsersScreen"), superAdmin({ title: A.forbidden, text: A.denied.users, toast: true })),
  inMenu("settings", "/settings", <SettingOutlined />, () => import("./screens/settings/SettingsScreen"), superAdmin({ title: A.denied.title, text: A.denied.settings })),
  inMenu("legal", "/legal", <SafetyCertificateOutlined />, () => import("./screens/legal/LegalTextsScreen"), superAdmin({ title: A.denied.title, text: A.denied.legal })),
  inMenu("activity", "/activity", <AuditOutlined />, () => import("./screens/activity/ActivityScreen"), superAdmin({ title: A.denied.title, text: A.denied.activity })),
  inMenu("account", "/account", <UserOutlined />, () => import("./screens/account/AccountScreen")),
  page("/account/confirm-email", A.screens.confirmEmail, () => import("./screens/account/ConfirmEmailScreen")),
];

/** The sidebar's entries for this user: the screens with a menu entry they may open, in table order. */
export function menuFor(user: { role: string }) {
  return ADMIN_SCREENS.filter((entry) => entry.menu && mayOpen(entry.access, user)).map((entry) => ({ key: entry.path, ...entry.menu! }));
}
