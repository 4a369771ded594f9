/**
 * `bun bench/load.ts [seconds] [clients]`: mixed signed-in traffic against Cadence as its own
 * production process: 200 subscribers (by default) for 60 s each reading the dashboard, My Posts,
 * the calendar and the API, saving drafts up to the weekly allowance, scheduling and editing them,
 * and now and then planning a week from an article and saving it. Every client has its own
 * address (X-Forwarded-For behind TRUST_PROXY=1, as behind a load balancer), so per-address
 * limits apply per client. Runs on PGlite, then on PostgreSQL when DATABASE_URL is set (a fresh
 * database of its own there). Prints errors (5xx, network failures, and any status the request
 * should never get), p50/p99 per kind and overall, and throughput.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { benchDatabases, fmt, root, startServer } from "./support";

type Kind = { name: string; weight: number; expected: number[] };
const KINDS: Kind[] = [
  { name: "GET /dashboard", weight: 12, expected: [200] },
  { name: "GET /posts", weight: 6, expected: [200] },
  { name: "GET /calendar", weight: 6, expected: [200] },
  { name: "GET /api/user", weight: 10, expected: [200] },
  { name: "GET /api/posts", weight: 14, expected: [200] },
  { name: "GET /api/posts/stats", weight: 10, expected: [200] },
  { name: "GET /api/posts/upcoming", weight: 10, expected: [200] },
  { name: "GET /api/posts/allowance", weight: 6, expected: [200] },
  // 429 once the week's 7 saves are used: the allowance doing its job.
  { name: "POST /api/posts", weight: 6, expected: [201, 429] },
  { name: "PATCH /api/posts/:id (schedule)", weight: 6, expected: [200] },
  { name: "PATCH /api/posts/:id (edit)", weight: 6, expected: [200] },
  // 429 past the fair-use limit of 20 plans an hour.
  { name: "POST /api/posts/generate", weight: 1, expected: [200, 429] },
  { name: "POST /api/sources/:id/drafts", weight: 1, expected: [200, 201, 429] },
];
const TOTAL_WEIGHT = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

const article = readFileSync(join(root, "tests/fixtures/corpus/founders/07-four-hires-i-got-wrong.md"), "utf8");

type Client = { cookie: string; address: string; drafts: string[]; scheduled: string[]; sources: { id: string; posts: unknown[] }[] };
type Sample = { kind: string; ms: number; status: number };

/** Deterministic choices, so two runs ask for the same mix. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function call(base: string, client: Client, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: client.cookie,
      "x-forwarded-for": client.address,
      "accept-encoding": "gzip",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

async function newClient(base: string, n: number): Promise<Client> {
  const address = `10.${(n >> 8) & 255}.${n & 255}.7`;
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ name: `Load Client ${n}`, email: `load-${n}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "load test password" }),
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  const client: Client = { cookie: signup.headers.get("set-cookie")!.split(";")[0]!, address, drafts: [], scheduled: [], sources: [] };
  const paid = await call(base, client, "POST", "/api/demo-checkout/complete");
  if (paid.status !== 200) throw new Error(`demo checkout ${paid.status}`);
  return client;
}

/** Runs one request of this kind (or, when the client has nothing for it yet, a draft save) and says which it ran. */
async function step(base: string, client: Client, kind: Kind, next: () => number): Promise<{ kind: Kind; status: number }> {
  const draftSave = KINDS.find((candidate) => candidate.name === "POST /api/posts")!;
  const ran = (status: number, as: Kind = kind) => ({ kind: as, status });
  switch (kind.name) {
    case "GET /dashboard":
      return ran((await call(base, client, "GET", "/dashboard")).status);
    case "GET /posts":
      return ran((await call(base, client, "GET", "/posts")).status);
    case "GET /calendar":
      return ran((await call(base, client, "GET", "/calendar")).status);
    case "GET /api/user":
      return ran((await call(base, client, "GET", "/api/user")).status);
    case "GET /api/posts":
      return ran((await call(base, client, "GET", "/api/posts")).status);
    case "GET /api/posts/stats":
      return ran((await call(base, client, "GET", "/api/posts/stats")).status);
    case "GET /api/posts/upcoming":
      return ran((await call(base, client, "GET", "/api/posts/upcoming")).status);
    case "GET /api/posts/allowance":
      return ran((await call(base, client, "GET", "/api/posts/allowance")).status);
    case "POST /api/posts": {
      const answer = await call(base, client, "POST", "/api/posts", {
        content: `A draft written under load, number ${Math.floor(next() * 1e6)}.\n\nWith a second paragraph.`,
      });
      if (answer.status === 201) client.drafts.push(JSON.parse(answer.text).id);
      return ran(answer.status, draftSave);
    }
    case "PATCH /api/posts/:id (schedule)": {
      const id = client.drafts.pop();
      if (!id) return step(base, client, draftSave, next);
      const when = new Date(Date.now() + (1 + Math.floor(next() * 20)) * 24 * 3600_000).toISOString();
      const answer = await call(base, client, "PATCH", `/api/posts/${id}`, { scheduledTime: when, status: "scheduled" });
      if (answer.status === 200) client.scheduled.push(id);
      return ran(answer.status);
    }
    case "PATCH /api/posts/:id (edit)": {
      const id = client.drafts[0];
      if (!id) return step(base, client, draftSave, next);
      return ran(
        (await call(base, client, "PATCH", `/api/posts/${id}`, { content: `Edited under load ${Math.floor(next() * 1e6)}.\n\nStill a draft.` })).status,
      );
    }
    case "POST /api/posts/generate": {
      const answer = await call(base, client, "POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
      if (answer.status === 200) {
        const plan = JSON.parse(answer.text);
        client.sources.push({ id: plan.sourceId, posts: plan.posts });
      }
      return ran(answer.status);
    }
    default: {
      const source = client.sources.pop();
      if (!source) return step(base, client, draftSave, next);
      return ran((await call(base, client, "POST", `/api/sources/${source.id}/drafts`, { posts: source.posts })).status);
    }
  }
}

function pick(next: () => number): Kind {
  let roll = next() * TOTAL_WEIGHT;
  for (const kind of KINDS) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return KINDS[0]!;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export async function benchLoad(options: { seconds?: number; clients?: number } = {}): Promise<string> {
  const seconds = options.seconds ?? 60;
  const clientCount = options.clients ?? 200;
  const out: string[] = [`load: ${clientCount} signed-in clients for ${seconds} s each, mixed reads and writes (one process, production mode, TRUST_PROXY=1)`];
  for (const run of await benchDatabases()) {
    const server = await startServer({ ...run.env, TRUST_PROXY: "1" });
    try {
      const setupStart = performance.now();
      const clients: Client[] = [];
      // Signing up hashes a password (argon2id): a few at a time, as real signups arrive.
      for (let start = 0; start < clientCount; start += 8) {
        clients.push(...(await Promise.all(Array.from({ length: Math.min(8, clientCount - start) }, (_, i) => newClient(server.url, start + i)))));
      }
      const setupMs = performance.now() - setupStart;

      const samples: Sample[] = [];
      const unexpected = new Map<string, number>();
      let networkErrors = 0;
      const deadline = performance.now() + seconds * 1000;
      const began = performance.now();
      await Promise.all(
        clients.map(async (client, index) => {
          const next = random(index + 1);
          while (performance.now() < deadline) {
            const start = performance.now();
            try {
              const { kind, status } = await step(server.url, client, pick(next), next);
              samples.push({ kind: kind.name, ms: performance.now() - start, status });
              if (!kind.expected.includes(status)) {
                const key = `${kind.name} → ${status}`;
                unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
              }
            } catch {
              networkErrors += 1;
            }
          }
        }),
      );
      const elapsed = (performance.now() - began) / 1000;
      const all = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      const serverErrors = samples.filter((sample) => sample.status >= 500).length;
      const unexpectedCount = [...unexpected.values()].reduce((sum, n) => sum + n, 0);
      out.push(
        `  ${run.label}: ${fmt(samples.length)} requests in ${fmt(elapsed, 1)} s = ${fmt(samples.length / elapsed)} req/s; p50 ${fmt(percentile(all, 50), 1)} ms, p99 ${fmt(percentile(all, 99), 1)} ms`,
        `    errors: ${serverErrors} answered 5xx, ${networkErrors} network failures, ${unexpectedCount} unexpected statuses${unexpectedCount ? ` (${[...unexpected].map(([key, n]) => `${key}: ${n}`).join(", ")})` : ""}`,
        `    setup: ${clientCount} signups and demo checkouts in ${fmt(setupMs / 1000, 1)} s`,
      );
      out.push(`    ${"kind".padEnd(34)} ${"count".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}  statuses`);
      for (const kind of KINDS) {
        const mine = samples.filter((sample) => sample.kind === kind.name);
        const times = mine.map((sample) => sample.ms).sort((a, b) => a - b);
        const statuses = new Map<number, number>();
        for (const sample of mine) statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1);
        out.push(
          `    ${kind.name.padEnd(34)} ${fmt(mine.length).padStart(7)} ${fmt(percentile(times, 50), 1).padStart(8)} ${fmt(percentile(times, 99), 1).padStart(8)}  ${[
            ...statuses,
          ]
            .sort()
            .map(([status, n]) => `${status}: ${fmt(n)}`)
            .join(", ")}`,
        );
      }
    } finally {
      await server.stop();
      await run.cleanup();
    }
  }
  return out.join("\n");
}

if (import.meta.main) {
  const [seconds, clients] = process.argv.slice(2).map(Number);
  console.log(await benchLoad({ seconds: seconds || undefined, clients: clients || undefined }));
}
