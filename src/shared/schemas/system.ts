import { z } from "zod";
import { count } from "./answers";

/** The system's answers: the health check, the dashboard's counts, the OpenAPI document itself. */

export const healthAnswer = z
  .union([
    z.object({
      status: z.enum(["ok", "unavailable"]),
      database: z.enum(["up", "down"]).optional().describe("To the super admin only"),
      migrations: z.enum(["applied", "pending"]).optional().describe("To the super admin only"),
      warnings: z
        .array(z.string())
        .optional()
        .describe(
          "To the super admin only: what the configuration is unsafe for (e.g. production on an http:// PUBLIC_ORIGIN); " +
            "absent when nothing is",
        ),
      memory: z
        .object({
          residentMb: z.number().int().describe("The process's resident memory, in MB"),
          ceilingMb: z.number().int().nullable().describe("MEMORY_CEILING_MB, or null when none is set"),
          state: z.enum(["ok", "shedding"]).describe("shedding: near the ceiling, the caches were emptied and image work waits"),
          imageTasks: z.number().int().describe("Image tasks (uploads' re-encoding, variants) queued or running"),
        })
        .optional()
        .describe("To the super admin only: the memory guard's state and figures against the configured ceiling"),
    }),
    z.object({ status: z.literal("ok") }).describe("Liveness (?probe=live): the process answers"),
  ])
  .meta({ id: "Health" });

export const dashboardAnswer = z
  .object({
    services: count.optional().describe("With services.edit"),
    team: count.optional().describe("With team.edit"),
    testimonials: count.optional().describe("With testimonials.edit"),
    news: count.optional().describe("With news.edit"),
    content: count.optional().describe("With content.edit"),
    images: count.optional().describe("With content.edit"),
    social: count.optional().describe("With social.edit"),
    contact: count.optional().describe("With inquiries.view: the inquiries the role sees"),
    users: count.optional().describe("With staff.manage"),
    newInquiries: count.optional().describe("With inquiries.view"),
    overdueInquiries: count.optional().describe("With inquiries.view"),
  })
  .meta({ id: "Dashboard", description: "The dashboard's count cards: only those of the areas the caller's role may open." });

export const openApiDocumentAnswer = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document (this one)." });
