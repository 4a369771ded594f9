import { Elysia } from "elysia";
import type { Site } from "../../views/site";
import { renderDocument } from "../../views/document";
import { MarkPostedPage, markPostedMeta } from "../../views/pages/mark-posted";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import type { MarkPostedLink, RemindersService } from "../services/reminders";

type Deps = { session: ReturnType<typeof sessionPlugin>; site: Site; reminders: RemindersService };

/** A link that names nothing answers 404, one spent or expired 410; the page explains either way. */
const STATUS: Record<MarkPostedLink["state"], number> = { valid: 200, done: 200, closed: 200, used: 410, expired: 410, invalid: 404 };

/**
 * The posting assistant's reminder settings, and the reminder email's Mark as posted link:
 * GET shows a confirmation page, POST (its button) marks the post as posted.
 */
export function reminderRoutes({ session, site, reminders }: Deps) {
  const page = (link: MarkPostedLink, token: string) =>
    new Response(renderDocument(<MarkPostedPage link={link} action={`/posted/${encodeURIComponent(token)}`} />, markPostedMeta(site.productName), site), {
      status: STATUS[link.state],
      // The token is in the address: no cache keeps the page, and no other site gets it as a referrer
      // (same-origin, not no-referrer: with no-referrer the form POST would carry Origin: null).
      headers: { "content-type": "text/html;charset=utf-8", "cache-control": "no-store", "referrer-policy": "same-origin" },
    });

  return new Elysia({ name: "routes/reminders" })
    .use(session)
    .patch("/api/user/reminders", async ({ body, requireUser }) => json(200, await reminders.updateSettings((await requireUser()).id, body)))
    .get("/posted/:token", async ({ params }) => page(await reminders.inspectMarkPosted(params.token), params.token))
    .post("/posted/:token", async ({ params }) => page(await reminders.confirmMarkPosted(params.token), params.token), { parse: "none" });
}
