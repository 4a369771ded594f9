import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emailOutbox, jobs } from "../../db/schema";
import { CAROUSEL_ATTACH_NOTE } from "../../src/shared/linkedin-composer";
import type { ApiClient } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { appWithTwoSubscribers } from "../support/suite";

/**
 * Posting a carousel by hand (issue 25): the reminder email of a post with a carousel says how
 * to attach it in LinkedIn's composer and links its PDF; the email's landing page (signed out,
 * the link's token as the credential) offers the same download. A post without one offers none.
 */

const START = "2026-03-02T09:00:00Z";
const MINUTE = 60_000;
const clock = new ManualClock(START);
const suite = appWithTwoSubscribers({
  clock,
  runJobs: false,
  start: START,
  reset: async (app) => {
    await app.database.db.delete(emailOutbox);
    await app.database.db.delete(jobs);
  },
});

const LIST_POST = [
  "Five things year one of consulting taught me.",
  "→ Your first clients come from people who already trust you.",
  "→ Charge by the project, not the hour.",
  "→ Write the scope down, even with friends.",
  "→ Get paid upfront, at least partly.",
  "→ Say no to the wrong work early.",
].join("\n\n");

async function remindedPost(client: ApiClient, withCarousel: boolean): Promise<{ text: string; token: string }> {
  const created = await client.json("POST", "/api/posts", { content: LIST_POST });
  if (withCarousel) expect((await client.json("POST", `/api/posts/${created.body.id}/carousel`)).status).toBe(201);
  const scheduled = await client.json("PATCH", `/api/posts/${created.body.id}`, {
    scheduledTime: new Date(clock.now().getTime() + MINUTE).toISOString(),
    status: "scheduled",
  });
  expect(scheduled.body.publishMode).toBe("remind");
  clock.advance(MINUTE);
  while (await suite.app.queue.runOnce());
  const [mail] = await suite.app.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "post-reminder"));
  const token = mail!.text.match(/\/posted\/([A-Za-z0-9_-]+)/)![1]!;
  return { text: mail!.text, token };
}

describe("a reminded post with a carousel", () => {
  test("the email says how to attach it and links the PDF; the landing page offers it too, signed out", async () => {
    const { text, token } = await remindedPost(suite.ada.client, true);
    expect(text).toContain(CAROUSEL_ATTACH_NOTE);
    expect(text).toContain(`${suite.app.url}/posted/${token}/carousel.pdf`);

    const pdf = await fetch(`${suite.app.url}/posted/${token}/carousel.pdf`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const page = await (await fetch(`${suite.app.url}/posted/${token}`)).text();
    expect(page).toContain(CAROUSEL_ATTACH_NOTE.replaceAll("'", "&#x27;"));
    expect(page).toContain(`href="/posted/${token}/carousel.pdf"`);
  });

  test("a post without a carousel: no note, no download; a made-up token gets nothing", async () => {
    const { text, token } = await remindedPost(suite.bob.client, false);
    expect(text).not.toContain("carousel");
    expect((await fetch(`${suite.app.url}/posted/${token}/carousel.pdf`)).status).toBe(404);
    expect(await (await fetch(`${suite.app.url}/posted/${token}`)).text()).not.toContain("carousel.pdf");
    expect((await fetch(`${suite.app.url}/posted/${"x".repeat(43)}/carousel.pdf`)).status).toBe(404);
  });
});
