import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../server/routers";

/** What the procedures answer (dates arrive as Date objects), for the screens' record types. */
export type Outputs = inferRouterOutputs<AppRouter>;
