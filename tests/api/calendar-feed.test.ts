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
 * implementation): exactly the scheduled posts (and the last 30 days' posted ones, marked), at
 * the right UTC instants across the March and October daylight-saving changes, SEQUENCE and
 * LAST-MODIFIED moving with every change, and an address that Regenerate retires.
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

type ParsedEvent = {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  url: string | null;
  sequence: number;
  lastModified: string | null;
  categories: string[];
  alarms: string[];
};

/** The feed's text as served, checked against RFC 5545's line rules: every line ends in CRLF, the last included. */
async function feedText(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar;charset=utf-8");
  const text = await response.text();
  expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  return text;
}

async function readFeed(url: string): Promise<ParsedEvent[]> {
  const calendar = new ICAL.Component(ICAL.parse(await feedText(url)));
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    const modified = component.getFirstPropertyValue("last-modified") as ICAL.Time | null;
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      description: event.description,
      url: (component.getFirstPropertyValue("url") as string | null) ?? null,
      sequence: event.sequence,
      lastModified: modified ? modified.toJSDate().toISOString() : null,
      categories: component.getAllProperties("categories").flatMap((property) => property.getValues() as string[]),
      alarms: component.getAllSubcomponents("valarm").map((alarm) => String(alarm.getFirstPropertyValue("trigger"))),
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
    [
      "Europe/London",
      [
        ["2026-03-27", "2026-03-27T09:00:00.000Z"],
        ["2026-03-30", "2026-03-30T08:00:00.000Z"],
        ["2026-10-23", "2026-10-23T08:00:00.000Z"],
        ["2026-10-26", "2026-10-26T09:00:00.000Z"],
      ],
    ],
    // New York is UTC-5 in winter and UTC-4 in summer (8 March to 1 November 2026).
    [
      "America/New_York",
      [
        ["2026-03-06", "2026-03-06T14:00:00.000Z"],
        ["2026-03-09", "2026-03-09T13:00:00.000Z"],
        ["2026-10-30", "2026-10-30T13:00:00.000Z"],
        ["2026-11-02", "2026-11-02T14:00:00.000Z"],
      ],
    ],
  ] as const) {
    test(`lists exactly the scheduled posts at their UTC instants across both DST changes (${zone})`, async () => {
      const { client } = await subscriber(zone);
      const ids: string[] = [];
      for (const [date] of changes) ids.push(await schedule(client, `A post for ${date}\n\nSecond paragraph of the post.`, nineAm(date, zone)));
      // Drafts are not in the calendar.
      await client.json("POST", "/api/posts", { content: "Still a draft" });

      const events = await readFeed(await feedUrl(client));
      expect(events.map((event) => event.start)).toEqual(changes.map(([, utc]) => utc));
      const host = new URL(app.url).hostname;
      expect(events.map((event) => event.uid)).toEqual(ids.map((id) => `post-${id}@${host}`));
      const first = events[0]!;
      expect(first.summary).toBe(`A post for ${changes[0][0]}`);
      expect(new Date(first.end).getTime() - new Date(first.start).getTime()).toBe(15 * 60_000);
      // The links come first (calendars show the start of a long description), then the whole post.
      expect(first.description).toBe(
        `Post it on LinkedIn: https://www.linkedin.com/feed/?shareActive=true&text=${encodeURIComponent(`A post for ${changes[0][0]}\n\nSecond paragraph of the post.`)}\n` +
          `Open in Cadence: ${app.url}/posts/${ids[0]}\n\nA post for ${changes[0][0]}\n\nSecond paragraph of the post.`,
      );
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

  test("after each change (moved, edited, posted, unscheduled, deleted) SEQUENCE and LAST-MODIFIED move on", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const { client } = await subscriber("Europe/London");
    const url = await feedUrl(client);
    const kept = await schedule(client, "Kept post", new Date("2026-03-10T09:00:00Z"));
    const dropped = await schedule(client, "Unscheduled later", new Date("2026-03-11T09:00:00Z"));
    const deleted = await schedule(client, "Deleted later", new Date("2026-03-12T09:00:00Z"));
    const eventOf = async (id: string) => (await readFeed(url)).find((event) => event.uid.startsWith(`post-${id}@`));
    const scheduled = (await eventOf(kept))!;
    expect(scheduled.lastModified).toBe("2026-03-02T09:00:00.000Z");
    let last = scheduled;

    /** One change an hour later: the event is still there with a higher SEQUENCE and a later LAST-MODIFIED. */
    async function afterChange(change: () => Promise<unknown>) {
      clock.advance(60 * 60_000);
      await change();
      const event = (await eventOf(kept))!;
      expect(event.sequence).toBeGreaterThan(last.sequence);
      expect(event.lastModified).toBe(clock.now().toISOString());
      last = event;
      return event;
    }

    const moved = await afterChange(() => client.json("PATCH", `/api/posts/${kept}`, { scheduledTime: "2026-03-10T12:30:00Z", status: "scheduled" }));
    expect(moved.start).toBe("2026-03-10T12:30:00.000Z");

    // Any writer of the text counts (the database bumps the revision), not only the edit route.
    const edited = await afterChange(() =>
      app.database.db.update(posts).set({ content: "Kept post, edited", updatedAt: clock.now() }).where(eq(posts.id, kept)),
    );
    expect(edited.summary).toBe("Kept post, edited");
    expect(edited.description).toEndWith("\n\nKept post, edited");

    // Posted: still an event, now where it went out and marked as posted.
    const posted = await afterChange(() => client.json("PATCH", `/api/posts/${kept}`, { status: "posted" }));
    expect(posted.summary).toBe("Posted: Kept post, edited");
    expect(posted.categories).toEqual(["Posted"]);
    expect(posted.start).toBe(clock.now().toISOString());
    expect(posted.alarms).toEqual([]);

    // Unscheduled and deleted posts leave the feed; the others stay as they were.
    expect((await client.json("PATCH", `/api/posts/${dropped}`, { status: "draft" })).status).toBe(200);
    expect(await eventOf(dropped)).toBeUndefined();
    expect((await client.json("DELETE", `/api/posts/${deleted}`)).status).toBeLessThan(300);
    expect(await eventOf(deleted)).toBeUndefined();
    expect(await eventOf(kept)).toEqual(posted);

    // Scheduled again from the draft: a new version, above every one the calendar saw before.
    clock.advance(60 * 60_000);
    await client.json("PATCH", `/api/posts/${dropped}`, { scheduledTime: "2026-03-13T09:00:00Z", status: "scheduled" });
    const back = (await eventOf(dropped))!;
    expect(back.sequence).toBeGreaterThanOrEqual(3);
    expect(back.start).toBe("2026-03-13T09:00:00.000Z");

    // A posted post stays 30 days after it went out, then leaves.
    clock.advance(29 * 24 * 60 * 60_000);
    expect(await eventOf(kept)).toBeDefined();
    clock.advance(2 * 24 * 60 * 60_000);
    expect(await eventOf(kept)).toBeUndefined();
  });

  test("asks for an hourly refresh; an empty feed is still a calendar, with the user's zone", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const { client } = await subscriber("America/Los_Angeles");
    const text = await feedText(await feedUrl(client));
    expect(text).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(text).toContain("\r\nX-PUBLISHED-TTL:PT1H\r\n");
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(0);
    const zones = calendar.getAllSubcomponents("vtimezone");
    expect(zones.map((zone) => zone.getFirstPropertyValue("tzid"))).toEqual(["America/Los_Angeles"]);
    // ical.js reads our VTIMEZONE back: 9:00 AM on the spring-forward Sunday is 16:00Z, the day before 17:00Z.
    const zone = new ICAL.Timezone(zones[0]!);
    const nine = (day: number) => {
      const time = new ICAL.Time({ year: 2026, month: 3, day, hour: 9, minute: 0, second: 0, isDate: false }, zone);
      return time.toJSDate().toISOString();
    };
    expect([nine(7), nine(8)]).toEqual(["2026-03-07T17:00:00.000Z", "2026-03-08T16:00:00.000Z"]);
  });

  test("an alarm at the user's reminder lead, for posts they post themselves, none with reminders off", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const { client } = await subscriber("Europe/London");
    const url = await feedUrl(client);
    await schedule(client, "Remind me", new Date("2026-03-10T09:00:00Z"));
    expect((await readFeed(url)).map((event) => event.alarms)).toEqual([["PT0S"]]);
    expect((await client.json("PATCH", "/api/user/reminders", { remindersEnabled: true, reminderLeadMinutes: 15 })).status).toBe(200);
    expect((await readFeed(url)).map((event) => event.alarms)).toEqual([["-PT15M"]]);
    expect((await client.json("PATCH", "/api/user/reminders", { remindersEnabled: false, reminderLeadMinutes: 15 })).status).toBe(200);
    expect((await readFeed(url)).map((event) => event.alarms)).toEqual([[]]);
  });

  test("links first and the description under 8 KB, whatever the post's script and length", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const { client } = await subscriber("Europe/London");
    const url = await feedUrl(client);
    const latin = "Consistency beats intensity, every single week; ".repeat(63).slice(0, 3000).trim();
    const japanese = "毎週の投稿が信頼を築きます。".repeat(250).slice(0, 3000);
    const ids = [await schedule(client, latin, new Date("2026-03-10T09:00:00Z")), await schedule(client, japanese, new Date("2026-03-11T09:00:00Z"))];
    const text = await feedText(url);
    const events = await readFeed(url);
    expect(events).toHaveLength(2);
    for (const [index, event] of events.entries()) {
      // As written in the file: each folded DESCRIPTION line joined back, under Google's ~8 KB.
      const written = text
        .split("\r\nBEGIN:VEVENT\r\n")
        [index + 1]!.replaceAll("\r\n ", "")
        .split("\r\n")
        .find((line) => line.startsWith("DESCRIPTION:"))!;
      expect(new TextEncoder().encode(written).length).toBeLessThan(8000);
      expect(event.description).toContain(`Open in Cadence: ${app.url}/posts/${ids[index]}\n\n`);
      expect(event.description.indexOf("Open in Cadence")).toBeLessThan(event.description.indexOf("\n\n"));
    }
    // The Latin post fits whole with both links; the Japanese one's composer link alone would pass
    // the limit, so it goes, and the cut text says where the rest is.
    expect(events[0]!.description).toStartWith("Post it on LinkedIn: https://www.linkedin.com/feed/?shareActive=true&text=");
    expect(events[0]!.description).toEndWith(latin);
    expect(events[1]!.description).toStartWith(`Open in Cadence: ${app.url}/posts/${ids[1]}\n\n毎週の投稿`);
    expect(events[1]!.description).toEndWith("…\n\n[Shortened here: the full text is in Cadence, link above.]");
    expect(events[1]!.description.length).toBeLessThan(japanese.length);
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
