import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import { json } from "../plugins/errors";

const PING_TIMEOUT_MS = 2_000;

/** GET /api/health: 200 only when the database answers, so a load balancer can trust it. */
export function healthRoutes(database: Database) {
  return new Elysia({ name: "routes/health" }).get("/api/health", async () => {
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), PING_TIMEOUT_MS)),
      ]);
      return json(200, { status: "ok", database: database.kind });
    } catch {
      return json(503, { status: "unavailable", message: "The database is not answering." });
    }
  });
}
