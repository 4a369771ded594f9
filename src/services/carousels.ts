import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { carousels, sources, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import { type Author, type CarouselInput, carouselInputSchema, DEFAULT_DESIGN, type Design, type Slide } from "../shared/carousel";
import { makeCarousel, type Strategist, StrategistError } from "../strategist";
import type { UserRow } from "./accounts";
import { requireLiveSubscription } from "./billing/subscription";
import { renderCarouselPdf } from "./carousels/render-pdf";
import { userPost } from "./posts/reads";

/**
 * A post's carousel (issue 25): made by the strategist from the post and its article, edited in
 * the editor, rendered as the PDF LinkedIn gets. One per post, its owner's only (another user's
 * post is a 404), deleted with the post by the schema's cascade; it uses no allowance
 * (PRODUCT.md "Carousels"), but every write needs a live subscription, as every write does.
 */

/** What the editor saves: the carousel, and the version it edited (a stale tab gets a 409). */
export const carouselSaveSchema = v.object({
  ...carouselInputSchema.entries,
  version: v.pipe(
    v.number("version must be the carousel's version number"),
    v.integer("version must be a whole number"),
    v.minValue(1, "version must be at least 1"),
  ),
});

export type CarouselSave = v.InferOutput<typeof carouselSaveSchema>;

export type CarouselView = {
  postId: string;
  slides: Slide[];
  design: Design;
  author: Author;
  version: number;
  /** The post has been edited since these slides were made or saved. */
  postChanged: boolean;
  updatedAt: string;
};

type CarouselRow = typeof carousels.$inferSelect;

export function carouselFields(row: CarouselRow, postContent: string): CarouselView {
  return {
    postId: row.postId,
    slides: row.slides as Slide[],
    design: row.design as Design,
    author: row.author as Author,
    version: row.version,
    postChanged: row.postContent !== postContent,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The byline drawn on every slide: the profile's name and LinkedIn handle. */
export function authorOf(user: Pick<UserRow, "name" | "linkedinHandle">): Author {
  return { name: user.name.slice(0, 80), handle: user.linkedinHandle ? `@${user.linkedinHandle}`.slice(0, 60) : "" };
}

/** A file name from the post's hook: letters and digits, at most 60 characters. */
export function pdfFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)
    .replace(/-$/, "");
  return `${slug || "carousel"}.pdf`;
}

export function createCarouselService(deps: { database: Database; strategist: Strategist; clock: Clock }) {
  const db = deps.database.db;

  const ownPost = (userId: string, postId: string) => userPost(deps.database, userId, postId);

  async function find(postId: string) {
    const [row] = await db.select().from(carousels).where(eq(carousels.postId, postId));
    return row;
  }

  /** The post's carousel, or null when none has been made. */
  async function get(userId: string, postId: string): Promise<CarouselView | null> {
    const post = await ownPost(userId, postId);
    const row = await find(post.id);
    return row ? carouselFields(row, post.content) : null;
  }

  /** "Make a carousel": new slides from the post as it reads now and its article; a remake keeps the design. */
  async function make(user: UserRow, postId: string): Promise<{ carousel: CarouselView; created: boolean }> {
    requireLiveSubscription(user, deps.clock.now());
    const post = await ownPost(user.id, postId);
    const [source] = post.sourceId ? await db.select({ contentText: sources.contentText }).from(sources).where(eq(sources.id, post.sourceId)) : [];
    const [profile] = await db.select({ name: users.name, linkedinHandle: users.linkedinHandle }).from(users).where(eq(users.id, user.id));
    const author = authorOf(profile ?? user);
    let slides: Slide[];
    try {
      slides = await makeCarousel(deps.strategist, { post: post.content, sourceText: source?.contentText ?? "", author });
    } catch (error) {
      if (error instanceof StrategistError) throw new HttpError(error.retryable ? 502 : 422, error.message);
      throw error;
    }
    const now = deps.clock.now();
    return db.transaction(async (tx) => {
      const [existing] = await tx.select().from(carousels).where(eq(carousels.postId, post.id)).for("update");
      if (existing) {
        const [row] = await tx
          .update(carousels)
          .set({ slides, author, version: existing.version + 1, postContent: post.content, updatedAt: now })
          .where(eq(carousels.id, existing.id))
          .returning();
        return { carousel: carouselFields(row!, post.content), created: false };
      }
      const [row] = await tx
        .insert(carousels)
        .values({ postId: post.id, userId: user.id, slides, design: DEFAULT_DESIGN, author, postContent: post.content, createdAt: now, updatedAt: now })
        .returning();
      return { carousel: carouselFields(row!, post.content), created: true };
    });
  }

  /** The editor's save: every slide, the design and the byline, over the version it edited. */
  async function save(user: UserRow, postId: string, input: CarouselSave): Promise<CarouselView> {
    requireLiveSubscription(user, deps.clock.now());
    const post = await ownPost(user.id, postId);
    return db.transaction(async (tx) => {
      const [existing] = await tx.select().from(carousels).where(eq(carousels.postId, post.id)).for("update");
      if (!existing) throw new HttpError(404, "This post has no carousel yet: make one first.");
      if (existing.version !== input.version) throw new HttpError(409, "This carousel was changed in another window: reload it to see the latest version.");
      const [row] = await tx
        .update(carousels)
        .set({
          slides: input.slides,
          design: input.design,
          author: input.author,
          version: existing.version + 1,
          postContent: post.content,
          updatedAt: deps.clock.now(),
        })
        .where(eq(carousels.id, existing.id))
        .returning();
      return carouselFields(row!, post.content);
    });
  }

  /** The PDF LinkedIn gets (and the user downloads). */
  async function pdf(userId: string, postId: string): Promise<{ bytes: Uint8Array; fileName: string }> {
    const post = await ownPost(userId, postId);
    const row = await find(post.id);
    if (!row) throw new HttpError(404, "This post has no carousel yet: make one first.");
    return renderStored(row, post.hook || post.content);
  }

  /** For the reminder's signed-out landing page, after its token was checked: the post's carousel PDF, if it has one. */
  async function pdfOfPost(postId: string): Promise<{ bytes: Uint8Array; fileName: string } | undefined> {
    const row = await find(postId);
    return row ? renderStored(row, "") : undefined;
  }

  const exists = async (postId: string) => (await find(postId)) !== undefined;

  return { get, make, save, pdf, pdfOfPost, exists };
}

/** A stored carousel as its PDF (publishing reads it this way too). */
export async function renderStored(row: Pick<CarouselRow, "slides" | "design" | "author">, title: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  const input: CarouselInput = { slides: row.slides as Slide[], design: row.design as Design, author: row.author as Author };
  const heading = input.slides[0]?.title ?? title;
  const bytes = await renderCarouselPdf({ title: heading, ...input });
  return { bytes, fileName: pdfFileName(heading) };
}

export type CarouselService = ReturnType<typeof createCarouselService>;
