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

/** A kept head of the activity log's chain: its place and its hash, "123:<64 hex digits>" (`npm run audit -- head`). */
export const CHAIN_HEAD_PATTERN = /^[1-9][0-9]{0,14}:[0-9a-f]{64}$/;

/** GET /api/admin/activity/chain?head=: the chain's verdict, against a kept head when one is given. */
export const auditChainQuery = z
  .object({
    head: z
      .string()
      .trim()
      .regex(CHAIN_HEAD_PATTERN, "The head must be the chain's place and hash as npm run audit -- head prints it (123:64 hex digits)")
      .optional()
      .describe(
        "A head kept outside the database (npm run audit -- head, a backup's manifest, the server's log): the " +
          "whole chain is verified against it",
      ),
  })
  .default({});
