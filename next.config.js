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
  // No headers() here: every page's security headers come from proxy.ts, since its policy carries a nonce new on each answer.
};

export default nextConfig;
