import { idParam, langQuery, slugParam } from "../../shared/schemas/fields";
import { oneInLanguage, serviceLinksInLanguage } from "../services/translated-reads";
import { serviceAnswer, serviceLinksAnswer } from "../../shared/schemas/outputs";
import { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import * as services from "../services/services";
import { permitted, publicProcedure, router } from "../trpc";
import { recordLists, recordWrites, type RecordDoors } from "./record-writes";
import { publicRead, read } from "./doors";

const tag = "Services";
const service: RecordDoors<typeof serviceAnswer> = {
  path: "/services",
  permission: "services.edit",
  tag,
  output: serviceAnswer,
  record: "a service",
};

export const servicesRouter = router({
  ...recordLists(service, { public: { summary: "Services", answer: "Every service.", read: services.listServices, kind: "service" } }),
  /** Read by every public page (the footer) and the inquiry form (its choices; Book This Service). */
  links: publicProcedure
    .meta(
      publicRead(
        "/service-links",
        "The services' titles and addresses, and the inquiry form's service choices",
        "Every service's slug and title in the site's order, and the choices the inquiry form offers.",
      ),
    )
    .input(langQuery)
    .output(serviceLinksAnswer)
    .query(({ ctx, input }) => serviceLinksInLanguage(ctx.deps.db, input?.lang)),
  bySlug: publicProcedure
    .meta(publicRead("/services/:slug", "One service by its URL slug", "The service."))
    .input(slugParam)
    .output(serviceAnswer)
    .query(async ({ ctx, input }) =>
      oneInLanguage(ctx.deps.db, "service", await services.getServiceBySlug(ctx.deps.db, input.slug), input.lang),
    ),
  byId: permitted("services.edit")
    .meta(read(tag, "/admin/services/:id", "One service", "The service."))
    .input(idParam)
    .output(serviceAnswer)
    .query(({ ctx, input }) => services.getServiceById(ctx.deps.db, input.id)),
  ...recordWrites(permitted("services.edit"), service, {
    inputs: { create: serviceInput, update: serviceUpdateInput },
    writers: { create: services.createService, update: services.updateService, delete: services.deleteService },
    create: { multipart: "also", errors: [409] },
    update: {
      description:
        "Without a new `image` file or an `imageUrl` (an earlier upload) the current picture stays; a blank `imageUrl` removes it.",
      multipart: "also",
      errors: [409],
    },
  }),
});
