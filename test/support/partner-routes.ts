import { readdirSync } from "node:fs";
import { join, sep } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The partner API's routing table, read from the files under app/partner/v1 as Next.js
 * reads them: `[id]` is one segment, `[...path]` the rest; a static segment wins over a
 * dynamic one, and a catch-all comes last. A new route.ts is routed without an edit here.
 */
export type RouteModule = Record<string, (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>>;

export type PartnerRoute = { file: string; pattern: RegExp; params: { name: string; rest: boolean }[]; load: () => Promise<RouteModule> };

const ROUTES_DIR = join(import.meta.dirname, "..", "..", "app", "partner", "v1");

type Segment = { kind: 0 | 1 | 2; text: string };

function segmentOf(part: string): Segment {
  const rest = /^\[\.\.\.(\w+)\]$/.exec(part);
  if (rest) return { kind: 2, text: rest[1]! };
  const one = /^\[(\w+)\]$/.exec(part);
  if (one) return { kind: 1, text: one[1]! };
  return { kind: 0, text: part };
}

/** Static (0) before dynamic (1) before catch-all (2), segment by segment. */
function bySpecificity(a: Segment[], b: Segment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i]!.kind !== b[i]!.kind) return a[i]!.kind - b[i]!.kind;
  return b.length - a.length;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function partnerRoutes(dir = ROUTES_DIR): PartnerRoute[] {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file === "route.ts" || file.endsWith(`${sep}route.ts`));
  return files
    .map((file) => ({ file, segments: file.split(sep).slice(0, -1).map(segmentOf) }))
    .sort((a, b) => bySpecificity(a.segments, b.segments))
    .map(({ file, segments }) => ({
      file: join("app", "partner", "v1", file),
      pattern: new RegExp(`^${segments.map((s) => (s.kind === 0 ? `/${escape(s.text)}` : s.kind === 1 ? "/([^/]+)" : "/(.+)")).join("")}$`),
      params: segments.filter((s) => s.kind !== 0).map((s) => ({ name: s.text, rest: s.kind === 2 })),
      load: () => import(pathToFileURL(join(dir, file)).href) as Promise<RouteModule>,
    }));
}
