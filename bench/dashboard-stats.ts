/**
 * The dashboard's three counts (services.dashboard.stats) for one user with 500 posts: mean and
 * p99 of 300 calls, on PGlite and, when DATABASE_URL is set, PostgreSQL. Data from db/factories.ts.
 */
import { makePost, makeUser } from "../db/factories";
import { migrate } from "../db/migrate";
import { createDashboardService } from "../src/services/dashboard";
import { benchDatabases, fmt } from "./support";

const POSTS = 500;
const CALLS = 300;
const now = new Date();
const lines = [`dashboard stats: one user with ${POSTS} posts, ${CALLS} calls`];
for (const target of await benchDatabases()) {
  const database = await target.open();
  try {
    await migrate(database);
    const user = await makeUser(database.db, { now, timezone: "Europe/London" });
    const statuses = ["draft", "scheduled", "posted"] as const;
    for (let i = 0; i < POSTS; i++) {
      const status = statuses[i % 3]!;
      const offset = ((i % 60) - 30) * 24 * 60 * 60 * 1000;
      await makePost(database.db, user, {
        status,
        now,
        scheduledTime: new Date(now.getTime() + Math.abs(offset) + 60_000),
        postedAt: new Date(now.getTime() - Math.abs(offset) - 60_000),
      });
    }
    const dashboard = createDashboardService({ database, clock: { now: () => now }, linkedinAvailable: false });
    for (let i = 0; i < 30; i++) await dashboard.stats(user); // warm up
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await dashboard.stats(user);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
    lines.push(
      `  ${target.label.padEnd(10)} mean ${fmt(mean, 2)} ms   p99 ${fmt(times[Math.floor(times.length * 0.99)]!, 2)} ms   answer ${JSON.stringify(await dashboard.stats(user))}`,
    );
  } finally {
    await database.close();
    await target.cleanup();
  }
}
console.log(lines.join("\n"));
