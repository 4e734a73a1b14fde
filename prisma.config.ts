// Prisma CLI settings (Prisma 7 reads the database URL from here, not from schema.prisma). Only used by
// the `prisma` CLI, e.g. `npx prisma migrate deploy` on a machine that can download Prisma's engine;
// the server applies migrations itself (server/src/db/migrate.ts).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
