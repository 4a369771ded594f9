/**
 * The signed-in dashboard: 50 subscribers with 500 posts each (db/factories.ts, the app's own
 * test-data layer: the weekly allowance would stop the API at 7), on PGlite and, when
 * DATABASE_URL is set, PostgreSQL. Prints, for 1,000 sequential GET /dashboard by one of them (after 300 to warm up):
 * p50/p99 and the CPU each request cost the app process (and, on PostgreSQL, the backends of the
 * app's own connections to its database, nothing else on the server); then req/s and p50/p99 at
 * 50 connections, each signed in as a different subscriber. With BENCH_BEFORE (bench/support.ts)
 * the version before runs beside this one on a copy of the same data, in alternating rounds.
 * `bun bench/dashboard.ts [seconds per load run] [users]`
 */
import { makePost, makeUser } from "../db/factories";
import { migrate } from "../db/migrate";
import { loadavg } from "node:os";
import { type LoadResult, load } from "./loadgen";
import { appBackendsCpu, benchDatabases, cpuOf, cpuSince, fmt, quantile, settle, startServer, versions } from "./support";

const POSTS = 500;
const SEQUENTIAL = 1_000;
const ROUNDS = 5;
const seconds = Number(process.argv[2] ?? 10);
const USERS = Number(process.argv[3] ?? 50);
const lines = [`dashboard: ${USERS} subscribers with ${POSTS} posts each`];
for (const target of await benchDatabases()) {
  const password = "bench password";
  const emails: string[] = [];
  const database = await target.open();
  try {
    await migrate(database);
    const now = new Date();
    for (let u = 0; u < USERS; u++) {
      const user = await makeUser(database.db, { billing: "active", password, timezone: "Europe/London" });
      emails.push(user.email);
      for (let i = 0; i < POSTS; i++) {
        const status = (["draft", "scheduled", "posted"] as const)[i % 3];
        const days = ((i % 60) + 1) * 24 * 60 * 60 * 1000;
        await makePost(database.db, user, { status, now, scheduledTime: new Date(now.getTime() + days), postedAt: new Date(now.getTime() - days) });
      }
    }
    await settle(database);
  } finally {
    await database.close(); // PGlite: one process at a time
  }
  // One app process per version (BENCH_BEFORE: the version before too, on a copy of the same data).
  const servers: { label: string; server: Awaited<ReturnType<typeof startServer>>; cookies: string[] }[] = [];
  const watcher = target.name ? await target.open() : undefined; // reads pg_stat_activity; its own backend is not counted
  try {
    // Copies are made before any app opens the data (PGlite: a folder in use is not copied).
    const envs = versions().map((version, i) => (i === 0 ? target.env : target.copy(version.label)));
    for (const [i, version] of versions().entries()) {
      const env = envs[i]!;
      const server = await startServer(env, { root: version.root });
      const cookies: string[] = [];
      servers.push({ label: version.label, server, cookies });
      for (const email of emails) {
        const login = await fetch(`${server.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({ email, password }),
        });
        if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
        cookies.push(login.headers.get("set-cookie")!.split(";")[0]!);
      }
    }
    const get = async (url: string, cookie: string) => {
      const response = await fetch(`${url}/dashboard`, { headers: { cookie, "accept-encoding": "gzip, br" } });
      if (response.status !== 200) throw new Error(`dashboard: ${response.status}`);
      await response.arrayBuffer();
    };
    for (const { server, cookies } of servers) for (let i = 0; i < 300; i++) await get(server.url, cookies[0]!);
    // Sequential requests in alternating rounds: each round SEQUENTIAL / ROUNDS requests per version.
    const stats = servers.map(() => ({ times: [] as number[], app: 0, db: 0, requests: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [v, { server, cookies }] of servers.entries()) {
        const appBefore = cpuOf(server.child.pid);
        const dbBefore = watcher ? await appBackendsCpu(watcher, target.name!) : new Map();
        for (let i = 0; i < SEQUENTIAL / ROUNDS; i++) {
          const started = performance.now();
          await get(server.url, cookies[0]!);
          stats[v]!.times.push(performance.now() - started);
        }
        stats[v]!.app += cpuOf(server.child.pid) - appBefore;
        if (watcher) stats[v]!.db += cpuSince(dbBefore, await appBackendsCpu(watcher, target.name!));
        stats[v]!.requests += SEQUENTIAL / ROUNDS;
      }
    }
    for (const [v, { label }] of servers.entries()) {
      const { times, app, db, requests } = stats[v]!;
      lines.push(
        `  ${target.label.padEnd(10)} ${label.padEnd(9)} sequential: p50 ${fmt(quantile(times, 0.5), 1)} ms, p99 ${fmt(quantile(times, 0.99), 1)} ms; CPU per request: app ${fmt(app / requests, 2)} ms` +
          (watcher ? ` + its database backends ${fmt(db / requests, 2)} ms = ${fmt((app + db) / requests, 2)} ms` : ""),
      );
    }
    lines.push(`  ${"".padEnd(10)} load average (1 min) after the sequential rounds: ${fmt(loadavg()[0]!, 2)}`);
    // 50 connections, each signed in as a different subscriber; versions in turn, twice.
    const loads = servers.map(() => [] as LoadResult[]);
    for (let round = 0; round < 2; round++) {
      for (const [v, { server, cookies }] of servers.entries()) {
        loads[v]!.push(
          await load(`${server.url}/dashboard`, {
            seconds: seconds / 2,
            connections: 50,
            headersPerConnection: cookies.map((each) => ({ cookie: each, "accept-encoding": "gzip, br" })),
          }),
        );
      }
    }
    for (const [v, { label }] of servers.entries()) {
      const [a, b] = loads[v]!;
      lines.push(
        `  ${target.label.padEnd(10)} ${label.padEnd(9)} 50 connections, 2 × ${seconds / 2} s: ${fmt((a!.rps + b!.rps) / 2)} req/s, p50 ${fmt(Math.max(a!.p50, b!.p50), 1)} ms, p99 ${fmt(Math.max(a!.p99, b!.p99), 1)} ms (worse of the two rounds), ${a!.failures + b!.failures} failures (${a!.tool})`,
      );
    }
    lines.push(`  ${"".padEnd(10)} load average (1 min) after the load rounds: ${fmt(loadavg()[0]!, 2)}`);
  } finally {
    await watcher?.close();
    for (const { server } of servers) await server.stop();
    await target.cleanup();
  }
}
console.log(lines.join("\n"));
