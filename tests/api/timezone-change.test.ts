import { describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { jobs, posts } from "../../db/schema";
import type { ApiClient } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { appWithTwoSubscribers } from "../support/suite";

/**
 * A timezone change asks about scheduled posts (issue 22): with posts ahead, PATCH
 * /api/user/profile without a choice is a 409 with the count; "sameTimeOfDay" keeps their
 * times of day in the new zone (8:15 AM London becomes 8:15 AM New York), "sameMoment" keeps the
 * instants (3:15 AM New York); either way in one transaction, reminders following the posts.
 */

// Monday 2 March 2026, 09:00 UTC (GMT in London, EST in New York).
const START = "2026-03-02T09:00:00Z";
const clock = new ManualClock(START);
const suite = appWithTwoSubscribers({ clock, runJobs: false, start: START });

async function scheduled(client: ApiClient, scheduledTime: string) {
  const created = await client.json("POST", "/api/posts", { content: `A post for ${scheduledTime}.`, status: "draft" });
  const { status, body } = await client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime, status: "scheduled" });
  expect(status).toBe(200);
  return body.id as string;
}
const profile = (client: ApiClient, timezone: string, scheduledPosts?: string) =>
  client.json("PATCH", "/api/user/profile", { name: "Ada", timezone, linkedinHandle: "", ...(scheduledPosts ? { scheduledPosts } : {}) });
const timeOf = async (id: string) => (await suite.app.database.db.select().from(posts).where(eq(posts.id, id)))[0]!.scheduledTime!.toISOString();
const reminderAt = async (id: string) =>
  (
    await suite.app.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, `post-reminder:${id}`), inArray(jobs.status, ["queued", "running"])))
  )[0]?.runAt.toISOString();

describe("changing the timezone with scheduled posts", () => {
  test("without a choice: 409 with the count, and nothing changes", async () => {
    const { client } = suite.ada;
    expect((await profile(client, "Europe/London")).status).toBe(200);
    const ids = [await scheduled(client, "2026-03-04T08:15:00Z"), await scheduled(client, "2026-03-05T08:15:00Z")];
    const asked = await profile(client, "America/New_York");
    expect([asked.status, asked.body.message, asked.body.scheduledCount, asked.body.nextScheduledTime]).toEqual([
      409,
      "You have 2 scheduled posts. Choose whether they keep their times of day in the new timezone or the same moments.",
      2,
      "2026-03-04T08:15:00.000Z",
    ]);
    expect((await client.json("GET", "/api/auth/me")).body.timezone).toBe("Europe/London");
    expect(await Promise.all(ids.map(timeOf))).toEqual(["2026-03-04T08:15:00.000Z", "2026-03-05T08:15:00.000Z"]);
    // A bad choice is a 400; a change with no posts ahead, or no change of zone, needs no choice.
    expect((await profile(client, "America/New_York", "sideways")).status).toBe(400);
    expect((await profile(client, "Europe/London")).status).toBe(200);
    expect((await profile(suite.bob.client, "Asia/Tokyo")).status).toBe(200);
  });

  test("same time of day: 8:15 AM London becomes 8:15 AM New York, its reminder moved with it", async () => {
    const { client } = suite.ada;
    expect((await profile(client, "Europe/London")).status).toBe(200);
    const id = await scheduled(client, "2026-03-04T08:15:00Z");
    expect(await reminderAt(id)).toBe("2026-03-04T08:15:00.000Z");
    const changed = await profile(client, "America/New_York", "sameTimeOfDay");
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ timezone: "America/New_York", scheduledPosts: { moved: 1, kept: 0 } });
    expect(await timeOf(id)).toBe("2026-03-04T13:15:00.000Z");
    expect(await reminderAt(id)).toBe("2026-03-04T13:15:00.000Z");
  });

  test("same moment: 8:15 AM London stays that instant, 3:15 AM in New York", async () => {
    const { client } = suite.ada;
    expect((await profile(client, "Europe/London")).status).toBe(200);
    const id = await scheduled(client, "2026-03-04T08:15:00Z");
    const changed = await profile(client, "America/New_York", "sameMoment");
    expect(changed.body).toMatchObject({ timezone: "America/New_York", scheduledPosts: { moved: 0, kept: 1 } });
    expect(await timeOf(id)).toBe("2026-03-04T08:15:00.000Z");
    expect(await reminderAt(id)).toBe("2026-03-04T08:15:00.000Z");
  });

  test("same time of day across a daylight-saving change, and a time of day already gone in the new zone keeps its moment", async () => {
    const { client } = suite.ada;
    expect((await profile(client, "America/Los_Angeles")).status).toBe(200);
    // 9:00 AM on Los Angeles's spring-forward Sunday, and 2:00 AM today (10:00 UTC): in Tokyo 2:00 AM today has passed.
    const sunday = await scheduled(client, "2026-03-08T16:00:00Z");
    const soon = await scheduled(client, "2026-03-02T10:00:00Z");
    const changed = await profile(client, "Asia/Tokyo", "sameTimeOfDay");
    expect(changed.body.scheduledPosts).toEqual({ moved: 1, kept: 1 });
    expect(await timeOf(sunday)).toBe("2026-03-08T00:00:00.000Z");
    expect(await timeOf(soon)).toBe("2026-03-02T10:00:00.000Z");
    const back = await profile(client, "America/Los_Angeles", "sameTimeOfDay");
    expect(back.body.scheduledPosts).toEqual({ moved: 2, kept: 0 });
    expect(await timeOf(sunday)).toBe("2026-03-08T16:00:00.000Z");
  });
});
