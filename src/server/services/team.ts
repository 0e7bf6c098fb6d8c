import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import type { Database } from "../db/client";
import { teamMembers } from "../db/schema";
import { errors } from "../errors";
import { recordChange, type Actor } from "./activity";

/** The clinic's team, shown on the About page. */
export const TEAM_MEMBER_NOT_FOUND = "Team member not found";

export function listTeamMembers(db: Database) {
  return db.select().from(teamMembers).orderBy(asc(teamMembers.id));
}

export async function createTeamMember(db: Database, actor: Actor, input: z.output<typeof teamMemberInput>) {
  const [row] = await db.insert(teamMembers).values(input).returning();
  await recordChange(db, actor, { action: "create", resourceType: "team_member", resourceId: row!.id, label: row!.name });
  return row!;
}

export async function updateTeamMember(db: Database, actor: Actor, input: z.output<typeof teamMemberUpdateInput>) {
  const { id, ...fields } = input;
  const [row] = await db
    .update(teamMembers)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(teamMembers.id, id))
    .returning();
  if (!row) throw errors.notFound(TEAM_MEMBER_NOT_FOUND);
  await recordChange(db, actor, { action: "update", resourceType: "team_member", resourceId: row.id, label: row.name });
  return row;
}

export async function deleteTeamMember(db: Database, actor: Actor, id: number) {
  const [row] = await db.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
  if (!row) throw errors.notFound(TEAM_MEMBER_NOT_FOUND);
  await recordChange(db, actor, { action: "delete", resourceType: "team_member", resourceId: row.id, label: row.name });
  return row;
}
