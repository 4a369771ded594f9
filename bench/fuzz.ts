/**
 * `bun bench/fuzz.ts [requests]`: malformed requests (6,000 by default) over every endpoint that
 * GET /api/openapi.json describes, against Cadence as its own production process: bodies of the
 * wrong shape, each field of the wrong type, too long, or holding a NUL or half an emoji; bodies
 * that are not JSON, not UTF-8, not JSON-typed, or over the size limit; path ids that are not
 * ids, or another user's; no cookie, or a forged one. Signed in as a subscriber, so every request
 * gets past the guard to the checks it is meant to hit. Also: names holding bidi controls
 * (U+202E and kin), bodies sent chunked (no Content-Length) past 1 MB, and GET /api/posts with
 * cursors whose key was forged to dates PostgreSQL refuses ("2026-02-30", "0", "June 31, 2026"). Prints the statuses, the number of 5xx
 * (the goal: zero), any request that was accepted, and each table's rows before and after:
 * rejected requests must write nothing (only the rate-limit counters move, counting failures).
 * Runs on PGlite, then on PostgreSQL when DATABASE_URL is set.
 */
import { readFileSync } from "node:fs";
import { DEMO_BILLING_CLOCK, PRUNE_JOBS } from "../src/jobs/kinds";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type BenchDatabase, benchDatabases, fmt, root, startServer } from "./support";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  additionalProperties?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  items?: JsonSchema;
};
type Operation = { method: string; path: string; secured: boolean; body?: JsonSchema };
/** A body, or a maker of one: a stream can be sent once, and an attempt may be picked again. */
type Attempt = { method: string; path: string; operation: string; mutation: string; headers: Record<string, string>; body?: BodyInit | (() => BodyInit) };

/** Deterministic choices, so a run can be repeated exactly. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function operationsOf(document: {
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      secured: (operation.security?.length ?? 0) > 0,
      body: operation.requestBody?.content["application/json"]?.schema,
    })),
  );
}

/** The object shape to mutate: the schema itself, or its first alternative. */
const shapeOf = (schema: JsonSchema): JsonSchema => (schema.anyOf ? (schema.anyOf.find((branch) => branch.properties) ?? schema) : schema);
const typesOf = (schema: JsonSchema): string[] =>
  schema.anyOf ? schema.anyOf.flatMap(typesOf) : schema.type === undefined ? (schema.const !== undefined ? [typeof schema.const] : []) : [schema.type].flat();

/** A value that is plausible but rarely right (so the one mutation is what is tested). */
function plausible(schema: JsonSchema): unknown {
  if (schema.anyOf) return plausible(schema.anyOf.find((branch) => branch.type !== "null") ?? schema.anyOf[0]!);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch ([schema.type].flat()[0]) {
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return "fuzz";
  }
}

/** Values this property's schema refuses. */
function wrongValues(schema: JsonSchema, next: () => number): [string, unknown][] {
  const types = typesOf(schema);
  const values: [string, unknown][] = [];
  if (!types.includes("number") && !types.includes("integer")) values.push(["a number", Math.floor(next() * 1e9) - 5e8], ["a huge number", 1e308]);
  if (!types.includes("boolean")) values.push(["a boolean", next() > 0.5]);
  if (!types.includes("null")) values.push(["null", null]);
  if (!types.includes("array")) values.push(["an array", ["fuzz", 1]]);
  if (!types.includes("object")) values.push(["an object", { nested: { deeper: "fuzz" } }]);
  if (types.includes("string") || types.length === 0) {
    values.push(["a NUL", `fu\u0000zz`], ["half an emoji", `fuzz \ud83d`], ["a lone low surrogate", `\udc00fuzz`]);
    const max = schema.maxLength ?? (schema.anyOf ? schema.anyOf.find((branch) => branch.maxLength)?.maxLength : undefined);
    if (max !== undefined && max < 200_000) values.push(["one character too long", "x".repeat(max + 1)]);
  } else {
    values.push(["a string", "fuzz"]);
  }
  if (types.includes("number") || types.includes("integer")) values.push(["a negative number", -1], ["a fraction", 0.5], ["a numeric string", "12"]);
  return values;
}

