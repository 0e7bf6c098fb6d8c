import { idParam, slugParam } from "../../shared/schemas/fields";
import { serviceAnswer } from "../../shared/schemas/outputs";
import { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import * as services from "../services/services";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { listOf, recordWrites } from "./record-writes";

const tag = "Services";

export const servicesRouter = router({
  list: publicProcedure
    .meta({ rest: { method: "get", path: "/services", tag: "Public site", summary: "Services", cached: true, answer: { description: "Every service." } } })
    .output(listOf(serviceAnswer))
    .query(({ ctx }) => services.listServices(ctx.deps.db)),
  bySlug: publicProcedure
    .meta({ rest: { method: "get", path: "/services/:slug", tag: "Public site", summary: "One service by its URL slug", cached: true, answer: { description: "The service." } } })
    .input(slugParam)
    .output(serviceAnswer)
    .query(({ ctx, input }) => services.getServiceBySlug(ctx.deps.db, input.slug)),
  /** GET /api/admin/services: the same list, for signed-in staff only. */
  adminList: staffProcedure
    .meta({ rest: { method: "get", path: "/admin/services", tag, summary: "Services", answer: { description: "Every service." } } })
    .output(listOf(serviceAnswer))
    .query(({ ctx }) => services.listServices(ctx.deps.db)),
  byId: staffProcedure
    .meta({ rest: { method: "get", path: "/admin/services/:id", tag, summary: "One service", answer: { description: "The service." } } })
    .input(idParam)
    .output(serviceAnswer)
    .query(({ ctx, input }) => services.getServiceById(ctx.deps.db, input.id)),
  ...recordWrites(
    staffProcedure,
    { create: serviceInput, update: serviceUpdateInput },
    { create: services.createService, update: services.updateService, delete: services.deleteService },
    {
      path: "/admin/services",
      tag,
      output: serviceAnswer,
      create: { summary: "Create a service", saved: "The saved service.", multipart: "also", errors: [409] },
      update: {
        summary: "Update a service",
        description: "Without a new `image` file or an `imageUrl` (an earlier upload) the current picture stays; a blank `imageUrl` removes it.",
        saved: "The saved service.",
        multipart: "also",
        errors: [409],
      },
      delete: { what: "a service" },
    },
  ),
});
