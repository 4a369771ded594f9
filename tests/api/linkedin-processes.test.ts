import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "../../db/migrate";
import { boot } from "../../src/boot";
import { loadConfig } from "../../src/config";
import { PUBLISH_POST } from "../../src/jobs/kinds";
import { createLogger } from "../../src/logger";
import { signUp } from "../support/api-client";
import { type FakeLinkedin, startFakeLinkedin } from "../support/fake-linkedin";
import { freePort } from "../support/free-port";
import { connectLinkedin, linkedinEnv } from "../support/linkedin-app";
import { type ProcessDatabase, processDatabase, spawnWorker } from "../support/processes";
import { onPostgres } from "../support/test-database";

/**
 * Exactly once across processes (issue #15): two real app processes on one PostgreSQL database,
 * their clocks past the post's time, with the post's publication queued several times over (as
 * duplicates from a retry and a crash could leave it): LinkedIn receives one post.
 */

const worker = join(import.meta.dir, "../support/queue-worker.ts");
let db: ProcessDatabase;
let fake: FakeLinkedin;

beforeEach(async () => {
  db = await processDatabase("publish");
  await db.withDatabase((database) => migrate(database).then(() => undefined));
});
afterEach(async () => {
  await fake?.stop();
  await db.cleanup();
});

describe("auto-posting across processes", () => {
  // PGlite is single-process: two processes can only share a PostgreSQL server.
  test.if(onPostgres)("two worker processes publish a post once, even with its job queued four times", async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    fake = await startFakeLinkedin({ redirectUri: `${appUrl}/linkedin/callback` });
    const config = loadConfig({ NODE_ENV: "test", PORT: String(port), APP_URL: appUrl, LOG_LEVEL: "silent", ...db.env, ...linkedinEnv(fake) });
    const app = await boot(config, { logger: createLogger("silent"), runJobs: false });
    let postId: string;
    try {
      const { client } = await signUp(app.url);
      expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
      expect((await connectLinkedin({ url: appUrl }, client)).callback.status).toBe(303);
      postId = (await client.json("POST", "/api/posts", { content: "Published once (whoever runs the job) #exactlyonce" })).body.id;
      const inAMinute = new Date(Date.now() + 60_000).toISOString();
      const scheduled = await client.json("PATCH", `/api/posts/${postId}`, { scheduledTime: inAMinute, status: "scheduled" });
      expect(scheduled.body.publishMode).toBe("auto");
      for (let copy = 0; copy < 3; copy++) await app.queue.enqueue(PUBLISH_POST, { postId, scheduledTime: inAMinute }, { runAt: new Date(inAMinute) });
    } finally {
      await app.stop();
    }
    const env = { CLOCK_OFFSET_MS: "120000", EXIT_WHEN_IDLE: "1", ...linkedinEnv(fake) };
    const a = spawnWorker(worker, db, { WORKER_ID: "a", ...env });
    const b = spawnWorker(worker, db, { WORKER_ID: "b", ...env });
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);

    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]!.displayed).toBe("Published once (whoever runs the job) #exactlyonce");
    const [post] = await db.withDatabase((database) =>
      database.rows<{ status: string; linkedin_post_urn: string }>(sql`select status, linkedin_post_urn from posts where id = ${postId!}`),
    );
    expect(post).toEqual({ status: "posted", linkedin_post_urn: fake.posts[0]!.urn });
    const sent = await db.withDatabase((database) =>
      database.rows<{ kind: string }>(sql`select kind from email_outbox where kind like 'linkedin-%' or kind = 'post-reminder'`),
    );
    expect(sent).toEqual([{ kind: "linkedin-published" }]);
    // Both processes ran publish jobs, or the test would prove nothing about sharing.
    const runners = await db.withDatabase((database) =>
      database.rows<{ locked_by: string }>(sql`select distinct locked_by from jobs where kind = ${PUBLISH_POST} and status = 'completed'`),
    );
    expect(runners.length).toBeGreaterThanOrEqual(1);
  });
});
