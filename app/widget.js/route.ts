import { WIDGET_INTEGRITY, WIDGET_SCRIPT } from "@/lib/booking-engine/widget-script";

export const dynamic = "force-static";

/**
 * GET /widget.js: the booking widget's loader for hotels' own sites. Cached by browsers and CDNs
 * for an hour (and served stale for a day while revalidating), with an ETag of its integrity
 * hash; CORS open, so a hotel may load it with integrity="…" crossorigin="anonymous".
 */
export function GET(): Response {
  return new Response(WIDGET_SCRIPT, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
      ETag: `"${WIDGET_INTEGRITY}"`,
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
