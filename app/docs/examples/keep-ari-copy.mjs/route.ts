import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** The runnable example of "Keep a copy of our ARI" (docs/examples/keep-ari-copy.mjs), for partners to download. */
export async function GET() {
  const example = await readFile(join(process.cwd(), "docs", "examples", "keep-ari-copy.mjs"), "utf8");
  return new Response(example, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
