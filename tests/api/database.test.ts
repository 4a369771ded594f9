import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { migrations } from "../../db/migrations";
import { users } from "../../db/schema";
import { createApp } from "../../src/app";
import { loadAssets } from "../../src/assets";
import { systemClock } from "../../src/clock";
import { loadConfig } from "../../src/config";
import { createQueue } from "../../src/jobs/queue";
import { createLogger } from "../../src/logger";
import { defaultRateLimits } from "../../src/services/rate-limits";
import { createProviders } from "../../src/providers";
import { createServices } from "../../src/services";
import { createServerDatabase, createTestDatabase, onPostgres } from "../support/test-database";

const expectedTables = [
  "action_tokens",
  "app_secrets",
  "carousels",
  "contact_messages",
  "email_outbox",
  "jobs",
  "linkedin_connections",
  "linkedin_oauth_states",
  "password_reset_tokens",
  "payment_events",
  "post_saves",
  "posts",
  "rate_limits",
  "schema_migrations",
  "sessions",
  "sources",
  "trial_claims",
  "users",
];

describe(`migrations on ${onPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  test("a fresh database gets every table, and a second run applies nothing", async () => {
    const { database, drop } = await createTestDatabase({ migrated: false });
    try {
      expect(await migrate(database)).toEqual(migrations.map((m) => m.name));
      const tables = await database.rows<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(tables.map((t) => t.table_name)).toEqual(expectedTables);
      expect(await migrate(database)).toEqual([]);
    } finally {
      await drop();
    }
  });

  test("the schema enforces its rules: unique emails, cascading deletes", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const [user] = await database.db.insert(users).values({ email: "ada@example.com", name: "Ada", passwordHash: "x" }).returning();
      expect(user!.timezone).toBe("America/New_York");
      expect(user!.paymentMethodAdded).toBe(false);
      await expect(database.db.insert(users).values({ email: "ada@example.com", name: "Other", passwordHash: "y" }).execute()).rejects.toThrow();
      await database.db.execute(sql`insert into posts (user_id, content) values (${user!.id}, 'Hello')`);
      await database.db.delete(users);
      const [posts] = await database.rows<{ n: number }>(sql`select count(*)::int as n from posts`);
      expect(posts?.n).toBe(0);
    } finally {
      await drop();
    }
  });

  test.if(onPostgres)("two processes migrating one database at once apply each migration once", async () => {
    const server = await createServerDatabase();
    const [a, b] = await Promise.all([openDatabase({ databaseUrl: server.url }), openDatabase({ databaseUrl: server.url })]);
    try {
      const results = await Promise.all([migrate(a), migrate(b)]);
      expect(results.flat().sort()).toEqual(migrations.map((m) => m.name));
      const [applied] = await a.rows<{ n: number }>(sql`select count(*)::int as n from schema_migrations`);
      expect(applied?.n).toBe(migrations.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await server.drop();
    }
  });
});

describe("prepared reads", () => {
  test("a read prepared runs as a prepared statement and answers what it answers unprepared, quotes and all", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const odd = "it's a 'quoted' value; select 1 --";
      const read = (value: string, n: number) =>
        sql`select ${value}::text as value, ${n}::int + 1 as next, (select count(*) from users where email = ${value})::int as users`;
      for (const [value, n] of [
        [odd, 1],
        ["plain", 41],
      ] as const) {
        expect(await database.preparedRows(read(value, n))).toEqual(await database.rows(read(value, n)));
        expect(await database.preparedRows(read(value, n))).toEqual([{ value, next: n + 1, users: 0 }]);
      }
      // PGlite has one session, so the statement it prepared is visible here; PostgreSQL keeps it on the pooled connection that ran it.
      const names = await database.rows<{ statement: string }>(sql`select statement from pg_prepared_statements`);
      if (database.kind === "pglite") expect(names.map((row) => row.statement).some((text) => text.includes("as next"))).toBe(true);
    } finally {
      await drop();
    }
  });
});

describe("maintenance", () => {
  test.if(!onPostgres)("on PGlite, maintain() vacuums and analyses: the planner learns how many posts there are", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const [user] = await database.db.insert(users).values({ email: "many@example.com", name: "Many", passwordHash: "x" }).returning();
      await database.rows(sql`insert into posts (user_id, content) select ${user!.id}, 'post ' || n from generate_series(1, 300) n`);
      const estimate = async () =>
        Number((await database.rows<{ reltuples: number }>(sql`select reltuples from pg_class where relname = 'posts'`))[0]!.reltuples);
      // Never vacuumed nor analysed, PostgreSQL does not know the table's size (-1).
      expect(await estimate()).toBeLessThan(0);
      await database.maintain();
      expect(await estimate()).toBe(300);
      const [stats] = await database.rows<{ vacuumed: boolean; analysed: boolean }>(
        sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analysed from pg_stat_user_tables where relname = 'posts'`,
      );
      expect(stats).toEqual({ vacuumed: true, analysed: true });
    } finally {
      await drop();
    }
  });
});

describe("health when the database is gone", () => {
  test("answers 503 with a message", async () => {
    const { database, drop } = await createTestDatabase();
    const logger = createLogger("silent");
    const config = loadConfig({ NODE_ENV: "test" });
    const queue = createQueue({ database, clock: systemClock, logger, definitions: [] });
    const providers = createProviders({ config, database, clock: systemClock, logger });
    const services = createServices({ config, database, clock: systemClock, logger, queue, providers });
    const app = createApp({
      config,
      database,
      clock: systemClock,
      logger,
      queue,
      services,
      rateLimits: defaultRateLimits,
      sessionSecret: "x".repeat(32),
      assets: await loadAssets(),
    });
    expect((await app.handle(new Request("http://localhost/api/health"))).status).toBe(200);
    await drop(); // closes the connection (and on PostgreSQL drops the database)
    const response = await app.handle(new Request("http://localhost/api/health"));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", message: "The database is not answering." });
  });
});
