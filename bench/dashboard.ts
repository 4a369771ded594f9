/**
 * The signed-in dashboard: 50 subscribers with 500 posts each (db/factories.ts, the app's own
 * test-data layer: the weekly allowance would stop the API at 7), on PGlite and, when
 * DATABASE_URL is set, PostgreSQL. Prints, for 1,000 sequential GET /dashboard by one of them (after 300 to warm up):
 * p50/p99 and the CPU each request cost the app process (and, on PostgreSQL, the server's
 * backends); then req/s and p50/p99 at 50 connections, each signed in as a different subscriber,
 * for /dashboard and for the public page `/` in the same run, and their ratio.
 * `bun bench/dashboard.ts [seconds per load run] [users]`
 */
import { makePost, makeUser } from "../db/factories";
import { migrate } from "../db/migrate";
import { load } from "./loadgen";
import { benchDatabases, cpuOf, fmt, postgresCpu, settle, startServer } from "./support";

const POSTS = 500;
const SEQUENTIAL = 1_000;
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
  const server = await startServer(target.env);
  try {
    const cookies: string[] = [];
    for (const email of emails) {
      const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify({ email, password }) });
      if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
      cookies.push(login.headers.get("set-cookie")!.split(";")[0]!);
    }
    const cookie = cookies[0]!;
    const get = async () => {
      const response = await fetch(`${server.url}/dashboard`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`dashboard: ${response.status}`);
      await response.arrayBuffer();
    };
    for (let i = 0; i < 300; i++) await get();
    const times: number[] = [];
    const appBefore = cpuOf(server.child.pid);
    const dbBefore = target.label === "PostgreSQL" ? postgresCpu() : 0;
    for (let i = 0; i < SEQUENTIAL; i++) {
      const started = performance.now();
      await get();
      times.push(performance.now() - started);
    }
    const appCpu = (cpuOf(server.child.pid) - appBefore) / SEQUENTIAL;
    const dbCpu = target.label === "PostgreSQL" ? (postgresCpu() - dbBefore) / SEQUENTIAL : 0;
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
    lines.push(
      `  ${target.label.padEnd(10)} sequential: p50 ${fmt(at(0.5), 1)} ms, p99 ${fmt(at(0.99), 1)} ms; CPU per request: app ${fmt(appCpu, 2)} ms` +
        (target.label === "PostgreSQL" ? ` + database ${fmt(dbCpu, 2)} ms = ${fmt(appCpu + dbCpu, 2)} ms` : ""),
    );
    const dashboard = await load(`${server.url}/dashboard`, { seconds, connections: 50, headersPerConnection: cookies.map((each) => ({ cookie: each })) });
    const page = await load(`${server.url}/`, { seconds, connections: 50 });
    lines.push(
      `  ${"".padEnd(10)} 50 connections, ${seconds} s each: /dashboard ${fmt(dashboard.rps)} req/s (p50 ${fmt(dashboard.p50, 1)} ms, p99 ${fmt(dashboard.p99, 1)} ms, ${dashboard.failures} failures); / ${fmt(page.rps)} req/s; ratio ${fmt(dashboard.rps / page.rps, 3)} (${dashboard.tool})`,
    );
  } finally {
    await server.stop();
    await target.cleanup();
  }
}
console.log(lines.join("\n"));
