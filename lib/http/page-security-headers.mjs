/**
 * Security headers of the pages people use (staff control panel, guest sites): a content
 * security policy that allows only this origin (Next.js needs inline scripts; development
 * also needs eval for fast refresh), no Referer to other sites (the guest's confirmation and
 * manage-booking URLs carry the token that opens their booking), and who may frame the page:
 * nobody (the default), or, for a booking engine's embed, the hotel's allowed sites and this
 * origin (the panel's preview). Plain JavaScript: next.config.js reads it too.
 *
 * @param {{ production: boolean; frameAncestors?: readonly string[] }} options
 * @returns {{ key: string; value: string }[]}
 */
export function pageSecurityHeaders({ production, frameAncestors }) {
  const framing = frameAncestors ? ["'self'", ...frameAncestors].join(" ") : "'none'";
  return [
    {
      key: "Content-Security-Policy",
      value: [
        "default-src 'self'",
        `script-src 'self' 'unsafe-inline'${production ? "" : " 'unsafe-eval'"}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        `frame-ancestors ${framing}`,
      ].join("; "),
    },
    // Older browsers know only X-Frame-Options; an embed must leave it out (it cannot list sites).
    ...(frameAncestors ? [] : [{ key: "X-Frame-Options", value: "DENY" }]),
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "same-origin" },
  ];
}
