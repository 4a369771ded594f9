import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { builtSnapshot } from "../../db/pglite-snapshot";
import { signUpSubscriber } from "../support/api-client";
import { readArticle } from "../support/corpus";
import { freePort, waitForOk } from "../support/free-port";
import { snapshotIdentifier, systemIdentifier } from "../support/pglite-cluster";
import { createServerDatabase, onPostgres } from "../support/test-database";

/**
 * The app as people start it: the README's `bun run start`, a bad configuration, and the
 * compiled single executable run from a folder outside the repository.
 */

const root = join(import.meta.dir, "../..");
const tempDirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** DATABASE_URL for a fresh database when the suite runs on PostgreSQL; unset means PGlite in DATA_DIR. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (!onPostgres) return { DATABASE_URL: "" };
  const server = await createServerDatabase();
  cleanups.push(server.drop);
  return { DATABASE_URL: server.url };
}

async function stopGracefully(child: Bun.Subprocess) {
  child.kill("SIGTERM");
  expect(await child.exited).toBe(0);
}

describe("starting the app", () => {
  test("`bun run start` serves /api/health and /about on PORT, keeping data in DATA_DIR", async () => {
    const port = await freePort();
    const dataDir = tempDir("cadence-start-");
    const child = Bun.spawn(["bun", "run", "start"], {
      cwd: root,
      env: { ...process.env, ...(await databaseEnv()), PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdout: "ignore",
      stderr: "inherit",
    });
    try {
      const health = await waitForOk(`http://localhost:${port}/api/health`, 60_000);
      expect((await health.json()).status).toBe("ok");
      expect((await fetch(`http://localhost:${port}/about`)).status).toBe(200);
      if (!onPostgres) expect(await Bun.file(join(dataDir, "pglite/PG_VERSION")).exists()).toBe(true);
    } finally {
      await stopGracefully(child);
    }
  });

  test("a bad variable stops the start with one line naming it", async () => {
    const child = Bun.spawn(["bun", join(root, "src/main.ts")], {
      cwd: root,
      env: { ...process.env, PORT: "eighty", DATABASE_URL: "mysql://localhost/cadence" },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await child.exited).toBe(1);
    const stderr = (await new Response(child.stderr).text()).trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toStartWith("Invalid configuration: ");
    expect(stderr).toContain('PORT must be a whole number (got "eighty")');
    expect(stderr).toContain("DATABASE_URL must start with postgres://");
  });
});

describe("one process per PGlite folder", () => {
  const start = (dataDir: string, port: number) =>
    Bun.spawn(["bun", join(root, "src/main.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdout: "ignore",
      stderr: "pipe",
    });

  test.skipIf(onPostgres)("a second process on the same DATA_DIR refuses to start with one clear line; after a kill -9 the next one starts", async () => {
    const dataDir = tempDir("cadence-lock-");
    const firstPort = await freePort();
    const first = start(dataDir, firstPort);
    let third: Bun.Subprocess | undefined;
    try {
      await waitForOk(`http://localhost:${firstPort}/api/health`, 60_000);
      const secondPort = await freePort();
      const second = start(dataDir, secondPort);
      expect(await second.exited).toBe(1);
      const stderr = (await new Response(second.stderr).text()).trim();
      expect(stderr.split("\n")).toHaveLength(1);
      expect(stderr).toStartWith(`Another Cadence process (pid ${first.pid}`);
      expect(stderr).toContain("PGlite serves one process per folder");
      expect(stderr).toContain("DATABASE_URL");
      expect(
        await fetch(`http://localhost:${secondPort}/api/health`).then(
          () => "answered",
          () => "refused",
        ),
      ).toBe("refused");

      // Killed without a chance to clean up: its lock is stale, and the next start takes it over.
      first.kill("SIGKILL");
      await first.exited;
      expect(await Bun.file(join(dataDir, "pglite.lock")).exists()).toBe(true);
      const thirdPort = await freePort();
      third = start(dataDir, thirdPort);
      expect((await (await waitForOk(`http://localhost:${thirdPort}/api/health`, 60_000)).json()).status).toBe("ok");
    } finally {
      first.kill("SIGKILL");
      if (third) await stopGracefully(third);
    }
    // Stopped properly, it leaves no lock behind.
    expect(await Bun.file(join(dataDir, "pglite.lock")).exists()).toBe(false);
  });
});

describe("the compiled binary", () => {
  test("runs on its own from a folder outside the repository", async () => {
    const dir = tempDir("cadence-binary-");
    const built = join(dir, "built-cadence");
    const compile = Bun.spawnSync(["bun", join(root, "scripts/build-binary.ts"), built], { cwd: root, stdout: "pipe", stderr: "pipe" });
    expect(compile.exitCode).toBe(0);
    // Copy it somewhere with nothing else around, and run it from there.
    const runDir = tempDir("cadence-run-");
    const binary = join(runDir, "cadence");
    copyFileSync(built, binary);
    Bun.spawnSync(["chmod", "+x", binary]);

    const port = await freePort();
    const child = Bun.spawn([binary], {
      cwd: runDir,
      env: { PATH: process.env.PATH ?? "", ...(await databaseEnv()), PORT: String(port), DATA_DIR: join(runDir, "data"), LOG_LEVEL: "warn" },
      stdout: "ignore",
      stderr: "inherit",
    });
    try {
      const health = await waitForOk(`http://localhost:${port}/api/health`, 60_000);
      expect(await health.json()).toEqual({ status: "ok", database: onPostgres ? "postgres" : "pglite" });
      const about = await (await fetch(`http://localhost:${port}/about`)).text();
      expect(about).toContain("What we value");
      const stylesheet = about.match(/href="(\/assets\/app-[a-z0-9]+\.css)"/)![1];
      const css = await fetch(`http://localhost:${port}${stylesheet}`);
      expect(css.status).toBe(200);
      expect((await css.text()).length).toBeGreaterThan(10_000);
      // Email rendering inside the binary: a bundling trap, see loadRender in emails/index.tsx.
      const email = await fetch(`http://localhost:${port}/api/preview-email/welcome`);
      expect(email.status).toBe(200);
      // The carousel PDF inside the binary: PDFKit's standard fonts are a bundling trap, see scripts/build-binary.ts.
      const account = await signUpSubscriber(`http://localhost:${port}`, { name: "Priya Raman" });
      const generated = await account.client.json("POST", "/api/posts/generate", {
        contentText: await readArticle("r5-bulleted-lessons.md"),
        contentType: "blog",
      });
      expect(generated.status).toBe(200);
      const saved = await account.client.json("POST", `/api/sources/${generated.body.sourceId}/drafts`, { posts: generated.body.posts.slice(0, 1) });
      const postId = saved.body.saved[0].id as string;
      expect((await account.client.json("POST", `/api/posts/${postId}/carousel`)).status).toBe(201);
      const pdf = await account.client.request("GET", `/api/posts/${postId}/carousel.pdf`);
      expect(pdf.status).toBe(200);
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
      // Docker's HEALTHCHECK: the binary's own healthcheck command, against this instance and against nothing.
      const check = (onPort: number) =>
        Bun.spawnSync([binary, "healthcheck"], { cwd: runDir, env: { PATH: process.env.PATH ?? "", PORT: String(onPort) } }).exitCode;
      expect(check(port)).toBe(0);
      expect(check(await freePort())).toBe(1);
      if (!onPostgres) {
        // A second binary on the same folder refuses to start (one process per PGlite folder).
        const second = Bun.spawnSync([binary], {
          cwd: runDir,
          env: { PATH: process.env.PATH ?? "", DATABASE_URL: "", PORT: String(await freePort()), DATA_DIR: join(runDir, "data") },
          stderr: "pipe",
        });
        expect(second.exitCode).toBe(1);
        expect(second.stderr.toString()).toStartWith(`Another Cadence process (pid ${child.pid}`);
      }
    } finally {
      await stopGracefully(child);
    }
    if (!onPostgres) {
      // Its new data folder came from the snapshot embedded in it, not from initdb.
      const database = await openDatabase({ dataDir: join(runDir, "data") });
      try {
        expect(await systemIdentifier(database)).toBe(await snapshotIdentifier((await builtSnapshot())!));
      } finally {
        await database.close();
      }
    }
  });
});
