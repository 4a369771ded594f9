import { describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitStatements } from "../../db/migrate";
import { migrations } from "../../db/migrations";

const root = join(import.meta.dir, "../..");
const migrationsDir = join(root, "db/migrations");

describe("migrations", () => {
  test("every SQL file drizzle-kit wrote is listed, in order, in db/migrations/index.ts", async () => {
    const files = readdirSync(migrationsDir)
      .filter((name) => name.endsWith(".sql"))
      .sort();
    expect(migrations.map((m) => `${m.name}.sql`)).toEqual(files);
    const journal = await Bun.file(join(migrationsDir, "meta/_journal.json")).json();
    expect(journal.entries.map((entry: { tag: string }) => entry.tag)).toEqual(migrations.map((m) => m.name));
  });

  test("db/schema.ts has no change that lacks a migration", () => {
    // drizzle-kit compares the schema with the latest snapshot; on a copy so nothing is written here.
    const dir = mkdtempSync(join(tmpdir(), "cadence-schema-"));
    try {
      cpSync(migrationsDir, join(dir, "migrations"), { recursive: true });
      writeFileSync(
        join(dir, "drizzle.config.ts"),
        `export default { dialect: "postgresql", schema: ${JSON.stringify(join(root, "db/schema.ts"))}, out: "./migrations" };`,
      );
      const result = Bun.spawnSync(["bun", join(root, "node_modules/drizzle-kit/bin.cjs"), "generate", "--config", "drizzle.config.ts"], {
        cwd: dir, // drizzle-kit reads its output folder relative to the working directory
        stdout: "pipe",
        stderr: "pipe",
      });
      const output = result.stdout.toString() + result.stderr.toString();
      expect(output).toContain("No schema changes");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("splitStatements splits on drizzle-kit's marker and drops empty pieces", () => {
    expect(splitStatements("create table a (id int);\n--> statement-breakpoint\ncreate index b on a (id);\n")).toEqual([
      "create table a (id int);",
      "create index b on a (id);",
    ]);
  });
});