const BAD_IDS: [string, string][] = [
  ["not an id", "not-an-id"],
  ["a nil uuid", "00000000-0000-0000-0000-000000000000"],
  ["a path escape", "..%2F..%2Fetc%2Fpasswd"],
  ["an encoded NUL", "%00"],
  ["a long id", "a".repeat(4_000)],
  ["SQL", "1'%20or%20'1'%3D'1"],
  ["an emoji", "%F0%9F%98%80"],
];

// Each passes Date.parse; none is a timestamptz PostgreSQL accepts.
const FORGED_CURSOR_KEYS = [
  "2026-02-30",
  "June 31, 2026",
  "0",
  "0000-01-01",
  "2026-02-30 10:00:00+00",
  "2026-13-01 00:00:00+00",
  "99999-01-01",
  "2026-01-01T25:00:00Z",
];
const BIDI_NAMES: [string, string][] = [
  ["U+202E (right-to-left override)", "Ada\u202Egnp.exe"],
  ["U+2067 (right-to-left isolate)", "\u2067Ada\u2069 Admin"],
  ["U+200F (right-to-left mark)", "Ada\u200F Lovelace"],
];

/** A body of `bytes` sent as a stream, so it has no Content-Length: only counting as it arrives can refuse it. */
function chunked(prefix: string, bytes: number): () => ReadableStream<Uint8Array> {
  return () => {
    const piece = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(prefix));
        if (sent >= bytes) return controller.close();
        controller.enqueue(piece);
        sent += piece.byteLength;
      },
    });
  };
}

