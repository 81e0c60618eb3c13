import { loadReferenceBundle } from "@/lib/docs/reference-bundle";

/** Scalar's API reference bundle, served from our own node_modules (lib/docs/reference-bundle.ts). */
export async function GET() {
  return new Response(await loadReferenceBundle(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
