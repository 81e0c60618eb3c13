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

/**
 * The given schemas and every schema with an `id` they contain, as OpenAPI components that
 * refer to each other. From these objects, not from all of zod's global registry: a bundle
 * may load the schema modules twice (the job worker's copy beside the routes'), and two
 * schemas of one id in a conversion are an error.
 */
export function componentSchemas(io: "input" | "output", roots: z.ZodType[]): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const root of roots) {
    const id = z.globalRegistry.get(root)?.id;
    if (!id) throw new Error("a component schema needs an id in its meta");
    registry.add(root, { id });
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    uri: (id) => `${REF_PREFIX}${id}`,
    override: (ctx) => tidy(ctx as unknown as { zodSchema: unknown; jsonSchema: JsonSchema }),
  });
  // zod puts schemas with an id that are not roots under "__shared": each must be a root of its own.
  if ("__shared" in schemas) throw new Error(`schemas with an id missing from the components: ${Object.keys((schemas.__shared as { $defs?: object }).$defs ?? {}).join(", ")}`);
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