function attemptsFor(operation: Operation, cookie: string, otherIds: { post: string; source: string }, next: () => number, cursor: string): Attempt[] {
  const attempts: Attempt[] = [];
  const name = `${operation.method} ${operation.path}`;
  const json = { "content-type": "application/json" };
  const signedIn = { cookie };
  const path = operation.path.replace(/\{(\w+)\}/g, () => otherIds.post);
  const add = (mutation: string, headers: Record<string, string>, body?: Attempt["body"], at = path) =>
    attempts.push({ method: operation.method, path: at, operation: name, mutation, headers, body });

  if (operation.secured) {
    add("no cookie", {}, operation.body ? JSON.stringify(plausible(shapeOf(operation.body))) : undefined);
    add("a forged cookie", { cookie: "cadence_session=eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.forged" }, undefined);
    add("a cookie of garbage", { cookie: `cadence_session=${"%".repeat(50)}` }, undefined);
  }
  if (operation.path.includes("{")) {
    for (const [what, id] of BAD_IDS)
      add(
        `path: ${what}`,
        { ...signedIn, ...(operation.body ? json : {}) },
        operation.body ? JSON.stringify(plausible(shapeOf(operation.body))) : undefined,
        operation.path.replace(/\{(\w+)\}/g, id),
      );
    const other = operation.path.includes("sources") ? otherIds.source : otherIds.post;
    add(
      "path: another user's id",
      { ...signedIn, ...(operation.body ? json : {}) },
      operation.body ? JSON.stringify(plausible(shapeOf(operation.body))) : undefined,
      operation.path.replace(/\{(\w+)\}/g, other),
    );
  }
  if (operation.method === "GET" && operation.path === "/api/posts") {
    const real = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    for (const key of FORGED_CURSOR_KEYS) {
      const forged = Buffer.from(JSON.stringify({ ...real, key })).toString("base64url");
      add(`cursor: key forged to ${JSON.stringify(key)}`, signedIn, undefined, `/api/posts?limit=1&cursor=${forged}`);
    }
  }
  if (!operation.body) return attempts;

  const shape = shapeOf(operation.body);
  const base = Object.fromEntries(Object.entries(shape.properties ?? {}).map(([key, schema]) => [key, plausible(schema)]));
  const withCookie = { ...signedIn, ...json };
  for (const [what, body] of [
    ["no body", undefined],
    ["null", "null"],
    ["a list", "[]"],
    ["a number", "42"],
    ["a string", '"fuzz"'],
    ["broken JSON", '{"a": '],
    ["JSON with a trailing comma", '{"a": 1,}'],
    ["whitespace", "   \n  "],
  ] as [string, string | undefined][]) {
    add(`body: ${what}`, withCookie, body);
  }
  add("body: bytes that are not UTF-8", withCookie, new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]));
  add("body: over 1 MB", withCookie, JSON.stringify({ ...base, padding: "x".repeat(1_100_000) }));
  add("body: chunked, over 1 MB", withCookie, chunked('{"padding":"', 2 * 1024 * 1024));
  add("body: chunked form, over 1 MB", { ...signedIn, "content-type": "application/x-www-form-urlencoded" }, chunked("padding=", 2 * 1024 * 1024));
  add(
    "body: as a form",
    { ...signedIn, "content-type": "application/x-www-form-urlencoded" },
    new URLSearchParams(Object.entries(base).map(([key, value]) => [key, String(value)])).toString(),
  );
  add("body: as plain text", { ...signedIn, "content-type": "text/plain" }, JSON.stringify(base));
  add("body: deeply nested", withCookie, `${"[".repeat(5_000)}${"]".repeat(5_000)}`);
  if ((shape.required ?? []).length > 0) add("body: empty object", withCookie, "{}");
  if (shape.additionalProperties === false) add("body: an unknown field", withCookie, JSON.stringify({ ...base, unexpected: "fuzz" }));
  for (const [key, schema] of Object.entries(shape.properties ?? {})) {
    for (const [what, value] of wrongValues(schema, next)) add(`${key}: ${what}`, withCookie, JSON.stringify({ ...base, [key]: value }));
    if (key === "name") for (const [what, name] of BIDI_NAMES) add(`name: ${what}`, withCookie, JSON.stringify({ ...base, name }));
    if ((shape.required ?? []).includes(key)) {
      const { [key]: _missing, ...rest } = base;
      add(`${key}: missing`, withCookie, JSON.stringify(rest));
    }
  }
  return attempts;
}

const TABLES = [
  "users",
  "sessions",
  "password_reset_tokens",
  "sources",
  "posts",
  "post_saves",
  "action_tokens",
  "contact_messages",
  "email_outbox",
  "payment_events",
  "trial_claims",
  "app_secrets",
];
// Recurring housekeeping adds its own jobs as time passes; every other job comes from a request.
const HOUSEKEEPING = [PRUNE_JOBS, DEMO_BILLING_CLOCK];

