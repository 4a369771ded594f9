/**
 * `bun bench/crash.ts [rounds]`: kill -9 the app at a random moment while it works, start it
 * again, and check that nothing was lost and nothing was done twice. Three cases, 10 rounds each
 * by default, on PGlite and then on PostgreSQL when DATABASE_URL is set:
 * - during generation: a plan requested, the process killed 0-400 ms later. After the restart
 *   every source has exactly one plan of 5-7 posts (none left pending or failed), and each
 *   generation job completed once.
 * - during saving a plan (Save All): killed 0-50 ms into POST /api/sources/:id/drafts. After the
 *   restart the plan is saved whole or not at all; the same request sent again leaves exactly the
 *   plan's posts, each counted once against the allowance.
 * - during a due reminder: a post scheduled 1.5 s ahead, the process killed around its time.
 *   After the restart exactly one reminder email, one Mark as posted link, and the post marked
 *   reminded.
 * The app runs as bench/crash-server.ts (a 2 s job lease, so a killed job is taken up again
 * within the round). Its database is opened by the bench only while no app process runs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { freePort, waitForOk } from "../tests/support/free-port";
import { type BenchDatabase, benchDatabases, fmt, root } from "./support";

const article = readFileSync(join(root, "tests/fixtures/corpus/founders/04-customer-discovery-framework.md"), "utf8");
let accounts = 0;

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type App = { url: string; child: Bun.Subprocess };
// Every app process still running, killed if the bench itself fails part-way (before its database is removed).
const running = new Set<Bun.Subprocess>();

async function startApp(database: BenchDatabase, env: Record<string, string> = {}): Promise<App> {
  const port = await freePort();
  const child = Bun.spawn(["bun", join(root, "bench/crash-server.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "error", PORT: String(port), TRUST_PROXY: "1", ...database.env, ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  running.add(child);
  void child.exited.then(() => running.delete(child));
  const url = `http://localhost:${port}`;
  if (!env.EXIT_WHEN_IDLE) await waitForOk(`${url}/api/health`, 60_000);
  return { url, child };
}

async function kill(app: App) {
  app.child.kill(9);
  await app.child.exited;
}

async function stop(app: App) {
  app.child.kill("SIGTERM");
  await app.child.exited;
}

/** Starts the app until every job that is due has run (a killed job's lease ends first), then it exits. */
async function settle(database: BenchDatabase) {
  const app = await startApp(database, { EXIT_WHEN_IDLE: "1" });
  const limit = setTimeout(() => app.child.kill(9), 60_000);
  const code = await app.child.exited;
  clearTimeout(limit);
  if (code !== 0) throw new Error(`the app exited with ${code} while settling (killed after 60 s if it never became idle)`);
}

async function readDatabase<T>(database: BenchDatabase, read: (rows: <R>(query: string) => Promise<R[]>) => Promise<T>): Promise<T> {
  const db = await database.open();
  try {
    return await read(<R>(query: string) => db.rows<R>(sql.raw(query)));
  } finally {
    await db.close();
  }
}

