import { langQuery, slugParam } from "../../shared/schemas/fields";
import { oneInLanguage, serviceLinksInLanguage } from "../services/translated-reads";
import { services as servicesTable } from "../db/schema";
import { serviceAnswer, serviceLinksAnswer } from "../../shared/schemas/services";
import { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import * as services from "../services/services";
import { permitted, publicProcedure, router } from "../trpc";
import { recordDoors, recordLists, recordReads, recordReorder, recordWrites } from "./record-writes";
import { publicRead } from "./doors";

const tag = "Services";
const service = recordDoors("/services", "services.edit", tag, serviceAnswer, "a service");

export const servicesRouter = router({
  ...recordLists(service, {
    public: { summary: "Services", answer: "Every published service, in the site's order.", read: services.listServices, kind: "service" },
    staff: { summary: "Services", answer: "Every service, drafts too, in the site's order.", read: services.listAllServices },
  }),
  ...recordReorder(service, servicesTable, services.SERVICE_ORDER),
  /** Staff: a draft service as its public page would show it (the page's preview). */
  preview: permitted(service.permission)
    .input(slugParam)
    .query(async ({ ctx, input }) =>
      oneInLanguage(ctx.deps.db, "service", await services.getServiceBySlugForPreview(ctx.deps.db, input.slug), input.lang),
    ),
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
  ...recordReads(service, {
    bySlug: {
      summary: "One service by its URL slug",
      answer: "The service.",
      read: services.getServiceBySlug,
      kind: "service",
      output: serviceAnswer,
    },
    byId: { summary: "One service", answer: "The service.", read: services.getServiceById, output: serviceAnswer },
  }),
  ...recordWrites(service, {
    inputs: { create: serviceInput, update: serviceUpdateInput },
    writers: { create: services.createService, update: services.updateService, delete: services.deleteService },
    publishField: "isPublished",
    create: { multipart: "also", errors: [409] },
    update: {
      description:
        "Without a new `image` file or an `imageUrl` (an earlier upload) the current picture stays; a blank `imageUrl` removes it.",
      multipart: "also",
      errors: [409],
    },
  }),
});
