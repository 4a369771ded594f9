import { Elysia } from "elysia";
import type { Site } from "../../views/site";
import { renderDocument } from "../../views/document";
import { MarkPostedPage, markPostedMeta } from "../../views/pages/mark-posted";
import * as v from "valibot";
import { json } from "../plugins/errors";
import { linkedinUrlSchema } from "../services/posts";
import type { sessionPlugin } from "../plugins/session";
import type { CalendarFeedService } from "../services/calendar-feed";
import { type MarkPostedLink, type RemindersService, reminderSettingsSchema } from "../services/reminders";
import type { CarouselService } from "../services/carousels";
import { htmlPage } from "./responses";
import { documented } from "./api-operation";
import * as r from "./api-responses";
import { parseInput } from "../http-error";

type Deps = {
  session: ReturnType<typeof sessionPlugin>;
  site: Site;
  reminders: RemindersService;
  calendarFeed: CalendarFeedService;
  carousels: Pick<CarouselService, "pdfOfPost" | "exists">;
};

/** A link that names nothing answers 404, one spent or expired 410; the page explains either way. */
const STATUS: Record<MarkPostedLink["state"], number> = { valid: 200, done: 200, closed: 200, inactive: 403, used: 410, expired: 410, invalid: 404 };

/**
 * The posting assistant: reminder settings; the reminder email's Mark as posted link (GET shows
 * a confirmation page, POST, its button, marks the post as posted); the private calendar feed.
 */
export function postingAssistantRoutes({ session, site, reminders, calendarFeed, carousels }: Deps) {
  const page = async (link: MarkPostedLink, token: string, failure?: string) => {
    // A post with a carousel: the page offers its PDF (the link's token is the credential, as for the page).
    const carouselUrl = link.state === "valid" && (await carousels.exists(link.post.id)) ? `/posted/${encodeURIComponent(token)}/carousel.pdf` : undefined;
    return htmlPage(
      renderDocument(
        <MarkPostedPage link={link} action={`/posted/${encodeURIComponent(token)}`} failure={failure} carouselUrl={carouselUrl} />,
        markPostedMeta(site.productName),
        site,
      ),
      {
        status: failure ? 400 : STATUS[link.state],
        // The token is in the address: no cache keeps the page, and no other site gets it as a referrer
        // (same-origin, not no-referrer: with no-referrer the form POST would carry Origin: null).
        headers: { "referrer-policy": "same-origin" },
      },
    );
  };

  return (
    new Elysia({ name: "routes/posting-assistant" })
      .use(session)
      .patch(
        "/api/user/reminders",
        async ({ body, requireUser }) => {
          const user = await requireUser();
          return json(200, await reminders.updateSettings(user.id, parseInput(reminderSettingsSchema, body)));
        },
        documented({
          operationId: "updateReminderSettings",
          summary: "Reminder emails on or off, and how long before the time",
          access: "session",
          body: reminderSettingsSchema,
          ok: { 200: r.reminderSettingsResponse },
          errors: [400],
        }),
      )
      .get("/posted/:token", async ({ params }) => page(await reminders.inspectMarkPosted(params.token), params.token))
      .get("/posted/:token/carousel.pdf", async ({ params }) => {
        const link = await reminders.inspectMarkPosted(params.token);
        const pdf = link.state === "valid" ? await carousels.pdfOfPost(link.post.id) : undefined;
        if (!pdf)
          return new Response("This carousel is not available from this link. Open the post in the app to download it.", {
            status: 404,
            headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
          });
        return new Response(pdf.bytes as Uint8Array<ArrayBuffer>, {
          headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${pdf.fileName}"`, "cache-control": "no-store" },
        });
      })
      .post(
        "/posted/:token",
        async ({ params, body, request }) => {
          // A plain form post (urlencoded); anything else carries no address, which is allowed.
          const isForm = request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded");
          const form = isForm && typeof body === "string" ? new URLSearchParams(body) : new URLSearchParams();
          const linkedinUrl = v.safeParse(linkedinUrlSchema, form.get("linkedinUrl") ?? "");
          if (!linkedinUrl.success)
            return page(
              await reminders.inspectMarkPosted(params.token),
              params.token,
              linkedinUrl.issues[0].message.replace("linkedinUrl must be", "The LinkedIn post URL must be"),
            );
          return page(await reminders.confirmMarkPosted(params.token, linkedinUrl.output ?? null), params.token);
        },
        { parse: "text" },
      )
      // Calendars fetch this without cookies; the address is the credential.
      .get("/calendar-feed/:file", async ({ params }) => {
        const ics = params.file.endsWith(".ics") ? await calendarFeed.render(params.file.slice(0, -4)) : undefined;
        if (ics === undefined) {
          return new Response("This calendar feed does not exist. Copy the current address from Settings.", {
            status: 404,
            headers: { "content-type": "text/plain;charset=utf-8", "cache-control": "no-store" },
          });
        }
        return new Response(ics, {
          headers: {
            "content-type": "text/calendar;charset=utf-8",
            "content-disposition": 'inline; filename="posts.ics"',
            "cache-control": "private, no-store",
            "referrer-policy": "no-referrer",
          },
        });
      })
      .post(
        "/api/user/calendar-feed",
        async ({ requireUser }) => json(200, { calendarFeedUrl: await calendarFeed.regenerate((await requireUser()).id) }),
        documented({
          operationId: "renewCalendarFeed",
          summary: "Issue a new private calendar feed address (the old one stops working)",
          access: "session",
          ok: { 200: r.calendarFeedResponse },
        }),
      )
  );
}
