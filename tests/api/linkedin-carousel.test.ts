import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { carousels } from "../../db/schema";
import { createLogger } from "../../src/logger";
import { escapeLittleText } from "../../src/providers/linkedin";
import { type ApiClient, signUpSubscriber } from "../support/api-client";
import { eventually } from "../support/eventually";
import type { FakeLinkedin } from "../support/fake-linkedin";
import { connectLinkedin, startLinkedinTestApp } from "../support/linkedin-app";
import { ManualClock } from "../support/manual-clock";
import type { TestApp } from "../support/test-app";

/**
 * Publishing a post with its carousel (issue 25) against the fake LinkedIn's Documents API:
 * the PDF uploaded (initializeUpload, then the upload), published as a document post
 * (content.media {id, title}) with the exact text once LinkedIn has processed it; a refused
 * upload fails the post with LinkedIn's reason; a document still processing is waited for; a
 * retry reuses the uploaded document and never posts twice.
 */

const START = "2026-10-05T09:00:00Z";
const HOUR = 60 * 60_000;
const clock = new ManualClock(START);
let app: TestApp;
let fake: FakeLinkedin;

beforeAll(async () => {
  ({ app, fake } = await startLinkedinTestApp({ clock, logger: createLogger("silent"), queue: { pollIntervalMs: 10 } }));
});
afterAll(async () => {
  await app.close();
  await fake.stop();
});
beforeEach(() => {
  clock.set(START);
  fake.posts.length = 0;
  fake.requests.length = 0;
  fake.documents.length = 0;
  fake.processDocumentsAfter(0);
});

/** A list post: enough points for a carousel on its own (no article). */
const LIST_POST = [
  "Five things year one of consulting taught me (with the numbers).",
  "→ Your first clients come from people who already trust you. All three of mine were former colleagues.",
  "→ Charge by the project, not the hour. Fixed fees took my rate from $150 to about $260 an hour.",
  "→ Write the scope down, even with friends. My worst project ran 11 weeks instead of 4.",
  "→ Get paid upfront, at least partly. I now take 50% at signing.",
  "→ Say no to the wrong work early. The person I referred a $30k project to sent me two clients.",
  "#Consulting",
].join("\n\n");

async function scheduledWithCarousel(): Promise<{ client: ApiClient; id: string; cover: string; slides: number }> {
  const { client } = await signUpSubscriber(app.url, { name: "Ada Lovelace" });
  const { callback } = await connectLinkedin(app, client);
  expect(callback.status).toBe(303);
  const created = await client.json("POST", "/api/posts", { content: LIST_POST });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const made = await client.json("POST", `/api/posts/${id}/carousel`);
  expect(made.status).toBe(201);
  const scheduled = await client.json("PATCH", `/api/posts/${id}`, {
    scheduledTime: new Date(clock.now().getTime() + HOUR).toISOString(),
    status: "scheduled",
  });
  expect([scheduled.status, scheduled.body.publishMode]).toEqual([200, "auto"]);
  return { client, id, cover: made.body.carousel.slides[0].title, slides: made.body.carousel.slides.length };
}

const postOf = async (client: ApiClient, id: string) => (await client.json("GET", `/api/posts/${id}`)).body;
const settled = (client: ApiClient, id: string, status: string) =>
  eventually(async () => {
    const post = await postOf(client, id);
    return post.status === status ? post : undefined;
  });
const idle = () => eventually(async () => ((await app.queue.idle()) ? true : undefined));
const calls = (endpoint: string) => fake.requests.filter((request) => request.endpoint === endpoint);

