import { NextResponse, type NextRequest } from "next/server";
import { isMalformedPath } from "@/lib/http/malformed-path";
import { unknownPartnerPath } from "@/lib/http/unknown-partner-path";

/**
 * Runs before routing. Only one job: a path whose percent-encoding does not decode, which
 * Next.js's router would answer with a bare text 500. Under /partner/v1 it is answered as
 * the pipeline answers any unknown path (404 problem+json with X-Request-Id, after the key
 * check); elsewhere with the not-found page.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const rawPath = new URL(request.url).pathname;
  if (!isMalformedPath(rawPath)) return NextResponse.next();
  if (rawPath.startsWith("/partner/v1/")) return unknownPartnerPath(request);
  return NextResponse.rewrite(new URL("/not-found", request.url), { status: 404 });
}

export const config = {
  // Only paths with a percent sign can be malformed; everything else skips the proxy.
  matcher: ["/((?!_next/static|_next/image).*%.*)"],
};
