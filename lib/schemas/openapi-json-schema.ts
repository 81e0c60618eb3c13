import { z } from "zod";

type JsonSchema = Record<string, unknown>;

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** Tidies zod's JSON Schema for OpenAPI 3.1: `examples` not `example`, no safe-integer bounds, query overrides. */
function tidy({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const meta = z.globalRegistry.get(zodSchema as z.ZodType) as { openapi?: JsonSchema } | undefined;
  if (meta?.openapi) {
    for (const key of Object.keys(jsonSchema)) if (key !== "description") delete jsonSchema[key];
    Object.assign(jsonSchema, meta.openapi);
  }
  if ("example" in jsonSchema) {
    jsonSchema.examples = [jsonSchema.example];
    delete jsonSchema.example;
  }
  for (const bound of ["minimum", "maximum"]) {
    if (SAFE_INTEGER_BOUNDS.has(jsonSchema[bound] as number)) delete jsonSchema[bound];
  }
}

const REF_PREFIX = "#/components/schemas/";

/** Every schema with an `id` in its meta, as OpenAPI components that refer to each other. */
export function componentSchemas(io: "input" | "output"): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    uri: (id) => `${REF_PREFIX}${id}`,
    override: (ctx) => tidy(ctx as unknown as { zodSchema: unknown; jsonSchema: JsonSchema }),
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
      void _schema;
      void _id;
      return [id, rest];
    }),
  );
}

/** One field's JSON Schema, with references to the component schemas. */
export function fieldSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    override: (ctx) => tidy(ctx as unknown as { zodSchema: unknown; jsonSchema: JsonSchema }),
  }) as JsonSchema;
  void _schema;
  return rest;
}

export function schemaRef(id: string): JsonSchema {
  return { $ref: `${REF_PREFIX}${id}` };
}
