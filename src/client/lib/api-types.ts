import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../server/routers";

/**
 * The one door from the browser's code to the server's: the router's type, and what its procedures take
 * and answer, inferred from it. Types only (erased from every build): no browser bundle ever holds server
 * code. Any value both sides need lives in src/shared; tests/import-arrows.test.ts keeps every other file
 * under src/client from importing src/server.
 */
export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
