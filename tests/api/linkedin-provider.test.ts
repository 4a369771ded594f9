import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config";
import { createLinkedinProvider, LinkedinError, type LinkedinProvider, linkedinProvider, newOAuthState, sameOAuthState } from "../../src/providers/linkedin";
import { type FakeLinkedin, startFakeLinkedin } from "../support/fake-linkedin";

// The real adapter (fetch) against a local server that speaks LinkedIn's wire format.
let fake: FakeLinkedin;
const VERSION = "202603";
const now = new Date("2026-10-05T09:00:00Z");
/** Every LinkedinError a test saw, checked at the end for leaked secrets. */
const seen: LinkedinError[] = [];

beforeAll(async () => {
  fake = await startFakeLinkedin();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const provider = (options: { timeoutMs?: number; url?: string } = {}): LinkedinProvider =>
  createLinkedinProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiUrl: options.url ?? fake.url,
    oauthUrl: options.url ?? fake.url,
    version: VERSION,
    timeoutMs: options.timeoutMs,
    clock: { now: () => now },
  });

/** The LinkedinError a call threw, for assertions on its fields. */
async function failure(promise: Promise<unknown>): Promise<LinkedinError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LinkedinError) {
      seen.push(error);
      return error;
    }
    throw error;
  }
  throw new Error("the call did not fail");
}

/** The member's browser at LinkedIn's consent page: follows it to the redirect and reads the query. */
async function consent(url: string): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe(fake.redirectUri);
  return location.searchParams;
}

async function connect(): Promise<string> {
  const state = newOAuthState();
  const back = await consent(provider().authorizationUrl({ state, redirectUri: fake.redirectUri }));
  return (await provider().exchangeCode({ code: back.get("code")!, redirectUri: fake.redirectUri })).accessToken;
}

const text =
  "Shipping (finally) v2_final: 50% faster.\n\nThanks @team & [everyone] — #buildinpublic #DevTools 🚀\nDetails: https://example.com/notes_(v2)#perf";

describe("LinkedIn OAuth", () => {
  test("authorization URL, consent redirect with code and state, code exchange", async () => {
    const state = newOAuthState();
    expect(state).toMatch(/^[\w-]{43}$/);
    const url = new URL(provider().authorizationUrl({ state, redirectUri: fake.redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth/v2/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: fake.clientId,
      redirect_uri: fake.redirectUri,
      state,
      scope: "openid profile w_member_social",
    });
    // Spaces in the scope list go as %20, and no PKCE parameters are sent.
    expect(url.search).toContain("scope=openid%20profile%20w_member_social");
    expect(url.search).not.toContain("code_challenge");

    const back = await consent(url.toString());
    expect(sameOAuthState(state, back.get("state")!)).toBe(true);
    const token = await provider().exchangeCode({ code: back.get("code")!, redirectUri: fake.redirectUri });

    expect(token).toEqual({
      accessToken: fake.tokens().at(-1)!,
      expiresAt: new Date(now.getTime() + 5_184_000_000),
      scopes: ["openid", "profile", "w_member_social"],
      refreshToken: null,
      refreshTokenExpiresAt: null,
    });
    const exchange = fake.requests.find((request) => request.endpoint === "token")!;
    expect(exchange.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toEqual({
      grant_type: "authorization_code",
      code: back.get("code")!,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      redirect_uri: fake.redirectUri,
    });
  });

  test("a member who cancels comes back with error=user_cancelled_login and the state", async () => {
    fake.cancelNextAuthorization();
    const back = await consent(provider().authorizationUrl({ state: "s-1", redirectUri: fake.redirectUri }));
    expect(back.get("error")).toBe("user_cancelled_login");
    expect(back.get("error_description")).toBe("The user cancelled LinkedIn login");
    expect(back.get("state")).toBe("s-1");
    expect(back.get("code")).toBeNull();
    expect(sameOAuthState("s-1", "s-2")).toBe(false);
  });

  test("a code works once; a second exchange is rejected with LinkedIn's reason", async () => {
    const back = await consent(provider().authorizationUrl({ state: "s", redirectUri: fake.redirectUri }));
    await provider().exchangeCode({ code: back.get("code")!, redirectUri: fake.redirectUri });
    const error = await failure(provider().exchangeCode({ code: back.get("code")!, redirectUri: fake.redirectUri }));
    expect(error).toMatchObject({ kind: "rejected", status: 400, code: "invalid_request" });
    expect(error.reason).toContain("Unable to retrieve access token");
  });

  test("a wrong client secret is unauthorized, and the error never holds a secret", async () => {
    const back = await consent(provider().authorizationUrl({ state: "s", redirectUri: fake.redirectUri }));
    const wrong = createLinkedinProvider({
      clientId: fake.clientId,
      clientSecret: "not-the-secret-123",
      apiUrl: fake.url,
      oauthUrl: fake.url,
      version: VERSION,
    });
    const error = await failure(wrong.exchangeCode({ code: back.get("code")!, redirectUri: fake.redirectUri }));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, reason: "Client authentication failed" });
    expect(JSON.stringify(error) + String(error)).not.toContain("not-the-secret-123");
  });
});

