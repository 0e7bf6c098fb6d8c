import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * The admin route table (admin-portal.md section 2, plus Account, Activity Log and Settings). Each screen is
 * its own chunk, loaded when first visited. Paths are relative to /admin.
 */
type Screen = LazyExoticComponent<ComponentType<{ params: Record<string, string | undefined> }>>;

const screen = (load: () => Promise<{ default: ComponentType<{ params: Record<string, string | undefined> }> }>): Screen => lazy(load);

export const ADMIN_ROUTES: Array<{ path: string; screen: Screen }> = [
  { path: "/dashboard", screen: screen(() => import("./screens/dashboard/DashboardScreen")) },
  { path: "/services", screen: screen(() => import("./screens/services/ServicesScreen")) },
  { path: "/services/new", screen: screen(() => import("./screens/services/ServiceEditorScreen")) },
  { path: "/services/edit/:id", screen: screen(() => import("./screens/services/ServiceEditorScreen")) },
  { path: "/news", screen: screen(() => import("./screens/news/NewsScreen")) },
  { path: "/news/new", screen: screen(() => import("./screens/news/ArticleEditorScreen")) },
  { path: "/news/edit/:id", screen: screen(() => import("./screens/news/ArticleEditorScreen")) },
  { path: "/contact", screen: screen(() => import("./screens/contact/ContactScreen")) },
  { path: "/users", screen: screen(() => import("./screens/users/UsersScreen")) },
  { path: "/team", screen: screen(() => import("./screens/team/TeamScreen")) },
  { path: "/testimonials", screen: screen(() => import("./screens/testimonials/TestimonialsScreen")) },
  { path: "/content", screen: screen(() => import("./screens/content/ContentScreen")) },
  { path: "/images", screen: screen(() => import("./screens/images/ImagesScreen")) },
  { path: "/social-media", screen: screen(() => import("./screens/social/SocialMediaScreen")) },
  { path: "/account", screen: screen(() => import("./screens/account/AccountScreen")) },
  { path: "/activity", screen: screen(() => import("./screens/activity/ActivityScreen")) },
  { path: "/settings", screen: screen(() => import("./screens/settings/SettingsScreen")) },
];
