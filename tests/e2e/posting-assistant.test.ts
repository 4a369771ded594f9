import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { emailOutbox, posts } from "../../db/schema";
import { signUpSubscriber } from "../support/api-client";
import { collectPageErrors, openSignedIn, waitForIslands } from "../support/browser";
import { appAndBrowser } from "../support/suite";
import { ManualClock } from "../support/manual-clock";

/**
 * The posting assistant's reminders in Chromium: Settings → Reminders saves the choice, and the
 * reminder email's Mark as posted link, opened signed out as from a phone, marks the post.
 */

const clock = new ManualClock("2026-03-02T09:00:00Z");
const suite = appAndBrowser({ clock, runJobs: false });

const subscriber = () => signUpSubscriber(suite.app.url);

describe("posting assistant: reminders and calendar feed", () => {
  test("Settings → Reminders saves the lead and the switch, and they stay after a reload", async () => {
    const account = await subscriber();
    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/settings");
    const reminders = page.getByRole("region", { name: "Reminders" });
    const toggle = reminders.getByRole("checkbox", { name: /Email me when a scheduled post is due/ });
    await expect(toggle.isChecked()).resolves.toBe(true);

    await reminders.getByLabel("When to send it").selectOption({ label: "15 minutes before" });
    await page.getByText("Reminders saved").first().waitFor();
    expect((await account.client.json("GET", "/api/user")).body).toMatchObject({ remindersEnabled: true, reminderLeadMinutes: 15 });

    await toggle.uncheck();
    // The toast comes after the saved answer (an async waitForFunction predicate is not awaited by Playwright).
    await page.getByText("You will not get reminder emails.").first().waitFor();
    expect((await account.client.json("GET", "/api/user")).body).toMatchObject({ remindersEnabled: false, reminderLeadMinutes: 15 });
    expect(await reminders.getByLabel("When to send it").isDisabled()).toBe(true);

    await page.reload();
    await waitForIslands(page);
    expect(await page.getByRole("region", { name: "Reminders" }).getByRole("checkbox").isChecked()).toBe(false);
    expect(await page.getByRole("region", { name: "Reminders" }).getByLabel("When to send it").inputValue()).toBe("15");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the email's Mark as posted link opens a confirmation page; confirming marks the post as posted", async () => {
    const account = await subscriber();
    const created = await account.client.json("POST", "/api/posts", { content: "Three things we stopped doing.\n\nThe first was the weekly status email." });
    const when = new Date(clock.now().getTime() + 60_000).toISOString();
    await account.client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime: when, status: "scheduled" });
    clock.advance(60_000);
    while (await suite.app.queue.runOnce());
    const [mail] = await suite.app.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, account.user.email), eq(emailOutbox.kind, "post-reminder")));
    const link = mail!.text.match(/http:\/\/\S+\/posted\/[A-Za-z0-9_-]+/)![0];

    // Signed out, at phone width, as when the email is opened on a phone.
    const context = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(link);
    await page.getByRole("heading", { name: "Did you post it?" }).waitFor();
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/mark-posted-375.png`, fullPage: true });
    expect(await page.getByText("The first was the weekly status email.").isVisible()).toBe(true);
    const [row] = await suite.app.database.db.select().from(posts).where(eq(posts.id, created.body.id));
    expect(row!.status).toBe("scheduled");

    await page.getByRole("button", { name: "Yes, mark as posted" }).click();
    await page.getByRole("heading", { name: "Marked as posted" }).waitFor();
    const [after] = await suite.app.database.db.select().from(posts).where(eq(posts.id, created.body.id));
    expect(after!.status).toBe("posted");

    await page.goto(link);
    await page.getByRole("heading", { name: "This link has already been used" }).waitFor();
    expect(errors.filter((error) => !error.includes("410"))).toEqual([]);
    await context.close();
  });

  test("Settings → Calendar feed shows the private address; Regenerate, confirmed, replaces it and retires the old one", async () => {
    const account = await subscriber();
    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/settings", { clipboard: true });
    const card = page.getByRole("region", { name: "Calendar feed" });
    const address = card.getByLabel("Your private calendar address");
    const old = await address.inputValue();
    expect(old).toBe((await account.client.json("GET", "/api/user")).body.calendarFeedUrl);
    expect((await fetch(old)).status).toBe(200);
    expect(await card.getByRole("link", { name: "Subscribe in your calendar app" }).getAttribute("href")).toBe(old.replace("http:", "webcal:"));

    await card.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied!").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(old);

    await card.getByRole("button", { name: "Regenerate address" }).click();
    await page.getByRole("dialog", { name: "Regenerate the calendar address?" }).getByRole("button", { name: "Regenerate" }).click();
    await page.getByText("New calendar address").first().waitFor();
    const fresh = await address.inputValue();
    expect(fresh).not.toBe(old);
    expect((await fetch(old)).status).toBe(404);
    expect((await fetch(fresh)).status).toBe(200);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/settings-feed.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
