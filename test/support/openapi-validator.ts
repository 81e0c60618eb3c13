import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/lib/openapi/openapi-document";

/**
 * Checks an API response against the OpenAPI document: the status must be documented for the
 * operation, and the body must match its schema. Every call in the API tests goes through it.
 */
type Json = Record<string, any>;

const document = openApiDocument() as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const [id, schema] of Object.entries(document.components.schemas as Json)) ajv.addSchema(schema, `#/components/schemas/${id}`);

/** Why `value` does not match `schema` (a schema of the document, or a $ref to one of its components); none when it does. */
export function schemaProblems(schema: Json, value: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

/** Headers the API may send: each must be declared on a response that sends it. */
const API_HEADERS = ["x-request-id", "ratelimit", "ratelimit-policy", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after", "location", "idempotent-replayed"];

function headerProblems(where: string, declared: Json, headers: Headers): string[] {
  const problems: string[] = [];
  const names = new Map(Object.entries(declared).map(([name, definition]) => [name.toLowerCase(), definition as Json]));
  for (const [name, definition] of names) if (definition.required && !headers.has(name)) problems.push(`${where}: required header ${name} missing`);
  for (const name of API_HEADERS) if (headers.has(name) && !names.has(name)) problems.push(`${where}: sends ${name}, not declared`);
  return problems;
}

export function openApiProblems(method: string, path: string, status: number, body: unknown, headers: Headers): string[] {
  const contentType = headers.get("content-type");
  if (path === "/openapi.json") return [];
  const found = templates.find((t) => t.pattern.test(path));
  if (!found) return status === 404 || status === 401 || status === 429 ? [] : [`${path} is not in the document`];
  const operation = document.paths[found.template][method.toLowerCase()];
  if (!operation) return status === 405 || status === 401 || status === 429 ? [] : [`${method} ${found.template} is not in the document`];
  const response = operation.responses[String(status)];
  if (!response) return [`${method} ${found.template} does not document status ${status}`];
  const where = `${method} ${found.template} ${status}`;
  const documented = Object.entries(response.content ?? {})[0] as [string, Json] | undefined;
  if (!documented) {
    const extra = contentType || body ? [`${where}: has a body, documented none`] : [];
    return [...headerProblems(where, response.headers ?? {}, headers), ...extra];
  }
  const [mediaType, media] = documented;
  if (!contentType?.startsWith(mediaType)) return [`${where}: content type ${contentType}, documented ${mediaType}`];
  const validate = ajv.compile({ $ref: media.schema.$ref });
  return [
    ...headerProblems(where, response.headers ?? {}, headers),
    ...(validate(body) ? [] : (validate.errors ?? []).map((e) => `${where}: ${e.instancePath} ${e.message}`)),
  ];
}
