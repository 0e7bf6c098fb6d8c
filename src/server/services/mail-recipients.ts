import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminUsers, roles } from "../db/schema";
import { errors } from "../errors";
import { logActivity, type Actor } from "./activity";
import { roleLabel } from "./roles";

/**
 * Who receives new-inquiry mail: each staff member's own choice (My Account), which a super admin can
 * also change on the Settings screen. It reaches only active staff with an e-mail address.
 */
export async function listMailRecipients(db: Database) {
  const rows = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      email: adminUsers.email,
      role: adminUsers.role,
      storedRoleName: roles.name,
      isActive: adminUsers.isActive,
      newInquiries: adminUsers.notifyNewInquiries,
    })
    .from(adminUsers)
    .leftJoin(roles, eq(roles.key, adminUsers.role))
    .orderBy(asc(adminUsers.username));
  return rows.map(({ storedRoleName, ...row }) => ({
    ...row,
    roleLabel: roleLabel(row.role, storedRoleName),
    reachable: row.isActive && Boolean(row.email),
  }));
}

export async function setNewInquiryMail(db: Database, actor: Actor, adminId: number, newInquiries: boolean) {
  const [row] = await db
    .update(adminUsers)
    .set({ notifyNewInquiries: newInquiries, updatedAt: new Date() })
    .where(eq(adminUsers.id, adminId))
    .returning({ id: adminUsers.id, username: adminUsers.username, email: adminUsers.email });
  if (!row) throw errors.notFound("Admin user not found");
  await logActivity(db, {
    adminId: actor.adminId,
    username: actor.username,
    action: "update",
    resourceType: "admin_user",
    resourceId: adminId,
    details: { label: row.username, newInquiryMail: newInquiries },
    ipAddress: actor.ip,
  });
  return { newInquiries, hasEmail: Boolean(row.email) };
}

export async function getNewInquiryMail(db: Database, adminId: number) {
  const [row] = await db
    .select({ newInquiries: adminUsers.notifyNewInquiries, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  if (!row) throw errors.unauthorized();
  return { newInquiries: row.newInquiries, hasEmail: Boolean(row.email) };
}
