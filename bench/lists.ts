/**
 * Whether a signed-in read costs the same at 100 posts as at 5,000: one subscriber whose history
 * grows to 100, 1,000, 2,000 and 5,000 posts (db/factories.ts; a third each draft, scheduled over
 * the coming year, posted over the past one), on PGlite and, when DATABASE_URL is set, PostgreSQL.
 * For each size and each read (a page of /api/posts, a deep page, the posted list, the counts,
 * stats, upcoming, a calendar month, My Posts, the dashboard): p50/p99 of sequential requests, the
 * answer's size, and the CPU each request cost the app (and, on PostgreSQL, the server's backends).
 * `bun bench/lists.ts [requests per read]`
 */
import { sql } from "drizzle-orm";
import { makePost, makeUser } from "../db/factories";
import { migrate } from "../db/migrate";
import { benchDatabases, cpuOf, fmt, postgresCpu, quantile, settle, startServer } from "./support";

const SIZES = [100, 1_000, 2_000, 5_000];
const REQUESTS = Number(process.argv[2] ?? 200);
const DAY = 24 * 60 * 60 * 1000;

const lines = [`lists: one subscriber's reads as the history grows (${REQUESTS} sequential requests each; CPU = app + database backends on PostgreSQL)`];
for (const target of await benchDatabases()) {
  const password = "bench password";
  let email = "";
  let seeded = 0;
  const now = new Date();
  const month = new Date(now.getTime() + 45 * DAY).toISOString().slice(0, 7);
  for (const size of SIZES) {
    const database = await target.open();
    try {
      if (seeded === 0) {
        await migrate(database);
        email = (await makeUser(database.db, { billing: "active", password, timezone: "Europe/London" })).email;
      }
      const [user] = await database.rows<{ id: string }>(sql`select id from users where email = ${email}`);
      for (; seeded < size; seeded++) {
        const status = (["draft", "scheduled", "posted"] as const)[seeded % 3];
        const offset = ((seeded * 7) % 365) * DAY + (seeded % 24) * 3_600_000;
        await makePost(database.db, user!, {
          status,
          now: new Date(now.getTime() - (size - seeded) * 60_000),
          content: `Post ${seeded}: a first line that a calendar bar shows.\n\n${"A paragraph of the post, long enough to weigh what a real one does. ".repeat(12)}`,
          scheduledTime: new Date(now.getTime() + DAY + offset),
          postedAt: new Date(now.getTime() - DAY - offset),
        });
      }
      await settle(database);
    } finally {
      await database.close(); // PGlite: one process at a time
    }

    const server = await startServer(target.env);
    try {
      const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify({ email, password }) });
      if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
      const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
      const get = async (path: string) => {
        const response = await fetch(`${server.url}${path}`, { headers: { cookie, "accept-encoding": "identity" } });
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        return { bytes: (await response.arrayBuffer()).byteLength, next: response.headers.get("x-next-cursor") };
      };
      // A read the app under test does not have (an older version, for a before/after) is skipped.
      const has = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { cookie } })).status === 200;
      // A deep page: the third page of the whole list, as a scrolling reader would reach it.
      let cursor = (await get("/api/posts")).next;
      cursor = cursor ? (await get(`/api/posts?cursor=${cursor}`)).next : null;
      const reads: [string, string][] = [
        ["GET /api/posts (first page)", "/api/posts"],
        ["GET /api/posts (3rd page)", cursor ? `/api/posts?cursor=${cursor}` : "/api/posts"],
        ["GET /api/posts?status=posted", "/api/posts?status=posted"],
        ["GET /api/posts/counts", "/api/posts/counts"],
        ["GET /api/posts/stats", "/api/posts/stats"],
        ["GET /api/posts/upcoming", "/api/posts/upcoming"],
        [`GET /calendar?month=${month}`, `/calendar?month=${month}`],
        ["GET /posts", "/posts"],
        ["GET /dashboard", "/dashboard"],
      ];
      lines.push(`  ${target.label}, ${size.toLocaleString("en-GB")} posts:`);
      for (const [label, path] of reads) {
        if (!(await has(path))) {
          lines.push(`    ${label.padEnd(34)} (not in this version)`);
          continue;
        }
        for (let i = 0; i < 20; i++) await get(path);
        const times: number[] = [];
        let bytes = 0;
        const appBefore = cpuOf(server.child.pid);
        const dbBefore = target.label === "PostgreSQL" ? postgresCpu() : 0;
        for (let i = 0; i < REQUESTS; i++) {
          const started = performance.now();
          bytes = (await get(path)).bytes;
          times.push(performance.now() - started);
        }
        const cpu = (cpuOf(server.child.pid) - appBefore + (target.label === "PostgreSQL" ? postgresCpu() - dbBefore : 0)) / REQUESTS;
        lines.push(`    ${label.padEnd(34)} p50 ${fmt(quantile(times, 0.5), 1).padStart(6)} ms  p99 ${fmt(quantile(times, 0.99), 1).padStart(6)} ms  ${fmt(bytes / 1024, 1).padStart(7)} KiB  CPU ${fmt(cpu, 2)} ms`);
      }
    } finally {
      await server.stop();
    }
  }
  await target.cleanup();
}
console.log(lines.join("\n"));
