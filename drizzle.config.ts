import { defineConfig } from "drizzle-kit";

// Used only by `bun run db:generate` to write SQL migrations from db/schema.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
