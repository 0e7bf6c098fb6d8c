import {
  AuditOutlined,
  CalendarOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileImageOutlined,
  FileTextOutlined,
  KeyOutlined,
  LineChartOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TeamOutlined,
  TranslationOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { hasPermission, type Permission } from "../../shared/permissions";
import { TRANSLATOR_PERMISSIONS } from "../../shared/translatable";
import { A } from "./text";

/**
 * The admin screens, one entry each (admin-portal.md section 2, plus My Account, Activity Log and
 * Settings): the routes (AdminApp.tsx) and the sidebar (AdminLayout.tsx) are both made from this table,
 * so a new screen is its files plus one entry here. Paths are relative to /admin; each screen is its own
 * chunk, loaded when first visited. The sidebar lists the entries with a `menu`, in this order, to the
 * users who may open them.
 */

/**
 * Who may open a screen: the permission its work needs (issue 24; none for a screen every staff member
 * has, the dashboard and My Account). The routes, the sidebar, the dashboard's cards and quick actions
 * all ask this table, so a role sees only what it may use; the server checks every call again (this
 * only decides what the portal offers).
 */
export function mayOpen(entry: Pick<AdminScreen, "permission" | "anyOf">, permissions: readonly Permission[]): boolean {
  if (entry.anyOf && !entry.anyOf.some((permission) => hasPermission(permissions, permission))) return false;
  return entry.permission === undefined || hasPermission(permissions, entry.permission);
}

type ScreenComponent = ComponentType<{ params: Record<string, string | undefined> }>;

export interface AdminScreen {
  path: string;
  /** The page's title: its heading and the browser tab's. */
  title: string;
  /** The permission its work needs; none for every staff member. */
  permission?: Permission;
  /** A screen for several kinds of work (Translations): any one of these opens it. */
  anyOf?: readonly Permission[];
  /** Its sidebar entry, if it has one. */
  menu?: { label: string; icon: ReactNode };
  /** What someone who may not open it is told (a page opened by its address), if not the general words; `toast` says it in a toast too. */
  denied?: { title: string; text: string; toast?: boolean };
  screen: LazyExoticComponent<ScreenComponent>;
}

type Load = () => Promise<{ default: ScreenComponent }>;

/** A screen without a sidebar entry (an editor, opened from its list). */
function page(path: string, title: string, permission: Permission | undefined, load: Load): AdminScreen {
  return { path, title, permission, screen: lazy(load) };
}

type MenuKey = Exclude<keyof typeof A.nav, "logout" | "viewSite" | "menu">;
const OWN_TITLES: Partial<Record<MenuKey, string>> = A.screens;

/**
 * A screen with a sidebar entry: its label is A.nav[key], and its title the same words unless
 * A.screens names the screen otherwise (Contact Form Submissions under Contact Inquiries).
 */
function inMenu(
  key: MenuKey,
  path: string,
  icon: ReactNode,
  permission: Permission | undefined,
  load: Load,
  denied?: AdminScreen["denied"],
): AdminScreen {
  const label = A.nav[key];
  return { ...page(path, OWN_TITLES[key] ?? label, permission, load), ...(denied ? { denied } : {}), menu: { label, icon } };
}

export const ADMIN_SCREENS: AdminScreen[] = [
  inMenu("dashboard", "/dashboard", <DashboardOutlined />, undefined, () => import("./screens/dashboard/DashboardScreen")),
  inMenu("services", "/services", <MedicineBoxOutlined />, "services.edit", () => import("./screens/services/ServicesScreen")),
  page("/services/new", A.screens.newService, "services.edit", () => import("./screens/services/ServiceEditorScreen")),
  page("/services/edit/:id", A.screens.editService, "services.edit", () => import("./screens/services/ServiceEditorScreen")),
  inMenu("news", "/news", <ReadOutlined />, "news.edit", () => import("./screens/news/NewsScreen")),
  page("/news/new", A.screens.newArticle, "news.edit", () => import("./screens/news/ArticleEditorScreen")),
  page("/news/edit/:id", A.screens.editArticle, "news.edit", () => import("./screens/news/ArticleEditorScreen")),
  inMenu("team", "/team", <TeamOutlined />, "team.edit", () => import("./screens/team/TeamScreen")),
  inMenu(
    "testimonials",
    "/testimonials",
    <CommentOutlined />,
    "testimonials.edit",
    () => import("./screens/testimonials/TestimonialsScreen"),
  ),
  inMenu("contact", "/contact", <MailOutlined />, "inquiries.view", () => import("./screens/contact/ContactScreen")),
  inMenu("calendar", "/calendar", <CalendarOutlined />, "bookings.work", () => import("./screens/booking/CalendarScreen")),
  inMenu("availability", "/availability", <ScheduleOutlined />, "availability.edit", () => import("./screens/booking/AvailabilityScreen")),
  inMenu("analytics", "/analytics", <LineChartOutlined />, "analytics.view", () => import("./screens/analytics/AnalyticsScreen")),
  inMenu("content", "/content", <FileTextOutlined />, "content.edit", () => import("./screens/content/ContentScreen")),
  inMenu("images", "/images", <FileImageOutlined />, "content.edit", () => import("./screens/images/ImagesScreen")),
  inMenu("social", "/social-media", <ShareAltOutlined />, "social.edit", () => import("./screens/social/SocialMediaScreen")),
  inMenu("redirects", "/redirects", <SwapOutlined />, "content.edit", () => import("./screens/redirects/RedirectsScreen")),
  // Translating a record is editing it: the screen opens for anyone who edits one of the kinds it translates.
  {
    ...inMenu(
      "translations",
      "/translations",
      <TranslationOutlined />,
      undefined,
      () => import("./screens/translations/TranslationsScreen"),
    ),
    anyOf: TRANSLATOR_PERMISSIONS,
  },
  {
    ...page(
      "/translations/:kind/:id/:language",
      A.screens.translation,
      undefined,
      () => import("./screens/translations/TranslationEditorScreen"),
    ),
    anyOf: TRANSLATOR_PERMISSIONS,
  },
  // admin-portal.md section 6: a refused users list shows the spec's message (in a toast too).
  inMenu("users", "/users", <UsergroupAddOutlined />, "staff.manage", () => import("./screens/users/UsersScreen"), {
    title: A.forbidden,
    text: A.denied.users,
    toast: true,
  }),
  inMenu("roles", "/roles", <KeyOutlined />, "staff.manage", () => import("./screens/roles/RolesScreen")),
  inMenu("settings", "/settings", <SettingOutlined />, "settings.manage", () => import("./screens/settings/SettingsScreen")),
  inMenu("legal", "/legal", <SafetyCertificateOutlined />, "legal.edit", () => import("./screens/legal/LegalTextsScreen")),
  inMenu("activity", "/activity", <AuditOutlined />, "activity.read", () => import("./screens/activity/ActivityScreen")),
  inMenu("account", "/account", <UserOutlined />, undefined, () => import("./screens/account/AccountScreen")),
  page("/account/confirm-email", A.screens.confirmEmail, undefined, () => import("./screens/account/ConfirmEmailScreen")),
];

/** The sidebar's entries for this user: the screens with a menu entry they may open, in table order. */
export function menuFor(permissions: readonly Permission[]) {
  return ADMIN_SCREENS.filter((entry) => entry.menu && mayOpen(entry, permissions)).map((entry) => ({ key: entry.path, ...entry.menu! }));
}

/** Whether the screen at `href` (a link of the portal: "/contact?status=new", "/news/new") opens for these permissions. */
export function mayOpenPath(href: string, permissions: readonly Permission[]): boolean {
  const path = href.split(/[?#]/)[0]!;
  const entry = ADMIN_SCREENS.find((screen) => screen.path === path);
  return entry ? mayOpen(entry, permissions) : true;
}
