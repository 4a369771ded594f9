import { describe, expect, test } from "bun:test";
import { posts } from "../../db/schema";
import { signUpSubscriber } from "../support/api-client";
import { openSignedIn } from "../support/browser";
import { appAndBrowser } from "../support/suite";
import { ManualClock } from "../support/manual-clock";

/** The dashboard's "How did it do?" and "Your best times" in Chromium. */

const clock = new ManualClock("2026-03-30T09:00:00Z");
const suite = appAndBrowser({ clock, runJobs: false });

async function subscriber() {
  return signUpSubscriber(suite.app.url, { timezone: "Europe/London" });
}

async function posted(userId: string, content: string, postedAt: string, results?: { impressions: number; reactions: number; comments: number }) {
  const [row] = await suite.app.database.db
    .insert(posts)
    .values({
      userId,
      content,
      status: "posted",
      postedAt: new Date(postedAt),
      linkedinUrl: "https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000000/",
      ...(results ? { ...results, resultsRecordedAt: new Date(postedAt) } : {}),
    })
    .returning({ id: posts.id });
  return row!.id;
}

describe("results on the dashboard", () => {
  test("a post out for two days is asked about; Save records the numbers, Skip stops the asking", async () => {
    const account = await subscriber();
    const saved = await posted(account.user.id, "Three things we stopped doing.\nThe first was the status email.", "2026-03-27T09:00:00Z");
    const skipped = await posted(account.user.id, "Why we hire for taste.\nAnd how we test it.", "2026-03-26T09:00:00Z");
    await posted(account.user.id, "Posted yesterday: not asked yet.", "2026-03-29T09:00:00Z");

    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/dashboard", {
      viewport: { width: 375, height: 900 },
    });
    const card = page.getByRole("region", { name: "How did it do?" });
    await card.waitFor();
    expect(await card.locator("[data-results-for]").count()).toBe(2);
    expect(await card.getByText("Posted yesterday").count()).toBe(0);
    const row = card.locator(`[data-results-for="${saved}"]`);
    expect(await row.getByRole("link", { name: "Open on LinkedIn" }).getAttribute("href")).toBe(
      "https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000000/",
    );

    // Not a number: explained, nothing sent.
    await row.getByLabel("Impressions").fill("lots");
    await row.getByRole("button", { name: "Save" }).click();
    await row.getByRole("alert").waitFor();

    await row.getByLabel("Impressions").fill("1500");
    await row.getByLabel("Reactions").fill("42");
    await row.getByLabel("Comments").fill("9");
    await row.getByRole("button", { name: "Save" }).click();
    await row.waitFor({ state: "detached" });
    expect((await account.client.json("GET", `/api/posts/${saved}`)).body).toMatchObject({ impressions: 1500, reactions: 42, comments: 9 });

    await card.locator(`[data-results-for="${skipped}"]`).getByRole("button", { name: "Skip" }).click();
    await card.getByText("All caught up.").waitFor();
    expect((await account.client.json("GET", `/api/posts/${skipped}`)).body.resultsSkippedAt).not.toBeNull();

    await page.reload();
    expect(await page.getByRole("region", { name: "How did it do?" }).count()).toBe(0);
    expect(await page.locator("[data-best-times=learning]").textContent()).toContain("Add results for 7 more posts to see your best times.");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("with results on 8 posts, Your best times names the day that stands out", async () => {
    const account = await subscriber();
    for (const date of ["2026-03-05", "2026-03-12", "2026-03-19", "2026-03-26"])
      await posted(account.user.id, "Thursday evening post", `${date}T18:00:00Z`, { impressions: 1000, reactions: 40, comments: 10 });
    for (const date of ["2026-03-03", "2026-03-04", "2026-03-10", "2026-03-11"])
      await posted(account.user.id, "Morning post", `${date}T09:00:00Z`, { impressions: 1000, reactions: 10, comments: 0 });
    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/dashboard");
    const best = page.locator("[data-best-times=learned] li");
    expect(await best.first().textContent()).toBe("Thursdays6.0x your other posts · 4 posts");
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/dashboard-best-times.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
