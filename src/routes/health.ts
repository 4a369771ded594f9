import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import { json } from "../plugins/errors";
import { documented } from "./api-operation";
import { healthDownResponse, healthResponse } from "./api-responses";

const PING_TIMEOUT_MS = 2_000;

/** GET /api/health: 200 only when the database answers, so a load balancer can trust it. */
export function healthRoutes(database: Database) {
  return new Elysia({ name: "routes/health" }).get(
    "/api/health",
    async () => {
      try {
        await Promise.race([database.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), PING_TIMEOUT_MS))]);
        return json(200, { status: "ok", database: database.kind });
      } catch {
        return json(503, { status: "unavailable", message: "The database is not answering." });
      }
    },
    documented({
      operationId: "getHealth",
      summary: "200 when the database answers (503 otherwise)",
      access: "public",
      ok: { 200: healthResponse },
      errors: [503],
      errorBodies: { 503: healthDownResponse },
    }),
  );
}
