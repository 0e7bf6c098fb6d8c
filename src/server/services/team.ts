import { asc, eq, getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import type { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import type { Database } from "../db/client";
import { teamMembers, uploadedImages } from "../db/schema";
import { recordWrite, type Actor, type RecordKind } from "./activity";
import { uploadAt, uploadSize } from "./uploads";

/** The clinic's team, shown on the About page. */
export const TEAM_MEMBER_NOT_FOUND = "Team member not found";

export function listTeamMembers(db: Database) {
  return db
    .select({ ...getTableColumns(teamMembers), imageSize: uploadSize })
    .from(teamMembers)
    .leftJoin(uploadedImages, uploadAt(teamMembers.imageUrl))
    .orderBy(asc(teamMembers.id));
}

/** How the activity log names a team member. */
const TEAM_MEMBER: RecordKind<typeof teamMembers.$inferSelect> = {
  resourceType: "team_member",
  notFound: TEAM_MEMBER_NOT_FOUND,
  label: (row) => row.name,
};

export async function createTeamMember(db: Database, actor: Actor, input: z.output<typeof teamMemberInput>) {
  const [row] = await db.insert(teamMembers).values(input).returning();
  return recordWrite(db, actor, "create", TEAM_MEMBER, row);
}

export async function updateTeamMember(db: Database, actor: Actor, input: z.output<typeof teamMemberUpdateInput>) {
  const { id, ...fields } = input;
  const [row] = await db.update(teamMembers).set({ ...fields, updatedAt: new Date() }).where(eq(teamMembers.id, id)).returning();
  return recordWrite(db, actor, "update", TEAM_MEMBER, row);
}

export async function deleteTeamMember(db: Database, actor: Actor, id: number) {
  const [row] = await db.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
  return recordWrite(db, actor, "delete", TEAM_MEMBER, row);
}