async function tableState(database: Database): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await database.rows<{ n: number; digest: string | null }>(
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`),
    );
    state[table] = `${row!.n} rows, ${row!.digest?.slice(0, 8) ?? "empty"}`;
  }
  const [jobs] = await database.rows<{ n: number }>(
    sql.raw(`select count(*)::int as n from jobs where kind not in (${HOUSEKEEPING.map((kind) => `'${kind}'`).join(", ")})`),
  );
  state.jobs = `${jobs!.n} rows`;
  return state;
}

async function setUp(url: string) {
  const article = readFileSync(join(root, "tests/fixtures/corpus/founders/02-activation-1200-trial-signups.md"), "utf8");
  const account = async (n: number) => {
    const response = await fetch(`${url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.9.0.${n}` },
      body: JSON.stringify({ name: `Fuzz ${n}`, email: `fuzz-${n}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "fuzz password" }),
    });
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${url}${path}`, {
        method,
        headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return answer.json() as Promise<Record<string, any>>;
    };
    await call("POST", "/api/demo-checkout/complete");
    const plan = await call("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
    const saved = await call("POST", `/api/sources/${plan.sourceId}/drafts`, { posts: plan.posts.slice(0, 3) });
    // A real cursor of this list, to forge the key of.
    const list = await fetch(`${url}/api/posts?limit=1`, { headers: { cookie } });
    return { cookie, post: saved.saved[0].id as string, source: plan.sourceId as string, cursor: list.headers.get("x-next-cursor")! };
  };
  return { me: await account(1), other: await account(2) };
}

async function fuzzOn(database: BenchDatabase, total: number): Promise<string[]> {
  let server = await startServer({ ...database.env, TRUST_PROXY: "1" });
  const { me, other } = await setUp(server.url);
  const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
  const operations = operationsOf(document).filter((operation) => operation.path !== "/api/openapi.json" && operation.path !== "/api/health");
  // Rows are counted with the app stopped (PGlite is one process's at a time).
  await server.stop();
  const before = await database.open().then(async (db) => [await tableState(db), await db.close()][0] as Record<string, string>);
  server = await startServer({ ...database.env, TRUST_PROXY: "1" });

  const next = random(7);
  const everyKind = operations.flatMap((operation) => attemptsFor(operation, me.cookie, { post: other.post, source: other.source }, next, me.cursor));
  const statuses = new Map<number, number>();
  const fiveHundreds: string[] = [];
  const accepted: string[] = [];
  let sent = 0;
  let failures = 0;
  const started = performance.now();
  // Every kind once, then random picks until the total: the same list for the same total.
  const queue = [...everyKind];
  while (queue.length < total) queue.push(everyKind[Math.floor(next() * everyKind.length)]!);
  const send = async (attempt: Attempt, index: number) => {
    try {
      const response = await fetch(`${server.url}${attempt.path}`, {
        method: attempt.method,
        headers: { ...attempt.headers, "x-forwarded-for": `172.16.${(index >> 8) & 255}.${index & 255}` },
        body: typeof attempt.body === "function" ? attempt.body() : attempt.body,
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) fiveHundreds.push(`${attempt.operation} (${attempt.mutation}) → ${response.status}`);
      else if (response.status < 300) accepted.push(`${attempt.operation} (${attempt.mutation}) → ${response.status}`);
    } catch {
      failures += 1;
    }
    sent += 1;
  };
  for (let start = 0; start < queue.length; start += 16) await Promise.all(queue.slice(start, start + 16).map((attempt, i) => send(attempt, start + i)));
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  const after = await database.open().then(async (db) => [await tableState(db), await db.close()][0] as Record<string, string>);

  const lines = [
    `  ${database.label}: ${fmt(sent)} malformed requests over ${operations.length} operations (${fmt(everyKind.length)} distinct) in ${fmt(seconds, 1)} s`,
    `    5xx: ${fiveHundreds.length}${fiveHundreds.length ? ` (${[...new Set(fiveHundreds)].slice(0, 10).join("; ")})` : ""}; network failures: ${failures}`,
    `    statuses: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${fmt(n)}`)
      .join(", ")}`,
    `    accepted (2xx): ${accepted.length}${accepted.length ? ` (${[...new Set(accepted)].slice(0, 10).join("; ")})` : ""}`,
    `    rows before → after (count, digest of every row): ${Object.keys(before)
      .map((table) => `${table} ${before[table] === after[table] ? `${before[table]} (unchanged)` : `${before[table]} → ${after[table]} (CHANGED)`}`)
      .join("; ")}`,
  ];
  return lines;
}

export async function benchFuzz(total = 6_000): Promise<string> {
  const out = [`fuzz: malformed requests over every endpoint in /api/openapi.json (production mode, signed in as a subscriber)`];
  for (const database of await benchDatabases()) {
    try {
      out.push(...(await fuzzOn(database, total)));
    } finally {
      await database.cleanup();
    }
  }
  return out.join("\n");
}

if (import.meta.main) console.log(await benchFuzz(Number(process.argv[2]) || undefined));
