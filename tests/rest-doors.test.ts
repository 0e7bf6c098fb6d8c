import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeError } from "../src/server/errors";
import { doorsOf } from "../src/server/rest/bind";
import type { ProcedureMeta, RestDoor } from "../src/server/rest/operations";
import { appRouter } from "../src/server/routers";
import { PERMISSIONS } from "../src/shared/permissions";

/**
 * A REST door is declared on its procedure; the binder refuses (at start, and here) a door whose
 * procedure has no output schema (the answer would be unchecked and undocumented) or no permission (a
 * procedure not built on src/server/trpc.ts's base procedures, so nothing says who may call it).
 */

const door: RestDoor = { method: "get", path: "/example", tag: "Public site", summary: "An example", answer: { description: "It." } };
const t = initTRPC.meta<ProcedureMeta>().create();

describe("REST doors", () => {
  it("every door of the app's router has an output schema and a permission", () => {
    const doors = doorsOf(appRouter);
    expect(doors.length).toBeGreaterThan(70);
    for (const bound of doors) {
      expect(bound.output, `${bound.procedure}: output schema`).toBeDefined();
      expect(["public", "staff", ...PERMISSIONS], `${bound.procedure}: permission`).toContain(bound.access);
    }
  });

  it("a door on a procedure without an output schema is refused", () => {
    const router = t.router({ example: t.procedure.meta({ access: "public", rest: door }).query(() => ({ ok: true })) });
    expect(() => doorsOf(router)).toThrow(/no output schema/);
  });

  it("a door on a procedure without a permission is refused", () => {
    const router = t.router({
      example: t.procedure
        .meta({ rest: door })
        .output(z.object({ ok: z.boolean() }))
        .query(() => ({ ok: true })),
    });
    expect(() => doorsOf(router)).toThrow(/no permission/);
  });

  it("an answer that fails its output schema is the server's fault: 500, never a 400 naming fields", async () => {
    const router = t.router({
      example: t.procedure
        .meta({ access: "public", rest: door })
        .output(z.object({ ok: z.boolean() }))
        .query(() => ({ ok: "yes" }) as never),
    });
    const failure = await t
      .createCallerFactory(router)({})
      .example()
      .catch((error: unknown) => error);
    expect(describeError(failure).status).toBe(500);
  });

  it("a door with both is bound", () => {
    const router = t.router({
      example: t.procedure
        .meta({ access: "public", rest: door })
        .output(z.object({ ok: z.boolean() }))
        .query(() => ({ ok: true })),
    });
    expect(doorsOf(router).map((bound) => bound.procedure)).toEqual(["example"]);
  });
});
