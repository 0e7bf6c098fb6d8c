import type { Outputs } from "../outputs";

/** Pieces about staff accounts shared by the Admin Users, My Account, Settings and Activity Log screens. */
export type AdminUserRow = Outputs["users"]["list"][number];
export type ActivityEntry = Outputs["system"]["activity"]["items"][number];

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
