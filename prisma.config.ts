import { defineConfig } from "prisma/config";

// Used by `prisma generate` (npm's postinstall). Migrations do not go through the Prisma
// CLI here (its native engine cannot be downloaded offline): see scripts/db/.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
