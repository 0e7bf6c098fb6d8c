import type { Database } from "../db/client";
import { teamMembers } from "../db/schema";
import type { RecordKind } from "./activity";
import { plainRecordWriters } from "./plain-records";
import { selectWithImageSize } from "./uploads";
import { inSiteOrder } from "./record-order";

/** The clinic's team, shown on the About page. */
export const TEAM_MEMBER_NOT_FOUND = "Team member not found";

export function listTeamMembers(db: Database) {
  return selectWithImageSize(db, teamMembers).orderBy(...inSiteOrder(teamMembers));
}

/** How the activity log names a team member. */
const TEAM_MEMBER: RecordKind<typeof teamMembers.$inferSelect> = {
  resourceType: "team_member",
  notFound: TEAM_MEMBER_NOT_FOUND,
  label: (row) => row.name,
};

/** Staff's create, update and delete of a team member. */
export const teamMemberWriters = plainRecordWriters(teamMembers, TEAM_MEMBER, { ordered: true });

/** How a reorder of the team names it (the log, the errors). */
export const TEAM_ORDER = { resourceType: "team_member", label: "Team order", noun: "team member" };
