import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/lib/schemas/openapi";

/**
 * Checks an API response against the OpenAPI document: the status must be documented for the
 * operation, and the body must match its schema. Every call in the API tests goes through it.
 */
type Json = Record<string, any>;

const document = openApiDocument() as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const [id, schema] of Object.entries(document.components.schemas as Json)) ajv.addSchema(schema, `#/components/schemas/${id}`);

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

export function openApiProblems(method: string, path: string, status: number, body: unknown, contentType: string | null): string[] {
  if (path === "/openapi.json") return [];
  const found = templates.find((t) => t.pattern.test(path));
  if (!found) return status === 404 || status === 401 || status === 429 ? [] : [`${path} is not in the document`];
  const operation = document.paths[found.template][method.toLowerCase()];
  if (!operation) return status === 405 || status === 401 || status === 429 ? [] : [`${method} ${found.template} is not in the document`];
  const response = operation.responses[String(status)];
  if (!response) return [`${method} ${found.template} does not document status ${status}`];
  const [mediaType, media] = Object.entries(response.content ?? {})[0] as [string, Json];
  if (!contentType?.startsWith(mediaType)) return [`${method} ${found.template} ${status}: content type ${contentType}, documented ${mediaType}`];
  const validate = ajv.compile({ $ref: media.schema.$ref });
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${method} ${found.template} ${status}: ${e.instancePath} ${e.message}`);
}
