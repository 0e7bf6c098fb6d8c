import { z } from "zod";
import { idParam } from "../../shared/schemas/fields";
import { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import {
  createService,
  deleteService,
  getServiceById,
  getServiceBySlug,
  listServices,
  updateService,
} from "../services/services";
import { actorOf } from "../services/activity";
import { publicProcedure, router, staffProcedure } from "../trpc";

export const servicesRouter = router({
  list: publicProcedure.query(({ ctx }) => listServices(ctx.deps.db)),
  bySlug: publicProcedure
    .input(z.object({ slug: z.string().trim().min(1).max(255) }))
    .query(({ ctx, input }) => getServiceBySlug(ctx.deps.db, input.slug)),
  /** GET /api/admin/services: the same list, for signed-in staff only. */
  adminList: staffProcedure.query(({ ctx }) => listServices(ctx.deps.db)),
  byId: staffProcedure.input(idParam).query(({ ctx, input }) => getServiceById(ctx.deps.db, input.id)),
  create: staffProcedure
    .input(serviceInput)
    .mutation(({ ctx, input }) => createService(ctx.deps.db, actorOf(ctx), input)),
  update: staffProcedure
    .input(serviceUpdateInput)
    .mutation(({ ctx, input }) => updateService(ctx.deps.db, actorOf(ctx), input)),
  delete: staffProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deleteService(ctx.deps.db, actorOf(ctx), input.id)),
});
