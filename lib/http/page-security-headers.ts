/**
 * Security headers of the pages people use (the staff control panel, the guest sites and the
 * hotels' booking engines, the docs pages Next.js renders), answered by proxy.ts for every page.
 *
 * Scripts: only those the server rendered with this answer's nonce run, and what they load in
 * turn ('strict-dynamic': Next.js's runtime adds its chunks as it needs them), so a script slipped
 * into a page (a guest's name, a hotel's text) never runs. Next.js reads the nonce from the
 * request's policy and puts it on every script it renders; 'self' only serves browsers too old
 * for 'strict-dynamic', which ignore it otherwise. Development also needs eval (React rebuilds
 * server errors' stacks in the browser with it). Styles may stay inline: Next.js and React
 * write style attributes, and a style cannot run code.
 *
 * No Referer to other sites (the guest's confirmation and manage-booking URLs carry the token
 * that opens their booking), and who may frame the page: nobody (the default), or, for a booking
 * engine's embed, the hotel's allowed sites and this origin (the panel's preview).
 */
export type PageSecurityOptions = { nonce: string; development: boolean; frameAncestors?: readonly string[] };

export function contentSecurityPolicy({ nonce, development, frameAncestors }: PageSecurityOptions): string {
  const framing = frameAncestors ? ["'self'", ...frameAncestors].join(" ") : "'none'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framing}`,
  ].join("; ");
}

export function pageSecurityHeaders(options: PageSecurityOptions): [name: string, value: string][] {
  return [
    ["Content-Security-Policy", contentSecurityPolicy(options)],
    // Older browsers know only X-Frame-Options; an embed must leave it out (it cannot list sites).
    ...(options.frameAncestors ? [] : [["X-Frame-Options", "DENY"] as [string, string]]),
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "same-origin"],
  ];
}

/** A nonce for one answer: 16 random bytes, base64 (what CSP asks of a nonce: unguessable, new each time). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The nonce a policy's script-src names (what Next.js finds in the request's policy, and so do we). */
export function nonceOf(policy: string | null): string | undefined {
  return /(?:^|;)\s*script-src\s[^;]*'nonce-([^']+)'/.exec(policy ?? "")?.[1];
}
