/**
 * The requests the OpenAPI document shows a reader, read back from the document itself: the
 * one a viewer (Scalar at /docs) or a generator builds from the parameters' and the request
 * body's examples, and the curl sample. Tests run them and check the examples they answer with.
 */
type Json = Record<string, any>;

export type DocumentedOperation = { method: string; template: string; operation: Json };
export type DocumentedRequest = { method: string; pathAndQuery: string; headers: Record<string, string>; body?: unknown };

const METHODS = ["get", "post", "put", "patch", "delete"];

export function documentedOperations(document: Json): DocumentedOperation[] {
  return Object.entries(document.paths as Json).flatMap(([template, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), template, operation: operation as Json })),
  );
}

export function nameOf({ method, template }: DocumentedOperation): string {
  return `${method} ${template}`;
}

/** A parameter with its $ref (#/components/parameters/…) followed. */
export function resolveParameter(document: Json, parameter: Json): Json {
  return parameter.$ref ? document.components.parameters[String(parameter.$ref).split("/").at(-1)!] : parameter;
}

export function parametersOf(document: Json, operation: Json): Json[] {
  return ((operation.parameters ?? []) as Json[]).map((p) => resolveParameter(document, p));
}

/** The operation's one success status (2xx). */
export function successStatus(operation: Json): number {
  const statuses = Object.keys(operation.responses as Json).filter((status) => /^2\d\d$/.test(status));
  if (statuses.length !== 1) throw new Error(`${operation.operationId}: ${statuses.length} success responses`);
  return Number(statuses[0]);
}

/** The example values of a media type object: its `examples` map, or its single `example`. */
export function mediaExamples(media: Json | undefined): unknown[] {
  if (!media) return [];
  if (media.examples) return Object.values(media.examples as Json).map((example) => (example as Json).value);
  return "example" in media ? [media.example] : [];
}

/**
 * The request built from the document's examples: every parameter set to its example, and the
 * body's first example. Throws when a parameter or a body has none (a viewer would invent it).
 */
export function exampleRequest(document: Json, { method, template, operation }: DocumentedOperation): DocumentedRequest {
  const missing = (what: string) => new Error(`${method} ${template}: ${what} has no example`);
  let path = template;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const parameter of parametersOf(document, operation)) {
    if (parameter.example === undefined) throw missing(`${parameter.in} parameter ${parameter.name}`);
    const value = String(parameter.example);
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === "query") query.set(parameter.name, value);
    else if (parameter.in === "header") headers[parameter.name] = value;
  }
  const search = query.toString();
  if (!operation.requestBody) return { method, pathAndQuery: `${path}${search ? `?${search}` : ""}`, headers };
  const bodies = mediaExamples(operation.requestBody.content?.["application/json"]);
  if (bodies.length === 0) throw missing("the request body");
  return { method, pathAndQuery: `${path}${search ? `?${search}` : ""}`, headers, body: bodies[0] };
}

/** The example of the success response's body (undefined for a response without a body). */
export function successExample(operation: Json): { status: number; hasBody: boolean; examples: unknown[] } {
  const status = successStatus(operation);
  const media = operation.responses[String(status)].content?.["application/json"];
  return { status, hasBody: media !== undefined, examples: mediaExamples(media) };
}

/** Shell words of a curl sample as this document writes them: bare, "double-" or 'single-quoted'. */
function shellWords(source: string): string[] {
  const text = source.replace(/\\\n/g, " ");
  const words: string[] = [];
  const word = /'((?:[^']|'\\'')*)'|"([^"]*)"|(\S+)/g;
  for (const match of text.matchAll(word)) {
    if (match[1] !== undefined) words.push(match[1].replace(/'\\''/g, "'"));
    else words.push(match[2] ?? match[3]!);
  }
  return words;
}

/** The request a curl sample sends (its URL relative to `base`, its headers but the key, its body parsed). */
export function curlRequest(source: string, base: string): DocumentedRequest {
  const words = shellWords(source);
  if (words[0] !== "curl") throw new Error(`not a curl command: ${source}`);
  let method: string | undefined;
  let url: string | undefined;
  let body: unknown;
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === "-X") method = words[++i];
    else if (word === "-H") {
      const [name, ...value] = words[++i]!.split(":");
      if (name!.toLowerCase() !== "x-api-key") headers[name!] = value.join(":").trim();
    } else if (word === "-d") body = JSON.parse(words[++i]!);
    else if (word.startsWith("-")) throw new Error(`unexpected curl option ${word}`);
    else url = word;
  }
  if (!url?.startsWith(base)) throw new Error(`curl URL ${url} is not under ${base}`);
  return { method: method ?? (body === undefined ? "GET" : "POST"), pathAndQuery: url.slice(base.length), headers, ...(body === undefined ? {} : { body }) };
}
