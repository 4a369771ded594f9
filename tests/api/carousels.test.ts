import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { carousels, posts } from "../../db/schema";
import { MAX_SLIDE_TITLE_CHARS, type Slide } from "../../src/shared/carousel";
import { signUp, signUpSubscriber } from "../support/api-client";
import { readArticle } from "../support/corpus";
import { LENIENT_LIMITS } from "../support/suite";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * A post's carousel through a started app (issue 25): made by the local strategist from a saved
 * post of a plan, edited, refused when bad (and then unchanged), downloaded as a PDF, exported
 * and deleted with its post; another user's post is a 404.
 */

let app: TestApp;
let article: string;
beforeAll(async () => {
  app = await startTestApp({ queue: { pollIntervalMs: 20, backoffMs: () => 0 }, rateLimits: LENIENT_LIMITS });
  article = await readArticle("r5-bulleted-lessons.md");
});
afterAll(async () => {
  await app.close();
});

/** A subscriber with the plan's posts saved as drafts; the first is the list post. */
async function withSavedPost() {
  const account = await signUpSubscriber(app.url, { name: "Priya Raman" });
  const generated = await account.client.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
  expect(generated.status).toBe(200);
  const saved = await account.client.json("POST", `/api/sources/${generated.body.sourceId}/drafts`, { posts: generated.body.posts.slice(0, 2) });
  expect(saved.status).toBe(201);
  return { ...account, post: saved.body.saved[0] as { id: string; content: string; hook: string }, other: saved.body.saved[1] as { id: string } };
}

const stored = async (postId: string) => (await app.database.db.select().from(carousels).where(eq(carousels.postId, postId)))[0];

