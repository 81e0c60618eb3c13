import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Scalar's API reference bundle, served from our own node_modules: /docs must work with no
 * internet (no CDN), as on these machines and in many company networks.
 */
let bundle: Promise<Buffer> | undefined;

function loadBundle(): Promise<Buffer> {
  bundle ??= readFile(join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js"));
  return bundle;
}

export async function GET() {
  return new Response(new Uint8Array(await loadBundle()), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
