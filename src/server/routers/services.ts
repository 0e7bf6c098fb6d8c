import { idParam, slugParam } from "../../shared/schemas/fields";
import { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import * as services from "../services/services";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { recordWrites } from "./record-writes";

export const servicesRouter = router({
  list: publicProcedure.query(({ ctx }) => services.listServices(ctx.deps.db)),
  bySlug: publicProcedure.input(slugParam).query(({ ctx, input }) => services.getServiceBySlug(ctx.deps.db, input.slug)),
  /** GET /api/admin/services: the same list, for signed-in staff only. */
  adminList: staffProcedure.query(({ ctx }) => services.listServices(ctx.deps.db)),
  byId: staffProcedure.input(idParam).query(({ ctx, input }) => services.getServiceById(ctx.deps.db, input.id)),
  ...recordWrites(
    staffProcedure,
    { create: serviceInput, update: serviceUpdateInput },
    { create: services.createService, update: services.updateService, delete: services.deleteService },
  ),
});
