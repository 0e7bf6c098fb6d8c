import { Button, ConfigProvider, Result, Tag } from "antd";
import type { inferRouterOutputs } from "@trpc/server";
import type { ReactNode } from "react";
import type { AppRouter } from "../../../../server/routers";
import { useAdminNavigate } from "../../navigation";
import { U } from "../../text-users";

/** Pieces shared by the Admin Users, My Account and Activity Log screens. */
export type AdminUserRow = inferRouterOutputs<AppRouter>["users"]["list"][number];
export type ActivityEntry = inferRouterOutputs<AppRouter>["system"]["activity"]["items"][number];

const DATE_TIME = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
const DATE_TIME_FULL = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "medium" });

/** "Mar 5, 2025, 3:04 PM" (en-US, short month, hour and minute). */
export function formatDateTime(value: Date | string): string {
  return DATE_TIME.format(new Date(value));
}

/** "Wednesday, March 5, 2025 at 3:04:05 PM", for a tooltip when the seconds matter. */
export function formatDateTimeFull(value: Date | string): string {
  return DATE_TIME_FULL.format(new Date(value));
}

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}

/**
 * antd's grey for secondary text, labels and placeholders (#8c8c8c, #bfbfbf) is below the WCAG AA
 * contrast ratio on white; these screens use darker greys (about 6:1 and 4.7:1). The portal-wide
 * theme in AdminApp.tsx is the better home for these tokens; until then they apply here.
 */
const READABLE_THEME = {
  token: {
    colorTextDescription: "rgba(0, 0, 0, 0.62)",
    colorTextTertiary: "rgba(0, 0, 0, 0.62)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
  },
};

export function ReadableText({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={READABLE_THEME}>{children}</ConfigProvider>;
}

/** Tag colours with readable text (antd's preset tags put -7 text on -1 backgrounds: about 3:1 or less). */
const TONES = {
  gold: { color: "#613400", background: "#fffbe6", borderColor: "#ffe58f" },
  cyan: { color: "#00474f", background: "#e6fffb", borderColor: "#87e8de" },
  green: { color: "#135200", background: "#f6ffed", borderColor: "#b7eb8f" },
  red: { color: "#a8071a", background: "#fff1f0", borderColor: "#ffa39e" },
  blue: { color: "#003eb3", background: "#e6f4ff", borderColor: "#91caff" },
  purple: { color: "#391085", background: "#f9f0ff", borderColor: "#d3adf7" },
  orange: { color: "#873800", background: "#fff7e6", borderColor: "#ffd591" },
  grey: { color: "rgba(0, 0, 0, 0.78)", background: "#fafafa", borderColor: "#d9d9d9" },
} as const;
export type Tone = keyof typeof TONES;

export function ToneTag({ tone, icon, children }: { tone: Tone; icon?: ReactNode; children: ReactNode }) {
  return (
    <Tag icon={icon} style={{ ...TONES[tone], marginInlineEnd: 0 }}>
      {children}
    </Tag>
  );
}

/** The in-page answer for a signed-in admin who opens a super-admin page (the URL typed by hand). */
export function AccessDenied({ title, subTitle }: { title: string; subTitle: string }) {
  const navigate = useAdminNavigate();
  return (
    <Result
      status="403"
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate("/dashboard")}>
          {U.common.backToDashboard}
        </Button>
      }
    />
  );
}
