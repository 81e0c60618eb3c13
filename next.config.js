import { pageSecurityHeaders } from "./lib/http/page-security-headers.mjs";

const isProduction = process.env.NODE_ENV === "production";

const PAGE_SECURITY_HEADERS = pageSecurityHeaders({ production: isProduction });

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // npm run dev prints localhost; let 127.0.0.1 reach the development server's assets and updates too.
  allowedDevOrigins: ["127.0.0.1"],
  // Server-only packages that must not be bundled (native bindings, worker threads).
  // pg and ioredis too so that OpenTelemetry's instrumentations can patch them as they load (lib/tracing).
  serverExternalPackages: ["pino", "pg", "@prisma/adapter-pg", "graphile-worker", "nodemailer", "ioredis"],
  // Browsers ask for /favicon.ico wherever a response names no icon (JSON, /docs' own HTML): the site's icon.
  async redirects() {
    return [{ source: "/favicon.ico", destination: "/icon.svg", permanent: true }];
  },
  async headers() {
    const panel = ["/login", "/login/:path*", "/forgot-password", "/reset-password/:path*", "/join/:path*", "/overview", "/rooms", "/rates", "/rate-plans", "/settings/:path*", "/bookings/:path*", "/bookings", "/account", "/account/:path*", "/dev/:path*"];
    // The guest sites' pages get theirs from proxy.ts (an embed's framing depends on its hotel).
    const docs = ["/docs/errors", "/docs/test-mode"];
    return [...panel, ...docs].map((source) => ({ source, headers: PAGE_SECURITY_HEADERS }));
  },
};

export default nextConfig;
