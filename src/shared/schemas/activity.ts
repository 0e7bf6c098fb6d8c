import { z } from "zod";
import { recordId, wholeNumber } from "./fields";
import { count, id, nullableText, timestamp } from "./answers";

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

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const details = z.record(z.string(), z.unknown()).nullable();

export const activityPageAnswer = z
  .object({
    items: z.array(
      z
        .object({
          id,
          adminId: id.nullable(),
          username: nullableText,
          action: z.string(),
          resourceType: nullableText,
          resourceId: nullableText,
          details,
          ipAddress: nullableText,
          timestamp,
          chainSeq: z.int().min(1).describe("The entry's place in the hash chain (commit order)."),
          chainHash: z
            .string()
            .describe(
              "HMAC-SHA256 (hex) of the previous entry's chainHash and this entry's content under the key chainKey " +
                "names; sha256 for an entry chained before the key (docs/security.md, Audit trail).",
            ),
          chainKey: nullableText.describe(
            "The id of the key of the ring that chained the entry (8 hex digits); null: chained before the key.",
          ),
          refusals: z
            .int()
            .min(1)
            .nullable()
            .describe(
              "An access_denied entry: the refusals of this account in that minute (the entry is the first of them; " +
                "counted 30 days); null otherwise.",
            ),
          inquiryDeleted: z.boolean().describe('An entry about one inquiry that has since been deleted (shown as "inquiry 123, deleted").'),
        })
        .meta({ id: "ActivityEntry" }),
    ),
    total: count,
    page: z.int().min(1),
    pageSize: z.int().min(1),
  })
  .meta({ id: "ActivityPage", description: "One page of the activity log, newest first." });

export const auditChainAnswer = z
  .object({
    intact: z.boolean(),
    entries: count.describe("Entries verified (before the broken one, when broken)."),
    brokenAt: id.optional().describe("The activity-log id of the first entry that does not verify."),
    seq: z.int().optional().describe("Its place in the chain (missing_after: the kept head's place)."),
    reason: z
      .enum(["changed", "missing_before", "key_not_loaded", "not_head", "missing_after"])
      .optional()
      .describe(
        "changed: the entry differs from what was chained; missing_before: entries before it are gone; key_not_loaded: " +
          "chained with a key no longer loaded (not checked from there on); not_head: the entry at the kept head's " +
          "place has another hash; missing_after: the chain ends before the kept head (the newest entries were " +
          "removed).",
      ),
    keyId: z.string().optional().describe("key_not_loaded: the id of the key that chained the entry."),
    orderOnly: z
      .object({ upTo: z.int().min(1), keyIds: z.array(z.string()), later: count })
      .optional()
      .describe(
        "Intact, but some entries verified in their number and order only, not their content: those up to `upTo` " +
          "(chained with keys no longer loaded, keyIds, or before one) and `later` ones after it chained with those " +
          "keys (an instance on the older ring during a rotation).",
      ),
    checkedAt: timestamp,
  })
  .meta({ id: "AuditChain", description: "The activity log's hash chain, every hash recomputed." });
