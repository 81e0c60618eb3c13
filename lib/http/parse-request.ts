import type { z } from "zod";
import { validationFailed } from "@/lib/errors";
import { ApiProblem } from "./problem";
import { fieldErrors } from "@/lib/schemas/field-errors";
import { refusalOf } from "./zod-errors";

export const MAX_BODY_BYTES = 16 * 1024;

/** The request's query: Next's requests carry their URL parsed already (nextUrl); others are parsed here. */
function searchParamsOf(request: Request): URLSearchParams {
  return ((request as Request & { nextUrl?: URL }).nextUrl ?? new URL(request.url)).searchParams;
}

/** Query parameters against a strict schema: unknown and repeated parameters are errors, not ignored. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = searchParamsOf(request);
  const values: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [name, value] of params) {
    if (name in values) repeated.push(name);
    values[name] = value;
  }
  const result = schema.safeParse(values);
  const errors = repeated.length ? [...new Set(repeated)].map((field) => ({ field, message: "Given more than once." })) : [];
  if (!result.success && !errors.length) throw refusalOf(result.error, "parameter");
  if (!result.success) errors.push(...fieldErrors(result.error, "parameter"));
  if (errors.length) throw validationFailed(errors);
  return result.data as z.output<S>;
}

/**
 * An id from the path, checked by its form before any query: a malformed one is answered
 * 404, as an unknown one is (the same answer, so the form of ids is no oracle either).
 */
export function parsePathId(value: string | undefined, schema: z.ZodType<string>, what: string): string {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiProblem("not_found", `No ${what} with this id at this property.`);
  return result.data;
}

async function readLimited(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiProblem("payload_too_large", `The body is over ${MAX_BODY_BYTES} bytes.`);
  if (!request.body) return "";
  // A declared length within the limit is enforced by the HTTP parser (no more bytes can come):
  // read it whole. Without one (chunked), count the bytes as they come.
  if (request.headers.has("content-length") && Number.isSafeInteger(declared)) {
    try {
      return await request.text();
    } catch {
      throw new ApiProblem("invalid_request", "The request body could not be read to its end.");
    }
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body (a reset connection): its fault, not the database's.
      throw new ApiProblem("invalid_request", "The request body could not be read to its end.");
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiProblem("payload_too_large", `The body is over ${MAX_BODY_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function isJsonMediaType(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" || Boolean(type?.startsWith("application/") && type.endsWith("+json"));
}

/**
 * A JSON body against a strict schema: at most 16 KiB, Content-Type application/json,
 * well-formed, no unknown fields. `optional` accepts an empty body as {}.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S, options: { optional?: boolean } = {}): Promise<z.output<S>> {
  const text = await readLimited(request);
  let value: unknown = {};
  if (text.trim() === "") {
    if (!options.optional) throw new ApiProblem("invalid_request", "The request needs a JSON body.");
  } else {
    if (!isJsonMediaType(request.headers.get("content-type"))) {
      throw new ApiProblem("unsupported_media_type", "Send the body as JSON with the header Content-Type: application/json.");
    }
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ApiProblem("invalid_request", `The body is not valid JSON: ${(error as Error).message}`);
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new ApiProblem("invalid_request", "The body must be a JSON object.");
    }
  }
  const result = schema.safeParse(value);
  if (!result.success) throw refusalOf(result.error, "field");
  return result.data as z.output<S>;
}
