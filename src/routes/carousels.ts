import { Elysia } from "elysia";
import { parseInput } from "../http-error";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import { type CarouselService, carouselSaveSchema } from "../services/carousels";
import type { RateLimiter } from "../services/rate-limits";
import { REWRITE_COST } from "./rewrite";
import { PREVIEW_FONT_FILES } from "../services/carousels/fonts";
import { documented } from "./api-operation";
import { carouselResponse } from "./api-responses";

type Deps = { session: ReturnType<typeof sessionPlugin>; carousels: CarouselService; limiter: RateLimiter };

/**
 * A post's carousel (issue 25): read it, make it (the strategist, from the post and its
 * article), save the editor's changes, and download the PDF. The signed-in user's posts only.
 */
export function carouselRoutes({ session, carousels, limiter }: Deps) {
  return (
    new Elysia({ name: "routes/carousels" })
      .use(session)
      .get(
        "/api/posts/:id/carousel",
        async ({ params, requireUser }) => json(200, { carousel: await carousels.get((await requireUser()).id, params.id) }),
        documented({
          operationId: "getCarousel",
          summary: "A post's carousel (null until one is made)",
          access: "session",
          ok: { 200: carouselResponse },
          errors: [404],
        }),
      )
      .post(
        "/api/posts/:id/carousel",
        async ({ params, requireUser }) => {
          const user = await requireUser();
          // Asking the strategist for slides costs about what a rewrite does, on the same hourly budget.
          await limiter.hit(user.id, "You have generated and rewritten a lot of posts in the last hour. Please wait a little and try again.", REWRITE_COST);
          const { carousel, created } = await carousels.make(user, params.id);
          return json(created ? 201 : 200, { carousel });
        },
        documented({
          operationId: "makeCarousel",
          summary: "Make a carousel: 5-10 slides from the post and its article (201; 200 when it replaces the slides of one already made, keeping its design)",
          access: "subscriber",
          ok: { 201: carouselResponse, 200: carouselResponse },
          errors: [404, 422, 429, 502],
        }),
      )
      .put(
        "/api/posts/:id/carousel",
        async ({ params, body, requireUser }) => {
          const user = await requireUser();
          return json(200, { carousel: await carousels.save(user, params.id, parseInput(carouselSaveSchema, body)) });
        },
        documented({
          operationId: "saveCarousel",
          summary: "Save the editor's slides (1-20), design (light, dark or brand colours with a 4.5:1 contrast) and byline over the version edited",
          access: "subscriber",
          body: carouselSaveSchema,
          ok: { 200: carouselResponse },
          errors: [404, 409],
        }),
      )
      // The PDF's own Latin fonts, for the editor's preview: the same files, so lines break alike.
      .get("/fonts/:file", async ({ params }) => {
        const path = PREVIEW_FONT_FILES[params.file as keyof typeof PREVIEW_FONT_FILES];
        if (!path) return json(404, { message: "No such font." });
        return new Response(Bun.file(path), { headers: { "content-type": "font/woff", "cache-control": "public, max-age=31536000, immutable" } });
      })
      .get(
        "/api/posts/:id/carousel.pdf",
        async ({ params, requireUser }) => {
          const { bytes, fileName } = await carousels.pdf((await requireUser()).id, params.id);
          return new Response(bytes as Uint8Array<ArrayBuffer>, {
            headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" },
          });
        },
        documented({
          operationId: "downloadCarouselPdf",
          summary: "The carousel as the PDF LinkedIn gets, one page per slide",
          access: "session",
          ok: { 200: "pdf" },
          errors: [404],
        }),
      )
  );
}
