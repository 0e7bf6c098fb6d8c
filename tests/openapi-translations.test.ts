import { describe, expect, it } from "vitest";
import type { AppDeps } from "../src/server/deps";
import { buildOpenApiDocument } from "../src/server/openapi/document";
import { restRoutes } from "../src/server/rest";
import { STRUCTURED_FIELDS, TRANSLATABLE, TRANSLATABLE_KINDS } from "../src/shared/translatable";

/**
 * Outside tools see, for each kind of translation, the fields it takes by name and type (issue 39: the
 * document used to say "see TRANSLATABLE"): each kind's doors describe its own fields, made from
 * src/shared/translatable.ts, so a kind or a field added there shows here without a line of its own.
 * The answers' schemas are checked against real answers by tests/openapi.test.ts.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean;
  anyOf?: Schema[];
  items?: Schema;
};
const doc = buildOpenApiDocument(restRoutes({} as AppDeps).operations, { publicOrigin: "http://clinic.test", clinicName: "Clinic" }) as {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
};
const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").pop()!]!) : schema);
/** The JSON types a property takes (through a nullable's anyOf). */
const typesOf = (schema: Schema): string[] =>
  schema.anyOf ? schema.anyOf.flatMap((each) => typesOf(resolve(each))) : [schema.type ?? []].flat();

describe("each kind of translation names its fields", () => {
  for (const kind of TRANSLATABLE_KINDS) {
    const path = `/api/admin/translations/${kind}/{id}/{language}`;
    const fields = [...TRANSLATABLE[kind].fields].sort();

    it(`PUT ${path} takes ${fields.join(", ")} and nothing else`, () => {
      const body = resolve(doc.paths[path]!.put!.requestBody!.content["application/json"]!.schema);
      const taken = resolve(body.properties!.fields!);
      expect(Object.keys(taken.properties ?? {}).sort()).toEqual(fields);
      expect(taken.additionalProperties).toBe(false);
      for (const field of fields) {
        const types = typesOf(resolve(taken.properties![field]!));
        expect(types, field).toContain(STRUCTURED_FIELDS.has(field) ? "array" : "string");
      }
    });

    it(`GET ${path} answers its English and its translation by those fields`, () => {
      const answer = resolve(doc.paths[path]!.get!.responses["200"]!.content!["application/json"]!.schema);
      expect(Object.keys(resolve(answer.properties!.english!).properties ?? {}).sort()).toEqual(fields);
      const translation = resolve(answer.properties!.translation!)
        .anyOf!.map(resolve)
        .find((each) => each.type === "object")!;
      expect(Object.keys(resolve(translation.properties!.fields!).properties ?? {}).sort()).toEqual(fields);
    });
  }

  it("never sends a reader to the source to learn them", () => {
    expect(JSON.stringify(doc)).not.toContain("TRANSLATABLE");
  });
});
