import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./src/server/kernel/db/schema.ts",
  out: "./src/server/kernel/db/migrations",
});
