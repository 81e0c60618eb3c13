import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from "@/lib/http/page-security-headers";

const development = process.env.NODE_ENV === "development";

/**
 * The security headers of one page's answer (lib/http/page-security-headers.ts), with a nonce of
 * its own: on the answer, and the policy on the request too, since Next.js renders the page from
 * the request and takes the nonce it puts on its scripts from that policy (pageNonce reads it for
 * ours). A page must be rendered per request for this; every page is (the root layout reads the
 * request's headers).
 */
export function pageSecurity(frameAncestors?: readonly string[]) {
  const options = { nonce: newNonce(), development, frameAncestors };
  return {
    request(requestHeaders: Headers): Headers {
      requestHeaders.set("Content-Security-Policy", contentSecurityPolicy(options));
      return requestHeaders;
    },
    response<R extends Response>(response: R): R {
      for (const [name, value] of pageSecurityHeaders(options)) response.headers.set(name, value);
      return response;
    },
  };
}

/** The page asked for, rendered from these request headers, with its security headers. */
export function renderPage(requestHeaders: Headers, frameAncestors?: readonly string[]): Response {
  const security = pageSecurity(frameAncestors);
  return security.response(NextResponse.next({ request: { headers: security.request(requestHeaders) } }));
}

/** The platform's not-found page (404) instead of the page asked for, with its security headers. */
export function notFoundPage(request: NextRequest): Response {
  const security = pageSecurity();
  return security.response(NextResponse.rewrite(new URL("/not-found", request.url), { status: 404, request: { headers: security.request(new Headers(request.headers)) } }));
}