describe("LinkedIn member", () => {
  test("userinfo gives the member's id, person URN, name and picture", async () => {
    const token = await connect();
    fake.requests.length = 0;
    expect(await provider().member(token)).toEqual({ sub: fake.member.sub, personUrn: fake.personUrn, name: "Priya Shah", pictureUrl: fake.member.picture });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "GET", path: "/v2/userinfo" });
    expect(request!.headers.authorization).toBe(`Bearer ${token}`);
    expect(request!.headers["linkedin-version"]).toBeUndefined();
  });
});

describe("LinkedIn publish", () => {
  test("posts the escaped commentary with LinkedIn's headers and body; answers the URN", async () => {
    const token = await connect();
    fake.requests.length = 0;
    const { postUrn } = await provider().publish({ accessToken: token, authorUrn: fake.personUrn, text });

    const stored = fake.posts.at(-1)!;
    expect(postUrn).toBe(stored.urn);
    expect(postUrn).toMatch(/^urn:li:share:\d+$/);
    expect(provider().postUrl(postUrn)).toBe(`https://www.linkedin.com/feed/update/${postUrn}`);
    expect(stored.commentary).toBe(
      "Shipping \\(finally\\) v2\\_final: 50% faster.\n\nThanks \\@team & \\[everyone\\] — {hashtag|\\#|buildinpublic} {hashtag|\\#|DevTools} 🚀\nDetails: https://example.com/notes\\_\\(v2\\)\\#perf",
    );
    // What members will read is exactly what the user wrote.
    expect(stored.displayed).toBe(text);
    expect(stored.body).toEqual({
      author: fake.personUrn,
      commentary: stored.commentary,
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/rest/posts", endpoint: "publish" });
    expect(request!.headers.authorization).toBe(`Bearer ${token}`);
    expect(request!.headers["linkedin-version"]).toBe(VERSION);
    expect(request!.headers["x-restli-protocol-version"]).toBe("2.0.0");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(fake.requests).toHaveLength(1);
  });

  test("an expired or revoked token is unauthorized, with LinkedIn's reason", async () => {
    const expired = await connect();
    fake.expireToken(expired);
    const error = await failure(provider().publish({ accessToken: expired, authorUrn: fake.personUrn, text: "hi" }));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, code: "65601", reason: "The token used in the request has expired" });

    const revoked = await connect();
    fake.revokeToken(revoked);
    expect(await failure(provider().member(revoked))).toMatchObject({ kind: "unauthorized", status: 401, code: "65602" });
    expect(fake.posts.filter((post) => post.displayed === "hi")).toHaveLength(0);
  });

  test("a retired LinkedIn-Version is version_retired (426)", async () => {
    const token = await connect();
    const restore = fake.retireVersion(VERSION);
    try {
      const error = await failure(provider().publish({ accessToken: token, authorUrn: fake.personUrn, text: "hi" }));
      expect(error).toMatchObject({ kind: "version_retired", status: 426, reason: `Requested version ${VERSION} is not active` });
    } finally {
      restore();
    }
  });

  test("a rate limit is rate_limited with Retry-After seconds when given", async () => {
    const token = await connect();
    fake.failNext("publish", 429, { retryAfter: "120" });
    const error = await failure(provider().publish({ accessToken: token, authorUrn: fake.personUrn, text: "hi" }));
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, retryAfterSeconds: 120 });
    expect(error.reason).toContain("throttle");
    fake.failNext("publish", 429);
    expect(await failure(provider().publish({ accessToken: token, authorUrn: fake.personUrn, text: "hi" }))).toMatchObject({
      kind: "rate_limited",
      retryAfterSeconds: null,
    });
  });

  test("5xx is server; the next attempt goes through", async () => {
    const token = await connect();
    const before = fake.posts.length;
    fake.failNext("publish", 500);
    expect(await failure(provider().publish({ accessToken: token, authorUrn: fake.personUrn, text: "retry me" }))).toMatchObject({
      kind: "server",
      status: 500,
      reason: "Internal Server Error",
    });
    expect(fake.posts).toHaveLength(before);
    const { postUrn } = await provider().publish({ accessToken: token, authorUrn: fake.personUrn, text: "retry me" });
    expect(fake.posts.at(-1)!.urn).toBe(postUrn);
  });

  test("another 4xx is rejected with LinkedIn's message", async () => {
    const token = await connect();
    const error = await failure(provider().publish({ accessToken: token, authorUrn: "urn:li:person:someoneElse", text: "hi" }));
    expect(error).toMatchObject({ kind: "rejected", status: 403, code: "ACCESS_DENIED" });
    expect(error.reason).toContain("is not the member of this token");
  });

  test("a dropped connection after the post is stored is unknown_outcome", async () => {
    const token = await connect();
    fake.dropNextPublish();
    const error = await failure(provider().publish({ accessToken: token, authorUrn: fake.personUrn, text: "dropped" }));
    expect(error).toMatchObject({ kind: "unknown_outcome", status: null });
    expect(fake.posts.at(-1)!.displayed).toBe("dropped"); // it went out all the same
  });

  test("no answer within the timeout is unknown_outcome", async () => {
    const token = await connect();
    fake.delayNext("publish", 1_000);
    const error = await failure(provider({ timeoutMs: 100 }).publish({ accessToken: token, authorUrn: fake.personUrn, text: "slow" }));
    expect(error).toMatchObject({ kind: "unknown_outcome", status: null });
    expect(error.reason).toContain("did not answer");
  });

  test("a server that cannot be reached is unreachable: nothing was sent", async () => {
    const down = await startFakeLinkedin();
    const url = down.url;
    await down.stop();
    const error = await failure(provider({ url }).publish({ accessToken: "AQVany", authorUrn: fake.personUrn, text: "hi" }));
    expect(error).toMatchObject({ kind: "unreachable", status: null });
  });
});

