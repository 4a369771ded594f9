import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { emailOutbox, posts } from "../../db/schema";
import { signUpSubscriber } from "../support/api-client";
import { openPostsTab, openSignedIn, toastOf, waitForIslands } from "../support/browser";
import { ManualClock } from "../support/manual-clock";
import { appAndBrowser } from "../support/suite";

/**
 * Scheduling journeys of issue 22 in Chromium: a calendar drag onto Los Angeles's spring-forward
 * Sunday keeps 9:00 AM on the user's clock; a scheduled post edited in My Posts is reminded with
 * its new text.
 */

// Tuesday 3 March 2026, noon in Los Angeles (PST): the clocks go forward on Sunday the 8th.
const clock = new ManualClock("2026-03-03T20:00:00Z");
const suite = appAndBrowser({ clock, runJobs: false });

const storedTime = async (id: string) => (await suite.app.database.db.select().from(posts).where(eq(posts.id, id)))[0]!.scheduledTime!.toISOString();

describe("scheduling in the user's timezone", () => {
  test("dragging a 9:00 AM post onto the spring-forward Sunday in Los Angeles lands at 9:00 AM local (16:00 UTC, not 17:00)", async () => {
    clock.set("2026-03-03T20:00:00Z");
    const account = await signUpSubscriber(suite.app.url, { timezone: "America/Los_Angeles" });
    const created = await account.client.json("POST", "/api/posts", { content: "Sunday reading: why small teams ship." });
    // Thursday 5 March, 9:00 AM PST.
    expect((await account.client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime: "2026-03-05T17:00:00Z", status: "scheduled" })).status).toBe(
      200,
    );
    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/calendar");
    await waitForIslands(page);
    await page.locator('[data-day="2026-03-05"] [data-post-bar]').first().dragTo(page.locator('[data-day="2026-03-08"]'));
    await toastOf(page).filter({ hasText: "Post scheduled" }).waitFor();
    expect(await storedTime(created.body.id)).toBe("2026-03-08T16:00:00.000Z");
    await page.reload();
    await waitForIslands(page);
    expect(await page.locator('[data-day="2026-03-08"] [data-bar-text]').allTextContents()).toEqual(["Sunday reading: why small teams ship."]);
    // And My Posts shows it at 9:00 AM.
    await page.goto(`${suite.app.url}/posts`);
    await waitForIslands(page);
    expect(await page.locator("[data-post-time]").allTextContents()).toEqual(["Mar 8, 2026 at 9:00 AM"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a scheduled post shows Edit; the edited text is what its reminder carries", async () => {
    clock.set("2026-03-03T20:00:00Z");
    const account = await signUpSubscriber(suite.app.url, { timezone: "America/Los_Angeles" });
    const created = await account.client.json("POST", "/api/posts", { content: "Three things we stoped doing.\n\nThe first was the weekly status email." });
    const when = new Date(clock.now().getTime() + 60 * 60_000).toISOString();
    expect((await account.client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime: when, status: "scheduled" })).status).toBe(200);

    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/posts");
    await waitForIslands(page);
    await openPostsTab(page, "Scheduled");
    await page.locator("article").first().getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Post" });
    const text = dialog.getByRole("textbox").first();
    await text.fill("Three things we stopped doing.\n\nThe first was the weekly status email.");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toastOf(page).filter({ hasText: "Post updated" }).waitFor();
    // Still scheduled, at the same time.
    const [row] = await suite.app.database.db.select().from(posts).where(eq(posts.id, created.body.id));
    expect([row!.status, row!.scheduledTime!.toISOString(), row!.content.split("\n")[0]]).toEqual(["scheduled", when, "Three things we stopped doing."]);
    expect(await page.getByRole("tab", { name: /Scheduled/, selected: true }).count()).toBe(1);

    clock.advance(60 * 60_000);
    while (await suite.app.queue.runOnce());
    const [mail] = await suite.app.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, account.user.email), eq(emailOutbox.kind, "post-reminder")));
    expect(mail!.text).toContain("Three things we stopped doing.");
    expect(mail!.text).not.toContain("stoped");
    expect(errors).toEqual([]);
    await context.close();
  });
});
