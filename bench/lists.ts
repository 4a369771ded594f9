/**
 * Whether a signed-in read costs the same at 100 posts as at 5,000: two subscribers, each in a
 * database of their own, one with 100 posts and one with 5,000 (db/factories.ts; a third each
 * draft, scheduled over the coming year, posted over the past one), on PGlite and, when
 * DATABASE_URL is set, PostgreSQL. Both apps run at once and every read is measured in rounds
 * that alternate between them (and, with BENCH_BEFORE, the version before), so a change in the
 * machine's load falls on both sizes alike. For each read (a page of /api/posts, a deep page, the
 * posted list, the counts, stats, upcoming, a calendar month, My Posts, the dashboard): p50/p99 of
 * sequential requests, the answer's size uncompressed, and the CPU each request cost the app (and,
 * on PostgreSQL, the backends of its own connections).
 * `bun bench/lists.ts [requests per read]`
 */
import { loadavg } from "node:os";
import { makePost, makeUser } from "../db/factories";
import { migrate } from "../db/migrate";
import { appBackendsCpu, type BenchDatabase, benchDatabases, cpuOf, cpuSince, fmt, quantile, settle, startServer, versions } from "./support";

const SIZES = [100, 5_000];
const REQUESTS = Number(process.argv[2] ?? 200);
const ROUNDS = 4;
const DAY = 24 * 60 * 60 * 1000;
const password = "bench password";

async function seed(target: BenchDatabase, size: number): Promise<string> {
  const database = await target.open();
  try {
    await migrate(database);
    const now = new Date();
    const user = await makeUser(database.db, { billing: "active", password, timezone: "Europe/London" });
    for (let i = 0; i < size; i++) {
      const status = (["draft", "scheduled", "posted"] as const)[i % 3];
      const offset = ((i * 7) % 365) * DAY + (i % 24) * 3_600_000;
      await makePost(database.db, user, {
        status,
        now: new Date(now.getTime() - (size - i) * 60_000),
        content: `Post ${i}: a first line that a calendar bar shows.\n\n${"A paragraph of the post, long enough to weigh what a real one does. ".repeat(12)}`,
        scheduledTime: new Date(now.getTime() + DAY + offset),
        postedAt: new Date(now.getTime() - DAY - offset),
      });
    }
    await settle(database);
    return user.email;
  } finally {
    await database.close(); // PGlite: one process at a time
  }
}

const month = new Date(Date.now() + 45 * DAY).toISOString().slice(0, 7);
const lines = [
  `lists: one subscriber's reads at ${SIZES.map((size) => size.toLocaleString("en-GB")).join(" and ")} posts, in ${ROUNDS} alternating rounds (${REQUESTS} sequential requests per read and app in all; CPU = app + its own database backends on PostgreSQL)`,
];
const targets = await Promise.all(SIZES.map(() => benchDatabases()));
for (let t = 0; t < targets[0]!.length; t++) {
  const bySize = targets.map((list) => list[t]!);
  const emails = await Promise.all(bySize.map((target, i) => seed(target, SIZES[i]!)));
  type App = {
    label: string;
    server: Awaited<ReturnType<typeof startServer>>;
    target: BenchDatabase;
    cookie: string;
    watcher?: Awaited<ReturnType<BenchDatabase["open"]>>;
  };
  const apps: App[] = [];
  try {
    const all = versions();
    // Copies first, before any app has a folder open.
    const envs = bySize.map((target) => all.map((version, v) => (v === 0 ? target.env : target.copy(version.label))));
    for (const [s, target] of bySize.entries()) {
      for (const [v, version] of all.entries()) {
        const server = await startServer(envs[s]![v]!, { root: version.root });
        const login = await fetch(`${server.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({ email: emails[s], password }),
        });
        if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
        const label = `${SIZES[s]!.toLocaleString("en-GB")} posts${all.length > 1 ? `, ${version.label}` : ""}`;
        apps.push({ label, server, target, cookie: login.headers.get("set-cookie")!.split(";")[0]!, watcher: target.name ? await target.open() : undefined });
      }
    }
    const get = async (app: App, path: string) => {
      const response = await fetch(`${app.server.url}${path}`, { headers: { cookie: app.cookie, "accept-encoding": "identity" } });
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return { bytes: (await response.arrayBuffer()).byteLength, next: response.headers.get("x-next-cursor") };
    };
    // A deep page: the third page of the whole list, as a scrolling reader would reach it.
    const deep = async (app: App) => {
      let cursor = (await get(app, "/api/posts")).next;
      cursor = cursor ? (await get(app, `/api/posts?cursor=${cursor}`)).next : null;
      return cursor ? `/api/posts?cursor=${cursor}` : "/api/posts";
    };
    const deepPaths = await Promise.all(apps.map(deep));
    const reads: [string, (i: number) => string][] = [
      ["GET /api/posts (first page)", () => "/api/posts"],
      ["GET /api/posts (3rd page)", (i) => deepPaths[i]!],
      ["GET /api/posts?status=posted", () => "/api/posts?status=posted"],
      ["GET /api/posts/counts", () => "/api/posts/counts"],
      ["GET /api/posts/stats", () => "/api/posts/stats"],
      ["GET /api/posts/upcoming", () => "/api/posts/upcoming"],
      [`GET /calendar?month=${month}`, () => `/calendar?month=${month}`],
      ["GET /posts", () => "/posts"],
      ["GET /dashboard", () => "/dashboard"],
    ];
    lines.push(`  ${bySize[0]!.label}:`);
    for (const [label, pathOf] of reads) {
      for (const [i, app] of apps.entries()) for (let r = 0; r < 20; r++) await get(app, pathOf(i));
      const stats = apps.map(() => ({ times: [] as number[], cpu: 0, bytes: 0 }));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, app] of apps.entries()) {
          const appBefore = cpuOf(app.server.child.pid);
          const dbBefore = app.watcher ? await appBackendsCpu(app.watcher, app.target.name!) : new Map();
          for (let r = 0; r < REQUESTS / ROUNDS; r++) {
            const started = performance.now();
            stats[i]!.bytes = (await get(app, pathOf(i))).bytes;
            stats[i]!.times.push(performance.now() - started);
          }
          stats[i]!.cpu +=
            cpuOf(app.server.child.pid) - appBefore + (app.watcher ? cpuSince(dbBefore, await appBackendsCpu(app.watcher, app.target.name!)) : 0);
        }
      }
      lines.push(`    ${label}  (load average ${fmt(loadavg()[0]!, 2)})`);
      for (const [i, app] of apps.entries()) {
        const { times, cpu, bytes } = stats[i]!;
        lines.push(
          `      ${app.label.padEnd(20)} p50 ${fmt(quantile(times, 0.5), 1).padStart(6)} ms  p99 ${fmt(quantile(times, 0.99), 1).padStart(6)} ms  ${fmt(bytes / 1024, 1).padStart(7)} KiB  CPU ${fmt(cpu / REQUESTS, 2)} ms`,
        );
      }
    }
  } finally {
    for (const app of apps) {
      await app.watcher?.close();
      await app.server.stop();
    }
    for (const target of bySize) await target.cleanup();
  }
}
console.log(lines.join("\n"));