describe("LinkedIn existence check after an unknown outcome", () => {
  test("with w_member_social only, LinkedIn refuses the read: cannot_check", async () => {
    const token = await connect();
    fake.requests.length = 0;
    const check = await provider().findPublishedPost({ accessToken: token, authorUrn: fake.personUrn, text: "dropped", since: new Date(Date.now() - 60_000) });
    expect(check).toEqual({ status: "cannot_check", reason: "Not enough permissions to access: partnerApiPostsExternal.FINDER-author" });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "GET", path: "/rest/posts", query: { author: fake.personUrn, q: "author", count: "20", sortBy: "LAST_MODIFIED" } });
    expect(request!.headers["linkedin-version"]).toBe(VERSION);
    expect(request!.headers["x-restli-protocol-version"]).toBe("2.0.0");
  });

  test("with r_member_social: found after a dropped publish, not_found when it never went out", async () => {
    const approved = await startFakeLinkedin({ allowedScopes: ["openid", "profile", "w_member_social", "r_member_social"] });
    try {
      const adapter = createLinkedinProvider({
        clientId: approved.clientId,
        clientSecret: approved.clientSecret,
        apiUrl: approved.url,
        oauthUrl: approved.url,
        version: VERSION,
      });
      const token = approved.issueToken();
      const since = new Date(Date.now() - 1_000);
      approved.dropNextPublish();
      expect(await failure(adapter.publish({ accessToken: token, authorUrn: approved.personUrn, text }))).toMatchObject({ kind: "unknown_outcome" });

      expect(await adapter.findPublishedPost({ accessToken: token, authorUrn: approved.personUrn, text, since })).toEqual({
        status: "found",
        postUrn: approved.posts[0]!.urn,
      });
      expect(await adapter.findPublishedPost({ accessToken: token, authorUrn: approved.personUrn, text: `${text} (edited)`, since })).toEqual({
        status: "not_found",
      });
      // A post with the same text from long before this attempt is another post.
      expect(await adapter.findPublishedPost({ accessToken: token, authorUrn: approved.personUrn, text, since: new Date(Date.now() + 3_600_000) })).toEqual({
        status: "not_found",
      });
    } finally {
      await approved.stop();
    }
  });

  test("other failures of the check throw their kind", async () => {
    const token = await connect();
    fake.failNext("findPosts", 500);
    expect(await failure(provider().findPublishedPost({ accessToken: token, authorUrn: fake.personUrn, text: "x", since: now }))).toMatchObject({
      kind: "server",
    });
  });
});

