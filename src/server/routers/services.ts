import { idParam, slugParam } from "../../shared/schemas/fields";
import { serviceAnswer, serviceLinksAnswer } from "../../shared/schemas/outputs";
import { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import * as services from "../services/services";
import { permitted, publicProcedure, router } from "../trpc";
import { recordLists, recordWrites } from "./record-writes";

const tag = "Services";

export const servicesRouter = router({
  ...recordLists({
    ...{ path: "/services", tag, output: serviceAnswer, permission: "services.edit" },
    public: { summary: "Services", answer: "Every service.", read: services.listServices },
    staff: { summary: "Services", answer: "Every service.", read: services.listServices },
  }),
  /** Read by every public page (the footer) and the inquiry form (its choices; Book This Service). */
  links: publicProcedure
    .meta({
      rest: {
        method: "get",
        path: "/service-links",
        tag: "Public site",
        summary: "The services' titles and addresses, and the inquiry form's service choices",
        cached: true,
        answer: { description: "Every service's slug and title in the site's order, and the choices the inquiry form offers." },
      },
    })
    .output(serviceLinksAnswer)
    .query(({ ctx }) => services.listServiceLinks(ctx.deps.db)),
  bySlug: publicProcedure
    .meta({ rest: { method: "get", path: "/services/:slug", tag: "Public site", summary: "One service by its URL slug", cached: true, answer: { description: "The service." } } })
    .input(slugParam)
    .output(serviceAnswer)
    .query(({ ctx, input }) => services.getServiceBySlug(ctx.deps.db, input.slug)),
  byId: permitted("services.edit")
    .meta({ rest: { method: "get", path: "/admin/services/:id", tag, summary: "One service", answer: { description: "The service." } } })
    .input(idParam)
    .output(serviceAnswer)
    .query(({ ctx, input }) => services.getServiceById(ctx.deps.db, input.id)),
  ...recordWrites(permitted("services.edit"), {
    inputs: { create: serviceInput, update: serviceUpdateInput },
    writers: { create: services.createService, update: services.updateService, delete: services.deleteService },
    path: "/admin/services",
    tag,
    output: serviceAnswer,
    record: "a service",
    create: { multipart: "also", errors: [409] },
    update: {
      description: "Without a new `image` file or an `imageUrl` (an earlier upload) the current picture stays; a blank `imageUrl` removes it.",
      multipart: "also",
      errors: [409],
    },
  }),
});
