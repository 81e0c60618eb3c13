import { z } from "zod";

type JsonSchema = Record<string, unknown>;
type Json = unknown;

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

const NULL_TYPE = (branch: unknown) => typeof branch === "object" && branch !== null && Object.keys(branch).length === 1 && (branch as JsonSchema).type === "null";

/**
 * Every composed schema (`anyOf`, `oneOf`) of the document with its `type`: the reference's
 * renderer (Scalar 1.46's document store) refuses a schema that is only a composition ("Expected
 * union value"), and it is plainer for generators too. A nullable primitive (zod's
 * `anyOf: [X, { type: "null" }]`) becomes X with `type: [X's type, "null"]`, as JSON Schema
 * 2020-12 writes it (null joins an `enum`); any other composition gets the union of its
 * branches' types (a `$ref`'s from its component). Changes the document in place.
 */
export function giveCompositionsTheirType(document: Json): void {
  const components = ((document as JsonSchema).components as { schemas?: Record<string, JsonSchema> } | undefined)?.schemas ?? {};
  const typesOf = (schema: JsonSchema, seen: Set<string>): string[] | null => {
    if (typeof schema.$ref === "string" && schema.$ref.startsWith(REF_PREFIX)) {
      const id = schema.$ref.slice(REF_PREFIX.length);
      if (seen.has(id) || !components[id]) return null;
      return typesOf(components[id], new Set([...seen, id]));
    }
    if (typeof schema.type === "string") return [schema.type];
    if (Array.isArray(schema.type)) return schema.type as string[];
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (!Array.isArray(branches)) return null;
    const types = new Set<string>();
    for (const branch of branches) {
      const found = typesOf(branch, seen);
      if (!found) return null;
      for (const type of found) types.add(type);
    }
    return [...types];
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    const schema = node as JsonSchema;
    for (const value of Object.values(schema)) visit(value);
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (!Array.isArray(branches) || "type" in schema) return;
    const [first, second] = branches;
    const value = NULL_TYPE(second) ? first : NULL_TYPE(first) ? second : undefined;
    if (schema.anyOf && branches.length === 2 && value && typeof value.type === "string" && !value.$ref && !value.anyOf && !value.oneOf) {
      const { anyOf: _anyOf, ...outer } = schema;
      void _anyOf;
      for (const key of Object.keys(schema)) delete schema[key];
      Object.assign(schema, value, outer, { type: [value.type, "null"] }, Array.isArray(value.enum) ? { enum: [...value.enum, null] } : {});
      return;
    }
    const types = typesOf(schema, new Set());
    if (types) schema.type = types.length === 1 ? types[0] : types;
  };
  visit(document);
}