describe("publishing a post with its carousel", () => {
  test("the PDF is uploaded, then the post goes out as a document post with the exact text and the cover as the document's title", async () => {
    const { client, id, cover, slides } = await scheduledWithCarousel();
    clock.advance(HOUR);
    const posted = await settled(client, id, "posted");

    expect(fake.posts).toHaveLength(1);
    const [published] = fake.posts;
    expect(published!.commentary).toBe(escapeLittleText(LIST_POST));
    expect(published!.displayed).toBe(LIST_POST);
    expect(published!.body.content).toEqual({ media: { title: cover, id: fake.documents[0]!.urn } });
    expect(posted.linkedinPostUrn).toBe(published!.urn);
    // initializeUpload names the member as the owner; the upload carries the PDF, one page per slide.
    expect(JSON.parse(calls("initializeUpload")[0]!.body)).toEqual({ initializeUploadRequest: { owner: fake.personUrn } });
    expect(calls("initializeUpload")[0]!.headers["linkedin-version"]).toBe("202603");
    const pdf = new TextDecoder("latin1").decode(fake.documents[0]!.bytes!);
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(slides);
    expect(
      fake.requests.map((request) => request.endpoint).filter((endpoint) => endpoint !== "userinfo" && endpoint !== "token" && endpoint !== "authorize"),
    ).toEqual(["initializeUpload", "upload", "document", "publish"]);
  });

  test("a refused upload fails the post with LinkedIn's reason and publishes nothing", async () => {
    const { client, id } = await scheduledWithCarousel();
    fake.failNext("initializeUpload", 403, { message: "Accessing this document resource is forbidden. Please check your permissions for this resource" });
    clock.advance(HOUR);
    const failed = await settled(client, id, "failed");
    expect(failed.failureReason).toBe(
      "LinkedIn refused the post (LinkedIn said: Accessing this document resource is forbidden. Please check your permissions for this resource).",
    );
    expect(fake.posts).toHaveLength(0);
    expect(calls("publish")).toHaveLength(0);
  });

  test("a document LinkedIn is still processing is waited for: the next run posts it once, without uploading again", async () => {
    const { client, id } = await scheduledWithCarousel();
    fake.processDocumentsAfter(1);
    clock.advance(HOUR);
    await eventually(async () => (calls("document").length === 1 ? true : undefined));
    await idle();
    expect((await postOf(client, id)).status).toBe("scheduled");
    expect(fake.posts).toHaveLength(0);
    clock.advance(10 * 60_000);
    await settled(client, id, "posted");
    expect(fake.posts).toHaveLength(1);
    expect(calls("initializeUpload")).toHaveLength(1);
    expect(calls("upload")).toHaveLength(1);
    expect(calls("document")).toHaveLength(2);
  });

  test("a publish that fails after the upload is retried with the same document and posts once", async () => {
    const { client, id } = await scheduledWithCarousel();
    fake.failNext("publish", 500);
    clock.advance(HOUR);
    await eventually(async () => (calls("publish").length === 1 ? true : undefined));
    await idle();
    expect((await postOf(client, id)).status).toBe("scheduled");
    const [stored] = await app.database.db.select().from(carousels).where(eq(carousels.postId, id));
    expect(stored!.linkedinDocumentUrn).toBe(fake.documents[0]!.urn);
    clock.advance(10 * 60_000);
    await settled(client, id, "posted");
    expect(fake.posts).toHaveLength(1);
    expect(fake.documents).toHaveLength(1);
    expect(calls("upload")).toHaveLength(1);
    expect(calls("publish")).toHaveLength(2);
  });

  test("a PDF LinkedIn cannot process fails the post; Retry uploads it again and posts once", async () => {
    const { client, id } = await scheduledWithCarousel();
    fake.failNextDocumentProcessing();
    clock.advance(HOUR);
    const failed = await settled(client, id, "failed");
    expect(failed.failureReason).toBe(
      "LinkedIn could not process the carousel's PDF, so the post was not published. Retry to upload it again, or post it yourself with the PDF.",
    );
    expect(fake.posts).toHaveLength(0);
    expect((await client.json("POST", `/api/posts/${id}/retry`)).status).toBe(200);
    await settled(client, id, "posted");
    expect(fake.documents).toHaveLength(2);
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]!.body.content).toEqual({ media: { title: expect.any(String), id: fake.documents[1]!.urn } });
  });
});