describe("LinkedIn comment", () => {
  test("comments on the post as the member; answers the comment URN", async () => {
    const token = await connect();
    const { postUrn } = await provider().publish({ accessToken: token, authorUrn: fake.personUrn, text: "Post with a link below" });
    fake.requests.length = 0;
    const linkText = "Read more: https://cadence.app/blog/launch_(v2)?utm=li";
    const { commentUrn } = await provider().comment({ accessToken: token, actorUrn: fake.personUrn, postUrn, text: linkText });

    const stored = fake.comments.at(-1)!;
    expect(stored).toEqual({ urn: commentUrn, postUrn, actor: fake.personUrn, text: linkText });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: `/rest/socialActions/${encodeURIComponent(postUrn)}/comments` });
    expect(request!.path).toContain("urn%3Ali%3Ashare%3A");
    expect(JSON.parse(request!.body)).toEqual({ actor: fake.personUrn, object: postUrn, message: { text: linkText } });
    expect(request!.headers["linkedin-version"]).toBe(VERSION);
  });

  test("a comment on a post LinkedIn does not know is rejected (404)", async () => {
    const token = await connect();
    expect(await failure(provider().comment({ accessToken: token, actorUrn: fake.personUrn, postUrn: "urn:li:share:1", text: "hi" }))).toMatchObject({
      kind: "rejected",
      status: 404,
    });
  });
});

describe("LinkedIn errors hold no secrets", () => {
  test("a reason that echoes the token or secret is redacted", async () => {
    const token = await connect();
    fake.failNext("publish", 422, { message: `bad token ${token} for app secret ${fake.clientSecret}` });
    const error = await failure(provider().publish({ accessToken: token, authorUrn: fake.personUrn, text: "hi" }));
    expect(error.reason).toBe("bad token [redacted] for app secret [redacted]");
  });

  test("no error seen in this file carries a token or the client secret", () => {
    expect(seen.length).toBeGreaterThan(10);
    const secrets = [...fake.tokens(), fake.clientSecret];
    for (const error of seen) {
      const shown = [error.message, error.reason, String(error), JSON.stringify(error), String(error.stack), JSON.stringify(Object.values(error))].join("\n");
      for (const secret of secrets) expect(shown).not.toContain(secret);
    }
  });
});

describe("linkedinProvider(config)", () => {
  test("null unless both the client id and secret are set", () => {
    expect(linkedinProvider(loadConfig({}))).toBeNull();
    const adapter = linkedinProvider(loadConfig({ LINKEDIN_CLIENT_ID: "id", LINKEDIN_CLIENT_SECRET: "secret", LINKEDIN_OAUTH_URL: "http://127.0.0.1:9" }));
    expect(adapter).not.toBeNull();
    expect(adapter!.authorizationUrl({ state: "s", redirectUri: "https://cadence.app/cb" })).toStartWith(
      "http://127.0.0.1:9/oauth/v2/authorization?response_type=code&client_id=id&",
    );
  });
});
