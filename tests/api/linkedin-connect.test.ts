import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { linkedinConnections, linkedinOauthStates } from "../../db/schema";
import { createLogger } from "../../src/logger";
import { signUpSubscriber } from "../support/api-client";
import type { FakeLinkedin } from "../support/fake-linkedin";
import { browserGet, connectLinkedin, startLinkedinTestApp } from "../support/linkedin-app";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Connecting LinkedIn (issue #15) through real HTTP, the browser's redirects followed by hand,
 * against the fake LinkedIn driven by the real adapter: the state is bound to its user, single-use
 * and short-lived; every refused callback changes nothing; tokens never leave the server.
 */

const clock = new ManualClock("2026-10-05T09:00:00Z");
const lines: string[] = [];
let app: TestApp;
let fake: FakeLinkedin;

beforeAll(async () => {
  ({ app, fake } = await startLinkedinTestApp({ clock, logger: createLogger("debug", {}, (line) => lines.push(line)), queue: { pollIntervalMs: 20 } }));
});
afterAll(async () => {
  await app.close();
  await fake.stop();
});
beforeEach(() => clock.set("2026-10-05T09:00:00Z"));

const connections = () => app.database.db.select().from(linkedinConnections);

describe("connect", () => {
  test("the full redirect dance stores the member with its token encrypted, and GET /api/linkedin shows no token", async () => {
    const { client, user } = await signUpSubscriber(app.url, { name: "Ada" });
    expect((await client.json("GET", "/api/linkedin")).body).toEqual({ available: true, connection: null });

    const start = await browserGet(app, client, "/linkedin/connect");
    expect(start.status).toBe(303);
    const authorize = new URL(start.headers.get("location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/oauth/v2/authorization`);
    expect(authorize.searchParams.get("scope")).toBe("openid profile w_member_social");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${app.config.appUrl}/linkedin/callback`);
    const state = authorize.searchParams.get("state")!;
    expect(state).toMatch(/^[\w-]{43}$/);
    // Only the state's hash is kept.
    const stored = await app.database.db.select().from(linkedinOauthStates).where(eq(linkedinOauthStates.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.stateHash).not.toContain(state);

    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const callback = await browserGet(app, client, `${back.pathname}${back.search}`);
    expect(callback.status).toBe(303);
    expect(callback.headers.get("location")).toBe("/settings?linkedin=connected");

    const [row] = (await connections()).filter((c) => c.userId === user.id);
    expect(row).toMatchObject({ memberSub: fake.member.sub, personUrn: fake.personUrn, name: "Priya Shah", pictureUrl: fake.member.picture });
    const token = fake.tokens().at(-1)!;
    expect(row!.accessTokenEncrypted).not.toContain(token);
    expect(row!.accessTokenEncrypted.startsWith("v1.")).toBe(true);
    // 60 days from the (manual) clock.
    expect(row!.expiresAt.toISOString()).toBe("2026-12-04T09:00:00.000Z");

    const status = await client.request("GET", "/api/linkedin");
    const text = await status.text();
    expect(JSON.parse(text)).toEqual({
      available: true,
      connection: { name: "Priya Shah", pictureUrl: fake.member.picture, connectedAt: "2026-10-05T09:00:00.000Z", expiresAt: "2026-12-04T09:00:00.000Z" },
    });
    expect(text).not.toContain(token);
    const exported = await client.request("GET", "/api/user/export");
    expect(exported.status).toBe(200);
    const exportText = await exported.text();
    expect(exportText).not.toContain(token);
    expect(exportText).not.toContain(row!.accessTokenEncrypted);
    const me = await (await client.request("GET", "/api/user")).text();
    expect(me).not.toContain(token);
    // Nothing of the token, the code or the client secret in any log line.
    const log = lines.join("\n");
    expect(log).not.toContain(token);
    expect(log).not.toContain(back.searchParams.get("code")!);
    expect(log).not.toContain(fake.clientSecret);
    expect(log).toContain("linkedin connected");
  });

  test("from the dashboard, the callback lands on the dashboard, which stops inviting to connect", async () => {
    const { client } = await signUpSubscriber(app.url);
    const invited = async () => (await (await browserGet(app, client, "/dashboard")).text()).includes("Publish on LinkedIn automatically");
    expect(await invited()).toBe(true);
    const { callback } = await connectLinkedin(app, client, "?from=dashboard");
    expect(callback.headers.get("location")).toBe("/dashboard?linkedin=connected");
    expect(await invited()).toBe(false);
  });

  test("a second profile needs ?replace=1 (the UI's confirm); then it replaces the first", async () => {
    const { client, user } = await signUpSubscriber(app.url);
    await connectLinkedin(app, client);
    const first = (await connections()).find((c) => c.userId === user.id)!;
    const refused = await browserGet(app, client, "/linkedin/connect");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("is already connected. Confirm that you want to replace it.");
    clock.advance(60_000);
    const { callback } = await connectLinkedin(app, client, "?replace=1");
    expect(callback.status).toBe(303);
    const rows = (await connections()).filter((c) => c.userId === user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.accessTokenEncrypted).not.toBe(first.accessTokenEncrypted);
    expect(rows[0]!.connectedAt.getTime()).toBe(first.connectedAt.getTime() + 60_000);
  });

  test("disconnect deletes the tokens; posts set to publish automatically become Remind me, with their reminder planned", async () => {
    const { client, user } = await signUpSubscriber(app.url);
    await connectLinkedin(app, client);
    expect((await connections()).some((c) => c.userId === user.id)).toBe(true);
    const draft = (await client.json("POST", "/api/posts", { content: "Waiting for its time." })).body;
    const scheduledTime = new Date(clock.now().getTime() + 2 * 86_400_000).toISOString();
    const scheduled = await client.json("PATCH", `/api/posts/${draft.id}`, { scheduledTime, status: "scheduled" });
    expect(scheduled.body.publishMode).toBe("auto");
    const waiting = async () =>
      (await app.database.rows<{ kind: string }>(sql`select kind from jobs where payload->>'postId' = ${draft.id} and status = 'queued' order by kind`)).map(
        (job) => job.kind,
      );
    expect(await waiting()).toEqual(["publish-post"]);

    const response = await client.json("DELETE", "/api/linkedin");
    expect(response.status).toBe(200);
    expect((await connections()).some((c) => c.userId === user.id)).toBe(false);
    expect((await client.json("GET", "/api/linkedin")).body).toEqual({ available: true, connection: null });
    expect((await client.json("GET", `/api/posts/${draft.id}`)).body).toMatchObject({ status: "scheduled", publishMode: "remind", scheduledTime });
    expect(await waiting()).toEqual(["post-reminder"]);
  });
});

describe("callbacks that change nothing", () => {
  async function refusedPage(response: Response, words: string) {
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain(words);
    expect(html).toContain("Nothing was changed.");
  }

  test("a replayed callback (the same state and code again) is refused", async () => {
    const { client, user } = await signUpSubscriber(app.url);
    const { callback, callbackPath } = await connectLinkedin(app, client);
    expect(callback.status).toBe(303);
    const before = await connections();
    const tokensBefore = fake.tokens().length;
    await refusedPage(await browserGet(app, client, callbackPath), "Each LinkedIn sign-in link works once.");
    expect(await connections()).toEqual(before);
    expect(fake.tokens().length).toBe(tokensBefore);
    expect((await connections()).filter((c) => c.userId === user.id)).toHaveLength(1);
  });

  test("a forged state, a missing state, an error from LinkedIn, an expired state, another account's state", async () => {
    const { client, user } = await signUpSubscriber(app.url);
    const other = await signUpSubscriber(app.url);
    const tokensBefore = fake.tokens().length;

    await refusedPage(
      await browserGet(app, client, "/linkedin/callback?code=AQTforged&state=forgedforgedforgedforgedforgedforgedforged12"),
      "does not belong to a connection you started",
    );
    await refusedPage(await browserGet(app, client, "/linkedin/callback?code=AQTforged"), "missing its security check");

    fake.cancelNextAuthorization();
    const { callback: cancelled } = await connectLinkedin(app, client);
    await refusedPage(cancelled, "You cancelled on LinkedIn.");

    // Anyone can send a member to our callback with an error: the page says our own words, never theirs.
    const planted = "Your account is locked. Call +44 20 7946 0000 to unlock it";
    for (const error of ["access_denied", "server_error", `evil ${planted}`]) {
      const answer = await browserGet(app, client, `/linkedin/callback?${new URLSearchParams({ error, error_description: planted, state: "forged" })}`);
      const html = await answer.clone().text();
      await refusedPage(answer, "LinkedIn did not connect your profile.");
      expect(html).not.toContain("Call +44");
      expect(html).not.toContain("evil");
    }

    // A state older than 10 minutes.
    const start = await browserGet(app, client, "/linkedin/connect");
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    clock.advance(11 * 60_000);
    await refusedPage(await browserGet(app, client, `${back.pathname}${back.search}`), "This link has expired");

    // Bob's callback opened in Ada's session (a login CSRF the other way round).
    clock.set("2026-10-05T09:00:00Z");
    const bobStart = await browserGet(app, other.client, "/linkedin/connect");
    const bobConsent = await fetch(bobStart.headers.get("location")!, { redirect: "manual" });
    const bobBack = new URL(bobConsent.headers.get("location")!);
    await refusedPage(await browserGet(app, client, `${bobBack.pathname}${bobBack.search}`), "does not belong to a connection you started");
    // Signed out.
    await refusedPage(await browserGet(app, null, `${bobBack.pathname}${bobBack.search}`), "You were signed out");

    const rows = await connections();
    expect(rows.some((c) => c.userId === user.id || c.userId === other.user.id)).toBe(false);
    expect(fake.tokens().length).toBe(tokensBefore);
    // Bob's own state was not spent by those attempts: it still works for Bob.
    const bobCallback = await browserGet(app, other.client, `${bobBack.pathname}${bobBack.search}`);
    expect(bobCallback.status).toBe(303);
  });

  test("signed out, /linkedin/connect goes to the login page; the API is 401", async () => {
    expect((await browserGet(app, null, "/linkedin/connect")).headers.get("location")).toBe("/login");
    expect((await fetch(`${app.url}/api/linkedin`)).status).toBe(401);
  });
});

describe("without a LinkedIn app configured", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  test("nothing to connect: unavailable, and connect answers 404", async () => {
    const { client } = await signUpSubscriber(plain.url);
    expect((await client.json("GET", "/api/linkedin")).body).toEqual({ available: false, connection: null });
    expect((await browserGet(plain, client, "/linkedin/connect")).status).toBe(404);
    expect(await (await browserGet(plain, client, "/dashboard")).text()).not.toContain("Publish on LinkedIn automatically");
  });
});
