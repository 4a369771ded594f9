import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createLogger } from "../../src/logger";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** Logs never carry a failed query's parameters (hardening issue, finding 5). */

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

test("a failed query is logged with its SQL and reason, without its parameters", async () => {
  const secret = "someone@example.com $argon2id$v=19$m=65536,t=2,p=1$c2VjcmV0";
  let failure: unknown;
  try {
    await testDb.database.db.execute(sql`select ${secret}::int as n`);
  } catch (error) {
    failure = error;
  }
  expect(failure).toBeInstanceOf(Error);
  expect(String((failure as Error).message)).toContain(secret); // the driver's own message has it

  const lines: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: string) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  try {
    createLogger("error").error("unhandled error", { error: failure });
  } finally {
    process.stderr.write = write;
  }
  const line = lines.join("");
  expect(line).toContain("Failed query: select $1::int as n");
  expect(line).toContain("params: [not logged]");
  expect(line).not.toContain("someone@example.com");
  expect(line).not.toContain("argon2id");
});

test("a failed long query is one short line: the SQL cut, a few stack frames, no value the client sent", async () => {
  // The shape of the list query a forged cursor used to break: long SQL, the client's text as a parameter.
  const columns = Array.from({ length: 60 }, (_, n) => `'${"c".repeat(20)}${n}' as c${n}`).join(", ");
  let failure: unknown;
  try {
    await testDb.database.db.execute(sql`select ${sql.raw(columns)}, ${"2026-02-30"}::timestamptz as key`);
  } catch (error) {
    failure = error;
  }
  expect(String((failure as Error).message).length).toBeGreaterThan(2_000);
  const lines: string[] = [];
  createLogger("error", {}, (line) => lines.push(line)).error("unhandled error", { requestId: "r", error: failure });
  expect(lines).toHaveLength(1);
  expect(lines[0]!.length).toBeLessThan(1_500);
  expect(lines[0]).not.toContain("2026-02-30");
  expect(lines[0]).toContain("Failed query: select ");
});
