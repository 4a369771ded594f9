import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { posts } from "../../db/schema";
import { appWithTwoSubscribers } from "../support/suite";
import { readArticle } from "../support/corpus";
import { ManualClock } from "../support/manual-clock";

/** The user's results through the real app, and the learned times they give both the dashboard and the plans. */

const START = "2026-03-30T09:00:00Z";
const DAY = 24 * 60 * 60_000;
const clock = new ManualClock(START);
const suite = appWithTwoSubscribers({ clock, queue: { pollIntervalMs: 20 }, start: START });
beforeAll(async () => {
  expect((await suite.ada.client.json("PATCH", "/api/user/profile", { name: "Ada", timezone: "Europe/London", linkedinHandle: "" })).status).toBe(200);
});

/** A post marked as posted at `postedAt` (inserted: the allowance is not what these tests are about). */
async function postedAt(userId: string, iso: string, status = "posted") {
  const [row] = await suite.app.database.db
    .insert(posts)
    .values({ userId, content: `A post from ${iso}`, status, postedAt: status === "posted" ? new Date(iso) : null })
    .returning({ id: posts.id });
  return row!.id;
}

describe("results", () => {
  test("PUT stores the numbers on a posted post; skip stops the asking", async () => {
    const id = await postedAt(suite.ada.user.id, "2026-03-26T18:00:00Z");
    const { status, body } = await suite.ada.client.json("PUT", `/api/posts/${id}/results`, { impressions: 1200, reactions: 40, comments: 7 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, impressions: 1200, reactions: 40, comments: 7 });
    expect(body.resultsRecordedAt).toBe(clock.now().toISOString());
    const other = await postedAt(suite.ada.user.id, "2026-03-25T18:00:00Z");
    expect((await suite.ada.client.json("POST", `/api/posts/${other}/results/skip`)).body.resultsSkippedAt).toBe(clock.now().toISOString());
  });

  test("bad numbers are a 400 and change nothing; drafts are a 409; another user's post is a 404", async () => {
    const id = await postedAt(suite.ada.user.id, "2026-03-26T18:00:00Z");
    for (const bad of [
      { impressions: -1, reactions: 0, comments: 0 },
      { impressions: 1.5, reactions: 0, comments: 0 },
      { impressions: "100", reactions: 0, comments: 0 },
      { impressions: 100, reactions: 0 },
      { impressions: 100, reactions: 0, comments: 0, shares: 3 },
      { impressions: 1e12, reactions: 0, comments: 0 },
      { impressions: null, reactions: 0, comments: 0 },
      [],
      "lots",
    ]) {
      const { status, body } = await suite.ada.client.json("PUT", `/api/posts/${id}/results`, bad);
      expect(status).toBe(400);
      expect(body.message).toBeString();
    }
    const [row] = await suite.app.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ impressions: null, resultsRecordedAt: null });

    const draft = await postedAt(suite.ada.user.id, "2026-03-26T18:00:00Z", "draft");
    expect((await suite.ada.client.json("PUT", `/api/posts/${draft}/results`, { impressions: 1, reactions: 0, comments: 0 })).status).toBe(409);
    for (const target of [id, crypto.randomUUID(), "not-an-id"]) {
      expect((await suite.bob.client.json("PUT", `/api/posts/${target}/results`, { impressions: 1, reactions: 0, comments: 0 })).status).toBe(404);
      expect((await suite.bob.client.json("POST", `/api/posts/${target}/results/skip`)).status).toBe(404);
    }
    expect(
      (await fetch(`${suite.app.url}/api/posts/${id}/results`, { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" })).status,
    ).toBe(401);
  });

  test("the dashboard asks about posts two days after they went out, until answered or skipped", async () => {
    const recent = await postedAt(suite.ada.user.id, "2026-03-29T09:00:00Z"); // one day ago
    const older = await postedAt(suite.ada.user.id, "2026-03-27T09:00:00Z");
    const oldest = await postedAt(suite.ada.user.id, "2026-03-20T09:00:00Z");
    const asked = async () => (await suite.app.services.results.awaiting(suite.ada.user.id)).map((post) => post.id);
    expect(await asked()).toEqual([older, oldest]);
    await suite.ada.client.json("PUT", `/api/posts/${older}/results`, { impressions: 10, reactions: 1, comments: 0 });
    await suite.ada.client.json("POST", `/api/posts/${oldest}/results/skip`);
    expect(await asked()).toEqual([]);
    clock.advance(DAY);
    expect(await asked()).toEqual([recent]);
  });

  test("with 8 results the plan's days follow them and say so; with fewer they do not", async () => {
    const article = await readArticle("sunsetting-create-react-app.md");
    const generate = async () => {
      const { status, body } = await suite.ada.client.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
      expect(status).toBe(200);
      return body as { posts: { recommendedDay: string; recommendedTime: string; strategyExplanation: string }[]; strategyOverview: string };
    };
    const record = async (iso: string, reactions: number, comments: number) => {
      const id = await postedAt(suite.ada.user.id, iso);
      expect((await suite.ada.client.json("PUT", `/api/posts/${id}/results`, { impressions: 1000, reactions, comments })).status).toBe(200);
    };
    // Thursday evenings in London (18:00 GMT) do far better than mornings on other days.
    for (const date of ["2026-03-05", "2026-03-12", "2026-03-19", "2026-03-26"]) await record(`${date}T18:00:00Z`, 40, 10);
    for (const date of ["2026-03-03", "2026-03-04", "2026-03-10"]) await record(`${date}T10:00:00Z`, 10, 0);
    const before = await generate();
    expect(before.strategyOverview).not.toContain("your own results");
    expect((await suite.app.services.results.bestTimes({ id: suite.ada.user.id, timezone: "Europe/London" })).needed).toBe(1);

    await record("2026-03-11T09:00:00Z", 10, 0);
    const after = await generate();
    expect(after.strategyOverview).toContain("The days and times also follow your own results on 8 posts");
    const thursday = after.posts.find((post) => post.recommendedDay === "Thursday")!;
    expect(thursday.recommendedTime).toBe("6:00 PM");
    expect(thursday.strategyExplanation).toContain("your Thursday posts average");
    expect((await suite.app.services.results.bestTimes({ id: suite.ada.user.id, timezone: "Europe/London" })).best[0]!.label).toBe("Thursdays");
  });
});
