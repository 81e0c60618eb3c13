/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Server-only packages that must not be bundled (native bindings, worker threads).
  serverExternalPackages: ["pino", "pg", "@prisma/adapter-pg"],
};

export default nextConfig;
