const isProduction = process.env.NODE_ENV === "production";

/**
 * Security headers of the pages people use (staff control panel, guest site): a content
 * security policy that allows only this origin (Next.js needs inline scripts; development
 * also needs eval for fast refresh), no framing at all, and no Referer to other sites (the
 * guest's confirmation and manage-booking URLs carry the token that opens their booking).
 */
const PAGE_SECURITY_HEADERS = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      `script-src 'self' 'unsafe-inline'${isProduction ? "" : " 'unsafe-eval'"}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // npm run dev prints localhost; let 127.0.0.1 reach the development server's assets and updates too.
  allowedDevOrigins: ["127.0.0.1"],
  // Server-only packages that must not be bundled (native bindings, worker threads).
  serverExternalPackages: ["pino", "pg", "@prisma/adapter-pg", "graphile-worker", "nodemailer"],
  // Browsers ask for /favicon.ico wherever a response names no icon (JSON, /docs' own HTML): the site's icon.
  async redirects() {
    return [{ source: "/favicon.ico", destination: "/icon.svg", permanent: true }];
  },
  async headers() {
    const panel = ["/login", "/forgot-password", "/reset-password/:path*", "/join/:path*", "/overview", "/rooms", "/rates", "/rate-plans", "/settings/:path*", "/bookings/:path*", "/bookings", "/account", "/dev/:path*"];
    const site = ["/", "/search", "/book", "/find", "/confirmation/:path*", "/manage/:path*", "/docs/errors", "/docs/test-mode"];
    return [...panel, ...site].map((source) => ({ source, headers: PAGE_SECURITY_HEADERS }));
  },
};

export default nextConfig;