describe("a post's carousel", () => {
  test("Make a carousel answers 5-10 slides from the post (201), the editor's save bumps the version, a stale save is a 409, and a remake keeps the design (200)", async () => {
    const { client, post } = await withSavedPost();
    expect(await client.json("GET", `/api/posts/${post.id}/carousel`)).toEqual({ status: 200, body: { carousel: null } });

    const made = await client.json("POST", `/api/posts/${post.id}/carousel`);
    expect(made.status).toBe(201);
    const carousel = made.body.carousel;
    expect(carousel.slides.length).toBeGreaterThanOrEqual(5);
    expect(carousel.slides.length).toBeLessThanOrEqual(10);
    expect(carousel.slides[0]).toEqual({ kind: "cover", title: post.hook, body: "" });
    expect(carousel.slides.at(-1).body).toBe("Follow Priya Raman for more like this.");
    expect(carousel).toMatchObject({
      postId: post.id,
      version: 1,
      postChanged: false,
      author: { name: "Priya Raman", handle: "" },
      design: { theme: "light", size: "portrait" },
    });

    const slides: Slide[] = carousel.slides.map((slide: Slide, i: number) => (i === 1 ? { ...slide, title: "Charge for the project, never the hour" } : slide));
    const design = { theme: "brand", size: "square", brandBackground: "#1D4ED8", brandText: "#FFFFFF" };
    const saved = await client.json("PUT", `/api/posts/${post.id}/carousel`, { slides, design, author: carousel.author, version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.carousel.version).toBe(2);
    expect(saved.body.carousel.slides[1].title).toBe("Charge for the project, never the hour");
    // Colours are stored as the API reads them back: lower case.
    expect(saved.body.carousel.design).toEqual({ theme: "brand", size: "square", brandBackground: "#1d4ed8", brandText: "#ffffff" });

    const stale = await client.json("PUT", `/api/posts/${post.id}/carousel`, { slides, design, author: carousel.author, version: 1 });
    expect(stale).toEqual({ status: 409, body: { message: "This carousel was changed in another window: reload it to see the latest version." } });

    const remade = await client.json("POST", `/api/posts/${post.id}/carousel`);
    expect(remade.status).toBe(200);
    expect(remade.body.carousel.version).toBe(3);
    expect(remade.body.carousel.design.theme).toBe("brand");
    expect(remade.body.carousel.slides[1].title).not.toBe("Charge for the project, never the hour");
  });

  test("a slide over its length, 0 or 21 slides, brand colours that fail the contrast check and a missing version are 400s that change nothing", async () => {
    const { client, post } = await withSavedPost();
    const { body } = await client.json("POST", `/api/posts/${post.id}/carousel`);
    const good = { slides: body.carousel.slides as Slide[], design: body.carousel.design, author: body.carousel.author, version: 1 };
    const before = await stored(post.id);
    const cases: [unknown, string][] = [
      [
        { ...good, slides: good.slides.map((s, i) => (i === 2 ? { ...s, title: "x".repeat(MAX_SLIDE_TITLE_CHARS + 1) } : s)) },
        `A slide's title must be at most ${MAX_SLIDE_TITLE_CHARS} characters (the cover's, 150)`,
      ],
      [{ ...good, slides: good.slides.map((s, i) => (i === 2 ? { ...s, body: "y".repeat(221) } : s)) }, "A slide's text must be at most 220 characters"],
      [{ ...good, slides: [] }, "A carousel needs at least one slide"],
      [{ ...good, slides: Array.from({ length: 21 }, () => good.slides[1]) }, "A carousel has at most 20 slides"],
      [
        { ...good, design: { ...good.design, theme: "brand", brandBackground: "#fde047", brandText: "#ffffff" } },
        "The brand colours are too close to read: the text needs a contrast of at least 4.5:1 with the background",
      ],
      [{ ...good, design: { ...good.design, brandBackground: "blue" } }, "Colours must be written #RRGGBB"],
      [{ slides: good.slides, design: good.design, author: good.author }, "Version is required."],
    ];
    for (const [bad, message] of cases) {
      const response = await client.json("PUT", `/api/posts/${post.id}/carousel`, bad);
      expect([response.status, response.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect(await stored(post.id)).toEqual(before);
  });

  test("another user's post is a 404 for every carousel call, signed out is a 401, and without a live subscription making one is a 403", async () => {
    const { client, post } = await withSavedPost();
    const { body } = await client.json("POST", `/api/posts/${post.id}/carousel`);
    const intruder = await signUpSubscriber(app.url);
    const valid = { slides: body.carousel.slides, design: body.carousel.design, author: body.carousel.author, version: 1 };
    expect((await intruder.client.json("GET", `/api/posts/${post.id}/carousel`)).status).toBe(404);
    expect((await intruder.client.json("POST", `/api/posts/${post.id}/carousel`)).status).toBe(404);
    expect((await intruder.client.json("PUT", `/api/posts/${post.id}/carousel`, valid)).status).toBe(404);
    expect((await intruder.client.request("GET", `/api/posts/${post.id}/carousel.pdf`)).status).toBe(404);
    expect((await intruder.client.json("GET", "/api/posts/not-a-uuid/carousel")).status).toBe(404);
    expect((await stored(post.id))!.version).toBe(1);

    const signedOut = await fetch(`${app.url}/api/posts/${post.id}/carousel`);
    expect(signedOut.status).toBe(401);
    const unpaid = await signUp(app.url);
    const refused = await unpaid.client.json("POST", `/api/posts/${post.id}/carousel`);
    expect(refused.status).toBe(403);
  });

  test("the PDF has one page per slide at the design's size, its slides' text, and a file name from the cover", async () => {
    const { client, post } = await withSavedPost();
    const { body } = await client.json("POST", `/api/posts/${post.id}/carousel`);
    const response = await client.request("GET", `/api/posts/${post.id}/carousel.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = new TextDecoder("latin1").decode(bytes);
    expect(text.match(/\/Type \/Page\b/g)?.length).toBe(body.carousel.slides.length);
    expect(text).toContain("/MediaBox [0 0 1080 1350]");
  });

  test("an edit of the post marks the carousel as made from an older text; the export carries it; deleting the post deletes it", async () => {
    const { client, post, other } = await withSavedPost();
    await client.json("POST", `/api/posts/${post.id}/carousel`);
    expect((await client.json("PATCH", `/api/posts/${post.id}`, { content: `${post.content}\n\nOne more line.` })).status).toBe(200);
    expect((await client.json("GET", `/api/posts/${post.id}/carousel`)).body.carousel.postChanged).toBe(true);

    const exported = await client.json("GET", "/api/user/export");
    const withCarousel = exported.body.posts.find((p: { id: string }) => p.id === post.id);
    expect(withCarousel.carousel.version).toBe(1);
    expect(withCarousel.carousel.slides.length).toBeGreaterThanOrEqual(5);
    expect(exported.body.posts.find((p: { id: string }) => p.id === other.id).carousel).toBeNull();

    expect((await client.json("DELETE", `/api/posts/${post.id}`)).status).toBe(200);
    expect(await stored(post.id)).toBeUndefined();
    expect(await app.database.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
  });
});
