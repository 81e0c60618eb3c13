import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * lib/ in layers, imports pointing down only (docs/layout.md draws them). A folder of lib/ (or a
 * file at its top, lib/db.ts is "db") imports by value folders of its own layer or below, and the
 * folders never import each other round a cycle. A folder that needs something from above takes
 * it as a parameter. Types cross freely (`import type` is erased), so a view's type may come
 * from lib/schemas.
 */
const LAYERS = {
  /** Values, dates and the infrastructure every layer stands on. */
  values: ["clock", "dates", "money", "ids", "text", "errors", "i18n", "db", "db-batch", "db-errors", "env", "log", "generated", "pooled-random-bytes", "local-data-dir", "platform-name", "trace-context", "secrets", "job-queue", "startup-check"],
  /** The hotel's domain: what is true of properties, rooms, rates, plans, bookings and their events. */
  domain: ["audit", "properties", "room-types", "rates", "rate-plans", "availability", "bookings", "events", "api-keys", "staff", "test-mode", "booking-engine", "overview", "integrity"],
  /** Services around the domain: e-mail, webhooks, the worker, what operators see of it. */
  services: ["mail", "webhooks", "privacy", "jobs", "request-log", "metrics", "tracing", "rate-limit", "health"],
  /** The doors' adapters: the zod schemas, the HTTP pipeline, the OpenAPI document and docs, the guest site's client. */
  adapters: ["schemas", "http", "openapi", "docs", "partner-client", "guest-site"],
} as const;
type Layer = keyof typeof LAYERS;
const ORDER: Layer[] = ["values", "domain", "services", "adapters"];

/**
 * Imports up a layer that are known and wait for their owner, each with its files: a new one
 * fails the test, and so does one of these once it is gone (then delete it here).
 */
const WAITING: { from: string; to: string; files: string[]; why: string }[] = [];

/** The OpenAPI document's examples are plain data: they import values and each other, no domain code. */
const EXAMPLES = /^lib\/openapi\/.*example.*\.ts$/;

const ROOT = resolve(import.meta.dirname, "..", "..");
const LIB = join(ROOT, "lib");

type Import = { file: string; specifier: string; target: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.mts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The module specifiers a file imports by value: type-only imports and exports are left out. */
function valueImports(text: string, fileName = "file.ts"): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly = node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What a specifier names: a folder of lib ("bookings", "db"), "app" or "components", a package; null for a file outside these. */
function targetOf(file: string, specifier: string): string | null {
  let path: string;
  if (specifier.startsWith("@/")) path = join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) path = resolve(dirname(file), specifier);
  else return specifier.startsWith("node:") ? null : `package:${specifier}`;
  const [top, ...rest] = relative(ROOT, path).split(sep);
  if (top === "app" || top === "components") return top;
  if (top !== "lib" || rest.length === 0) return null;
  return rest[0]!.replace(/\.(ts|tsx|mts|mjs|js)$/, "");
}

function folderOf(file: string): string {
  return relative(LIB, file).split(sep)[0]!.replace(/\.(ts|tsx|mts|mjs)$/, "");
}

function readImports(): Import[] {
  return sourceFiles(LIB).flatMap((path) =>
    valueImports(readFileSync(path, "utf8"), path).flatMap((specifier) => {
      const target = targetOf(path, specifier);
      return target === null ? [] : [{ file: relative(ROOT, path).split(sep).join("/"), specifier, target }];
    }),
  );
}

/** Folder → folder it imports → the files that do. */
function folderGraph(imports: Import[]): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const { file, target } of imports) {
    const from = folderOf(join(ROOT, file));
    if (target === from || target === "app" || target === "components" || target.startsWith("package:")) continue;
    const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
    const files = edges.get(target) ?? edges.set(target, []).get(target)!;
    if (!files.includes(file)) files.push(file);
  }
  return graph;
}

