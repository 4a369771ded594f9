import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { posts, users } from "../../db/schema";
import { zonedTimeToInstant } from "../../src/shared/zoned-time";
import { type ApiClient, signUp } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The private calendar feed through the real app, parsed back with ical.js (an independent
 * implementation): exactly the scheduled posts, at the right UTC instants across the March and
 * October daylight-saving changes, and an address that Regenerate retires.
 */

const clock = new ManualClock("2026-03-02T09:00:00Z");
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ clock, runJobs: false, rateLimits: { signup: { limit: 1000, windowMs: 60_000 } } });
});
afterAll(async () => {
  await app.close();
});

async function subscriber(timezone: string) {
  const account = await signUp(app.url);
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  await app.database.db.update(users).set({ timezone }).where(eq(users.id, account.user.id));
  return account;
}

async function schedule(client: ApiClient, content: string, instant: Date) {
  const created = await client.json("POST", "/api/posts", { content });
  expect(created.status).toBe(201);
  const scheduled = await client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime: instant.toISOString(), status: "scheduled" });
  expect(scheduled.status).toBe(200);
  return created.body.id as string;
}

async function feedUrl(client: ApiClient): Promise<string> {
  const { status, body } = await client.json("GET", "/api/user");
  expect(status).toBe(200);
  return body.calendarFeedUrl;
}

type ParsedEvent = { uid: string; start: string; end: string; summary: string; description: string; url: string | null };

async function readFeed(url: string): Promise<ParsedEvent[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar;charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      description: event.description,
      url: (component.getFirstPropertyValue("url") as string | null) ?? null,
    };
  });
}

/** 09:00 on a wall-clock date where the user lives. */
const nineAm = (date: string, zone: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return zonedTimeToInstant({ year, month, day, hour: 9 }, zone);
};

describe("calendar feed", () => {
  test("GET /api/user answers a feed address that stays the same across calls", async () => {
    const { client } = await subscriber("Europe/London");
    const first = await feedUrl(client);
    expect(first).toMatch(new RegExp(`^${app.url}/calendar-feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await feedUrl(client)).toBe(first);
    // The token itself is never stored, only its hash.
    const token = first.split("/").pop()!.replace(".ics", "");
    const rows = await app.database.db.select().from(users);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  for (const [zone, changes] of [
    // Hand-computed: London is UTC+0 in winter and UTC+1 in summer (29 March to 25 October 2026).
    ["Europe/London", [["2026-03-27", "2026-03-27T09:00:00.000Z"], ["2026-03-30", "2026-03-30T08:00:00.000Z"], ["2026-10-23", "2026-10-23T08:00:00.000Z"], ["2026-10-26", "2026-10-26T09:00:00.000Z"]]],
    // New York is UTC-5 in winter and UTC-4 in summer (8 March to 1 November 2026).
    ["America/New_York", [["2026-03-06", "2026-03-06T14:00:00.000Z"], ["2026-03-09", "2026-03-09T13:00:00.000Z"], ["2026-10-30", "2026-10-30T13:00:00.000Z"], ["2026-11-02", "2026-11-02T14:00:00.000Z"]]],
  ] as const) {
    test(`lists exactly the scheduled posts at their UTC instants across both DST changes (${zone})`, async () => {
      const { client } = await subscriber(zone);
      const ids: string[] = [];
      for (const [date] of changes) ids.push(await schedule(client, `A post for ${date}\n\nSecond paragraph of the post.`, nineAm(date, zone)));
      // Drafts and posted posts are not in the calendar.
      await client.json("POST", "/api/posts", { content: "Still a draft" });
      const posted = await client.json("POST", "/api/posts", { content: "Already posted" });
      await client.json("PATCH", `/api/posts/${posted.body.id}`, { status: "posted" });

      const events = await readFeed(await feedUrl(client));
      expect(events.map((event) => event.start)).toEqual(changes.map(([, utc]) => utc));
      const host = new URL(app.url).hostname;
      expect(events.map((event) => event.uid)).toEqual(ids.map((id) => `post-${id}@${host}`));
      const first = events[0]!;
      expect(first.summary).toBe(`A post for ${changes[0][0]}`);
      expect(new Date(first.end).getTime() - new Date(first.start).getTime()).toBe(15 * 60_000);
      expect(first.description).toContain("Second paragraph of the post.");
      expect(first.description).toContain(`Post it on LinkedIn: https://www.linkedin.com/feed/?shareActive=true&text=${encodeURIComponent(`A post for ${changes[0][0]}\n\nSecond paragraph of the post.`)}`);
      expect(first.url).toBe(`${app.url}/posts/${ids[0]}`);
    });
  }

  test("another user's posts never appear; a moved post moves, an unscheduled one leaves", async () => {
    const ada = await subscriber("Europe/London");
    const bob = await subscriber("Europe/London");
    const moved = await schedule(ada.client, "Ada's post", new Date("2026-03-10T09:00:00Z"));
    const dropped = await schedule(ada.client, "Ada's other post", new Date("2026-03-11T09:00:00Z"));
    await schedule(bob.client, "Bob's post", new Date("2026-03-10T10:00:00Z"));
    await ada.client.json("PATCH", `/api/posts/${moved}`, { scheduledTime: "2026-03-12T12:30:00Z", status: "scheduled" });
    await ada.client.json("PATCH", `/api/posts/${dropped}`, { status: "draft" });
    const events = await readFeed(await feedUrl(ada.client));
    expect(events.map((event) => [event.summary, event.start])).toEqual([["Ada's post", "2026-03-12T12:30:00.000Z"]]);
  });

  test("Regenerate gives a new address and the old one answers 404", async () => {
    const { client } = await subscriber("Europe/London");
    await schedule(client, "Kept private", new Date("2026-03-10T09:00:00Z"));
    const old = await feedUrl(client);
    const { status, body } = await client.json("POST", "/api/user/calendar-feed");
    expect(status).toBe(200);
    expect(body.calendarFeedUrl).not.toBe(old);
    expect(await feedUrl(client)).toBe(body.calendarFeedUrl);
    const retired = await fetch(old);
    expect(retired.status).toBe(404);
    expect(await retired.text()).not.toContain("Kept private");
    expect(await readFeed(body.calendarFeedUrl)).toHaveLength(1);
  });

  test("forged and malformed addresses are 404, never a 500; regenerating signed out is 401", async () => {
    const { client } = await subscriber("Europe/London");
    const real = (await feedUrl(client)).split("/calendar-feed/")[1]!.replace(".ics", "");
    for (const path of [
      `${real.slice(0, -1)}${real.endsWith("A") ? "B" : "A"}.ics`,
      `${real}`,
      `${real}.ics.ics`,
      `${"A".repeat(43)}.ics`,
      `${"A".repeat(5000)}.ics`,
      "%00.ics",
      `${encodeURIComponent("../../api/user")}.ics`,
      `${encodeURIComponent("\ud83d\ude00".repeat(11))}.ics`,
    ]) {
      const response = await fetch(`${app.url}/calendar-feed/${path}`);
      expect(response.status).toBe(404);
    }
    const anonymous = await fetch(`${app.url}/api/user/calendar-feed`, { method: "POST", headers: { origin: app.url } });
    expect(anonymous.status).toBe(401);
  });

  test("deleting the account retires its feed", async () => {
    const account = await subscriber("Europe/London");
    const url = await feedUrl(account.client);
    await app.database.db.delete(posts).where(eq(posts.userId, account.user.id));
    await app.database.db.delete(users).where(eq(users.id, account.user.id));
    expect((await fetch(url)).status).toBe(404);
  });
});
