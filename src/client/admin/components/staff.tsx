import type { Outputs } from "../outputs";

/** Pieces about staff accounts shared by the Admin Users, My Account, Settings and Activity Log screens. */
export type AdminUserRow = Outputs["users"]["list"][number];
export type ActivityEntry = Outputs["system"]["activity"]["items"][number];

/** Dates and times in the clinic's time zone (../dates.ts). */
export { formatDateTime, formatDateTimeFull } from "../dates";

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}