/** Each cycle of the folder graph, as its folders in order and the files that close each step. */
function cyclesOf(graph: Map<string, Map<string, string[]>>): string[] {
  // Tarjan's strongly connected components; each component of more than one folder holds a cycle.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const connect = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do component.push((member = stack.pop()!));
      while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) connect(node);
  // One shortest cycle through each component's first folder, named step by step with its files.
  return components.map((component) => {
    const inside = new Set(component);
    const start = [...component].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | undefined;
    while (queue.length && closing === undefined) {
      const node = queue.shift()!;
      for (const next of graph.get(node)?.keys() ?? []) {
        if (!inside.has(next)) continue;
        if (next === start) {
          closing = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const path = [closing!];
    while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
    path.push(start);
    const steps = path.slice(1).map((to, i) => `  ${path[i]} -> ${to}: ${graph.get(path[i]!)!.get(to)!.join(", ")}`);
    return [`${path.join(" -> ")} (folders on this cycle: ${[...component].sort().join(", ")})`, ...steps].join("\n");
  });
}

function layerOf(folder: string): Layer | undefined {
  return ORDER.find((layer) => (LAYERS[layer] as readonly string[]).includes(folder));
}

const imports = readImports();
const graph = folderGraph(imports);

describe("lib/'s layers", () => {
  it("place every folder of lib in one layer", () => {
    const folders = new Set(sourceFiles(LIB).map(folderOf));
    const unplaced = [...folders].filter((folder) => !layerOf(folder)).sort();
    const twice = ORDER.flatMap((layer) => LAYERS[layer] as readonly string[]).filter((folder, i, all) => all.indexOf(folder) !== i);
    expect(unplaced, "put each in a layer here and in docs/layout.md").toEqual([]);
    expect(twice).toEqual([]);
  });

  it("have no two folders importing each other, nor any cycle of folders", () => {
    expect(cyclesOf(graph), "folders importing each other round a cycle (by value)").toEqual([]);
  });

  it("import down only: no folder imports a folder of a layer above its own", () => {
    const upward: string[] = [];
    for (const [from, edges] of graph) {
      for (const [to, files] of edges) {
        const own = ORDER.indexOf(layerOf(from)!);
        const other = ORDER.indexOf(layerOf(to)!);
        if (own < 0 || other < 0 || other <= own) continue;
        const waiting = WAITING.find((known) => known.from === from && known.to === to);
        const unknown = files.filter((file) => !waiting?.files.includes(file));
        if (unknown.length) upward.push(`${from} (${layerOf(from)}) imports ${to} (${layerOf(to)}): ${unknown.join(", ")}`);
      }
    }
    expect(upward, "take what is needed from above as a parameter").toEqual([]);
  });

  it("still need each import up a layer they let wait (one gone: delete it from WAITING)", () => {
    const gone = WAITING.flatMap(({ from, to, files }) => files.filter((file) => !graph.get(from)?.get(to)?.includes(file)).map((file) => `${file}: ${from} -> ${to}`));
    expect(gone).toEqual([]);
  });

  it("keep the domain free of the doors: no folder of lib imports app/, components/ or Next.js", () => {
    const doors = imports.filter(({ target }) => target === "app" || target === "components" || target === "package:next" || target.startsWith("package:next/"));
    expect(doors.map(({ file, specifier }) => `${file}: ${specifier}`)).toEqual([]);
  });

  it("make the OpenAPI examples of plain data: they import values and each other, no domain code", () => {
    const reaching = imports.filter(({ file, target }) => EXAMPLES.test(file) && !target.startsWith("package:") && target !== "openapi" && layerOf(target) !== "values");
    expect(reaching.map(({ file, specifier }) => `${file}: ${specifier}`)).toEqual([]);
  });
});

describe("how the layers test reads imports", () => {
  it("counts value imports, re-exports and import(), not type-only ones", () => {
    const text = [
      'import type { A } from "@/lib/a";',
      'import { type B } from "@/lib/b";',
      'import { type C, c } from "@/lib/c";',
      'import d from "@/lib/d";',
      'import "@/lib/e";',
      'export { f } from "@/lib/f";',
      'export type { G } from "@/lib/g";',
      'export * from "@/lib/h";',
      'const i = await import("@/lib/i");',
    ].join("\n");
    expect(valueImports(text)).toEqual(["@/lib/c", "@/lib/d", "@/lib/e", "@/lib/f", "@/lib/h", "@/lib/i"]);
  });

  it("names a cycle's folders and the files of each step", () => {
    const made = new Map([
      ["a", new Map([["b", ["lib/a/x.ts"]]])],
      ["b", new Map([["c", ["lib/b/y.ts"]]])],
      ["c", new Map([["a", ["lib/c/z.ts"]]])],
    ]);
    expect(cyclesOf(made)).toEqual(["a -> b -> c -> a (folders on this cycle: a, b, c)\n  a -> b: lib/a/x.ts\n  b -> c: lib/b/y.ts\n  c -> a: lib/c/z.ts"]);
  });
});
