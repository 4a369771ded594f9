import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeUser } from "../../db/factories";
import { linkedinOauthStates, passwordResetTokens, sessions } from "../../db/schema";
import { pruneJobsJob } from "../../src/jobs/housekeeping";
import { createLogger } from "../../src/logger";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The hourly housekeeping (prune-jobs) forgets credentials nobody can use any more: expired or
 * revoked sessions, used or expired reset tokens, used or expired LinkedIn sign-in states, a day
 * after they stopped working; live ones stay.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const clock = new ManualClock("2026-06-10T12:00:00Z");
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ clock, runJobs: false });
});
afterAll(async () => {
  await app?.close();
});

test("expired and revoked sessions, used and expired reset tokens and OAuth states are pruned; live ones are kept", async () => {
  const db = app.database.db;
  const user = await makeUser(db, { now: clock.now() });
  const at = (ms: number) => new Date(clock.now().getTime() + ms);
  const hash = () => crypto.randomUUID();

  await db.insert(sessions).values([
    { userId: user.id, expiresAt: at(-2 * DAY) }, // expired
    { userId: user.id, expiresAt: at(20 * DAY), revokedAt: at(-2 * DAY) }, // signed out two days ago
    { userId: user.id, expiresAt: at(20 * DAY) }, // live
    { userId: user.id, expiresAt: at(20 * DAY), revokedAt: at(-HOUR) }, // revoked within the day: kept a little longer
  ]);
  await db.insert(passwordResetTokens).values([
    { userId: user.id, tokenHash: hash(), expiresAt: at(-2 * DAY) }, // expired, never used
    { userId: user.id, tokenHash: hash(), expiresAt: at(-2 * DAY + HOUR), usedAt: at(-2 * DAY) }, // used
    { userId: user.id, tokenHash: hash(), expiresAt: at(HOUR) }, // waiting in an inbox
  ]);
  await db.insert(linkedinOauthStates).values([
    { userId: user.id, stateHash: hash(), expiresAt: at(-2 * DAY) },
    { userId: user.id, stateHash: hash(), expiresAt: at(-2 * DAY), usedAt: at(-2 * DAY - 60_000) },
    { userId: user.id, stateHash: hash(), expiresAt: at(10 * 60_000) }, // a connection under way
  ]);

  const job = pruneJobsJob({ config: app.config, clock, database: app.database, queue: app.queue, trialClaims: app.services.trialClaims });
  const result = (await job.run({}, { jobId: crypto.randomUUID(), attempt: 1, logger: createLogger("silent") })) as Record<string, number>;
  expect(result).toMatchObject({ sessionsDeleted: 2, resetTokensDeleted: 2, oauthStatesDeleted: 2 });

  expect((await db.select().from(sessions)).map((row) => [row.expiresAt.toISOString(), row.revokedAt?.toISOString() ?? null]).sort()).toEqual(
    [
      [at(20 * DAY).toISOString(), null],
      [at(20 * DAY).toISOString(), at(-HOUR).toISOString()],
    ].sort(),
  );
  expect((await db.select().from(passwordResetTokens)).map((row) => row.expiresAt.toISOString())).toEqual([at(HOUR).toISOString()]);
  expect((await db.select().from(linkedinOauthStates)).map((row) => row.expiresAt.toISOString())).toEqual([at(10 * 60_000).toISOString()]);
});
