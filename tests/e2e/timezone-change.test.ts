import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { posts } from "../../db/schema";
import { signUpSubscriber } from "../support/api-client";
import { openSignedIn, toastOf, waitForIslands } from "../support/browser";
import { ManualClock } from "../support/manual-clock";
import { appAndBrowser } from "../support/suite";

/**
 * Settings asks before a timezone change touches scheduled posts (issue 22): with two posts at
 * 8:15 AM London, moving to New York offers "Keep their times of day" (8:15 AM New York) and
 * "Keep the same moments" (3:15 AM New York), each with the soonest post as its example; Cancel
 * changes nothing.
 */

// Monday 2 March 2026, 09:00 UTC (GMT in London, EST in New York).
const clock = new ManualClock("2026-03-02T09:00:00Z");
const suite = appAndBrowser({ clock, runJobs: false });

async function londonerWithTwoPosts() {
  const account = await signUpSubscriber(suite.app.url, { timezone: "Europe/London", name: "Ada Lovelace" });
  const ids: string[] = [];
  for (const day of ["2026-03-04", "2026-03-05"]) {
    const created = await account.client.json("POST", "/api/posts", { content: `A post for ${day}.` });
    expect((await account.client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime: `${day}T08:15:00Z`, status: "scheduled" })).status).toBe(200);
    ids.push(created.body.id);
  }
  return { ...account, ids };
}
const times = async (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await suite.app.database.db.select().from(posts).where(eq(posts.id, id)))[0]!.scheduledTime!.toISOString()));

async function askToMove(cookie: string, width = 1280) {
  const opened = await openSignedIn(suite.browser, suite.app.url, cookie, "/settings", { viewport: { width, height: 900 } });
  await waitForIslands(opened.page);
  await opened.page.getByLabel("Timezone", { exact: true }).selectOption("America/New_York");
  await opened.page.getByRole("button", { name: "Save Changes" }).first().click();
  const dialog = opened.page.getByRole("dialog", { name: "Your scheduled posts" });
  await dialog.waitFor();
  return { ...opened, dialog };
}

describe("changing the timezone with scheduled posts", () => {
  test("Keep their times of day: 8:15 AM London becomes 8:15 AM New York; Cancel first changes nothing", async () => {
    const { client, ids } = await londonerWithTwoPosts();
    const { page, context, errors, dialog } = await askToMove(client.cookie);
    expect(await dialog.getByText("You have 2 scheduled posts. Moving from Europe/London to America/New York, when should they go out?").count()).toBe(1);
    expect(await dialog.getByText("Your next post: Mar 4, 2026 at 8:15 AM becomes Mar 4, 2026 at 8:15 AM in America/New York.").count()).toBe(1);
    expect(await dialog.getByText("Your next post: Mar 4, 2026 at 8:15 AM goes out at Mar 4, 2026 at 3:15 AM in America/New York.").count()).toBe(1);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/timezone-change-1280.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await client.json("GET", "/api/auth/me")).body.timezone).toBe("Europe/London");
    expect(await times(ids)).toEqual(["2026-03-04T08:15:00.000Z", "2026-03-05T08:15:00.000Z"]);

    await page.getByRole("button", { name: "Save Changes" }).first().click();
    await dialog.waitFor();
    await dialog.getByRole("radio", { name: /Keep their times of day/ }).check();
    await dialog.getByRole("button", { name: "Change timezone" }).click();
    await toastOf(page).filter({ hasText: "2 scheduled posts moved to their times of day in America/New York." }).waitFor();
    expect((await client.json("GET", "/api/auth/me")).body.timezone).toBe("America/New_York");
    expect(await times(ids)).toEqual(["2026-03-04T13:15:00.000Z", "2026-03-05T13:15:00.000Z"]);
    await page.goto(`${suite.app.url}/posts`);
    await waitForIslands(page);
    expect(await page.locator("[data-post-time]").allTextContents()).toEqual(["Mar 4, 2026 at 8:15 AM", "Mar 5, 2026 at 8:15 AM"]);
    expect(errors.filter((error) => !error.includes("409"))).toEqual([]);
    await context.close();
  });

  test("Keep the same moments: the posts stay at their instants, 3:15 AM in New York (at 375 px)", async () => {
    const { client, ids } = await londonerWithTwoPosts();
    const { page, context, errors, dialog } = await askToMove(client.cookie, 375);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/timezone-change-375.png` });
    await dialog.getByRole("radio", { name: /Keep the same moments/ }).check();
    await dialog.getByRole("button", { name: "Change timezone" }).click();
    await toastOf(page).filter({ hasText: "2 scheduled posts kept their moments." }).waitFor();
    expect((await client.json("GET", "/api/auth/me")).body.timezone).toBe("America/New_York");
    expect(await times(ids)).toEqual(["2026-03-04T08:15:00.000Z", "2026-03-05T08:15:00.000Z"]);
    await page.goto(`${suite.app.url}/posts`);
    await waitForIslands(page);
    expect(await page.locator("[data-post-time]").allTextContents()).toEqual(["Mar 4, 2026 at 3:15 AM", "Mar 5, 2026 at 3:15 AM"]);
    expect(errors.filter((error) => !error.includes("409"))).toEqual([]);
    await context.close();
  });
});
