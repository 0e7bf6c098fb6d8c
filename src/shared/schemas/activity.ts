import { z } from "zod";
import { recordId, wholeNumber } from "./fields";

/** GET /api/admin/activity?page=&pageSize=&adminId=&action=: one page of the activity log (super admins). */
export const activityQuery = z
  .object({
    page: wholeNumber(1, 1_000_000, "Page must be a whole number from 1").default(1),
    pageSize: wholeNumber(1, 200, "Page size must be a whole number from 1 to 200").default(50),
    adminId: recordId.optional().describe("Only this staff member's actions"),
    action: z.string().trim().max(50).optional().describe("Only this action (login, create, update, delete, read, export...)"),
  })
  .default({ page: 1, pageSize: 50 });
