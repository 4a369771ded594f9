import { Elysia } from "elysia";
import { parseInput } from "../http-error";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import { type CarouselService, carouselSaveSchema } from "../services/carousels";
import type { RateLimiter } from "../services/rate-limits";
import { REWRITE_COST } from "./rewrite";
import { PREVIEW_FONT_FILES } from "../services/carousels/fonts";

type Deps = { session: ReturnType<typeof sessionPlugin>; carousels: CarouselService; limiter: RateLimiter };

/**
 * A post's carousel (issue 25): read it, make it (the strategist, from the post and its
 * article), save the editor's changes, and download the PDF. The signed-in user's posts only.
 */
export function carouselRoutes({ session, carousels, limiter }: Deps) {
  return new Elysia({ name: "routes/carousels" })
    .use(session)
    .get("/api/posts/:id/carousel", async ({ params, requireUser }) => json(200, { carousel: await carousels.get((await requireUser()).id, params.id) }))
    .post("/api/posts/:id/carousel", async ({ params, requireUser }) => {
      const user = await requireUser();
      // Asking the strategist for slides costs about what a rewrite does, on the same hourly budget.
      await limiter.hit(user.id, "You have generated and rewritten a lot of posts in the last hour. Please wait a little and try again.", REWRITE_COST);
      const { carousel, created } = await carousels.make(user, params.id);
      return json(created ? 201 : 200, { carousel });
    })
    .put("/api/posts/:id/carousel", async ({ params, body, requireUser }) => {
      const user = await requireUser();
      return json(200, { carousel: await carousels.save(user, params.id, parseInput(carouselSaveSchema, body)) });
    })
    // The PDF's own Latin fonts, for the editor's preview: the same files, so lines break alike.
    .get("/fonts/:file", async ({ params }) => {
      const path = PREVIEW_FONT_FILES[params.file as keyof typeof PREVIEW_FONT_FILES];
      if (!path) return json(404, { message: "No such font." });
      return new Response(Bun.file(path), { headers: { "content-type": "font/woff", "cache-control": "public, max-age=31536000, immutable" } });
    })
    .get("/api/posts/:id/carousel.pdf", async ({ params, requireUser }) => {
      const { bytes, fileName } = await carousels.pdf((await requireUser()).id, params.id);
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" },
      });
    });
}