/** A new subscriber (its own address, so sign-up limits do not bite), reminders at the post's time. */
async function subscriber(url: string) {
  const n = ++accounts;
  const address = `10.77.${(n >> 8) & 255}.${n & 255}`;
  const email = `crash-${n}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const signup = await fetch(`${url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ name: `Crash ${n}`, email, password: "crash test password" }),
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}`);
  const user = { id: "", email, url, call: (_method: string, _path: string, _body?: unknown): Promise<Response> => Promise.reject(new Error("not ready")) };
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
  // The app comes back on a new port after each kill: calls go to wherever it is now.
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${user.url}${path}`, {
      method,
      headers: { cookie, "x-forwarded-for": address, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  user.call = call;
  if ((await call("POST", "/api/demo-checkout/complete")).status !== 200) throw new Error("checkout failed");
  if ((await call("PATCH", "/api/user/reminders", { remindersEnabled: true, reminderLeadMinutes: 0 })).status !== 200)
    throw new Error("reminder settings failed");
  const { id } = (await (await call("GET", "/api/user")).json()) as { id: string };
  user.id = id;
  return user;
}

type Outcome = { rounds: number; problems: string[]; notes: string[] };

async function duringGeneration(database: BenchDatabase, rounds: number, next: () => number): Promise<Outcome> {
  const problems: string[] = [];
  let app = await startApp(database);
  const user = await subscriber(app.url);
  await stop(app);
  let answered = 0;
  for (let round = 0; round < rounds; round++) {
    app = await startApp(database);
    user.url = app.url;
    const request = user.call("POST", "/api/posts/generate", { contentText: article, contentType: "blog" }).then(
      (response) => response.status,
      () => 0,
    );
    await Bun.sleep(Math.floor(next() * 400));
    await kill(app);
    if ((await request) === 200) answered += 1;
    await settle(database);
  }
  const sources = await readDatabase(database, (rows) =>
    rows<{ posts: number | null; job: string | null; attempts: number | null }>(
      `select jsonb_array_length(s.plan->'posts') as posts, j.status as job, j.attempts from sources s left join jobs j on j.id = s.job_id where s.user_id = '${user.id}'`,
    ),
  );
  const [jobs] = await readDatabase(database, (rows) => rows<{ n: number }>(`select count(*)::int as n from jobs where kind = 'generate-plan'`));
  for (const source of sources) {
    if (source.job !== "completed" || source.posts === null || source.posts < 5 || source.posts > 7)
      problems.push(`a source whose job is ${source.job} with ${source.posts ?? "no"} plan`);
  }
  if (jobs!.n !== sources.length) problems.push(`${jobs!.n} generation jobs for ${sources.length} sources`);
  const retried = sources.filter((source) => (source.attempts ?? 0) > 1).length;
  return {
    rounds,
    problems,
    notes: [`${sources.length} plans requested before the kill (${answered} answered), all completed once; ${retried} taken up again after the kill`],
  };
}

async function duringSave(database: BenchDatabase, rounds: number, next: () => number): Promise<Outcome> {
  const problems: string[] = [];
  let whole = 0;
  let none = 0;
  for (let round = 0; round < rounds; round++) {
    let app = await startApp(database);
    const user = await subscriber(app.url);
    const plan = (await (await user.call("POST", "/api/posts/generate", { contentText: article, contentType: "blog" })).json()) as {
      sourceId: string;
      posts: unknown[];
    };
    const body = { posts: plan.posts };
    const request = user.call("POST", `/api/sources/${plan.sourceId}/drafts`, body).then(
      (response) => response.status,
      () => 0,
    );
    await Bun.sleep(Math.floor(next() * 50));
    await kill(app);
    await request;
    app = await startApp(database);
    user.url = app.url;
    const afterKill = ((await (await user.call("GET", "/api/posts")).json()) as { sourceId: string }[]).filter(
      (post) => post.sourceId === plan.sourceId,
    ).length;
    if (afterKill === plan.posts.length) whole += 1;
    else if (afterKill === 0) none += 1;
    else problems.push(`round ${round + 1}: ${afterKill} of ${plan.posts.length} posts saved after the kill`);
    // The user presses Save All again.
    const retry = await user.call("POST", `/api/sources/${plan.sourceId}/drafts`, body);
    if (retry.status !== 200 && retry.status !== 201) problems.push(`round ${round + 1}: the retry answered ${retry.status}`);
    await stop(app);
    const [counts] = await readDatabase(database, (rows) =>
      rows<{ posts: number; saves: number }>(
        `select (select count(*)::int from posts where user_id = '${user.id}') as posts, (select count(*)::int from post_saves where user_id = '${user.id}') as saves`,
      ),
    );
    if (counts!.posts !== plan.posts.length) problems.push(`round ${round + 1}: ${counts!.posts} posts after the retry for a plan of ${plan.posts.length}`);
    if (counts!.saves !== plan.posts.length) problems.push(`round ${round + 1}: ${counts!.saves} saves counted for ${plan.posts.length} posts`);
  }
  return { rounds, problems, notes: [`after the kill: ${whole} plans saved whole, ${none} not at all; after the retry every plan saved exactly once`] };
}

async function duringReminder(database: BenchDatabase, rounds: number, next: () => number): Promise<Outcome> {
  const problems: string[] = [];
  let sentBeforeKill = 0;
  for (let round = 0; round < rounds; round++) {
    const app = await startApp(database);
    const user = await subscriber(app.url);
    const draft = (await (
      await user.call("POST", "/api/posts", { content: `Round ${round + 1}: a post whose reminder is due while the process dies.\n\nSecond line.` })
    ).json()) as { id: string };
    const due = Date.now() + 1_500;
    const scheduled = await user.call("PATCH", `/api/posts/${draft.id}`, { scheduledTime: new Date(due).toISOString(), status: "scheduled" });
    if (scheduled.status !== 200) throw new Error(`schedule ${scheduled.status}`);
    // Killed from 300 ms before the reminder is due to 300 ms after (the poll is 100 ms).
    await Bun.sleep(Math.max(0, due - Date.now() - 300 + Math.floor(next() * 600)));
    await kill(app);
    const [before] = await readDatabase(database, (rows) =>
      rows<{ n: number }>(`select count(*)::int as n from email_outbox where to_address = '${user.email}' and kind = 'post-reminder'`),
    );
    if (before!.n > 0) sentBeforeKill += 1;
    await Bun.sleep(Math.max(0, due + 50 - Date.now()));
    await settle(database);
    const [after] = await readDatabase(database, (rows) =>
      rows<{ emails: number; tokens: number; reminded: boolean }>(
        `select (select count(*)::int from email_outbox where to_address = '${user.email}' and kind = 'post-reminder') as emails, (select count(*)::int from action_tokens where post_id = '${draft.id}') as tokens, (select reminder_sent_at is not null from posts where id = '${draft.id}') as reminded`,
      ),
    );
    if (after!.emails !== 1 || after!.tokens !== 1 || !after!.reminded)
      problems.push(`round ${round + 1}: ${after!.emails} emails, ${after!.tokens} links, reminded ${after!.reminded}`);
  }
  return {
    rounds,
    problems,
    notes: [`${sentBeforeKill} reminders had gone out before the kill, ${rounds - sentBeforeKill} went out after the restart; each exactly once`],
  };
}

export async function benchCrash(rounds = 10): Promise<string> {
  const out = [`crash: kill -9 at a random moment, then restart (job lease 2 s); ${rounds} rounds per case`];
  for (const database of await benchDatabases()) {
    try {
      const next = random(11);
      for (const [label, run] of [
        ["during generation", duringGeneration],
        ["during saving a plan", duringSave],
        ["during a due reminder", duringReminder],
      ] as const) {
        const started = performance.now();
        const outcome = await run(database, rounds, next);
        out.push(
          `  ${database.label}, ${label}: ${outcome.rounds} kills, ${outcome.problems.length === 0 ? "nothing lost, nothing done twice" : `${outcome.problems.length} PROBLEMS: ${outcome.problems.join("; ")}`} (${fmt((performance.now() - started) / 1000, 1)} s)`,
          ...outcome.notes.map((note) => `    ${note}`),
        );
      }
    } finally {
      for (const child of running) child.kill(9);
      await Promise.all([...running].map((child) => child.exited));
      await database.cleanup();
    }
  }
  return out.join("\n");
}

if (import.meta.main) console.log(await benchCrash(Number(process.argv[2]) || undefined));
