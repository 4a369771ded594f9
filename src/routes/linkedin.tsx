import { Elysia } from "elysia";
import { renderDocument } from "../../views/document";
import { LinkedinResultPage, linkedinResultMeta } from "../../views/pages/linkedin-result";
import type { Site } from "../../views/site";
import { HttpError } from "../http-error";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import type { LinkedinConnectionService } from "../services/linkedin/connection";
import { htmlPage, seeOther } from "./responses";
import { documented } from "./api-operation";
import * as r from "./api-responses";

type Deps = { session: ReturnType<typeof sessionPlugin>; site: Site; linkedin: LinkedinConnectionService };

/**
 * Connecting LinkedIn for auto-posting (issue #15): /linkedin/connect sends the browser to
 * LinkedIn with a fresh state; /linkedin/callback (the redirect URL registered with LinkedIn)
 * finishes, or shows a page saying why not; /api/linkedin reads and deletes the connection.
 */
export function linkedinRoutes({ session, site, linkedin }: Deps) {
  const page = (title: string, message: string, back: "dashboard" | "settings", status: number) =>
    // The callback's address carries a code and a state: no other site gets it as a referrer.
    htmlPage(renderDocument(<LinkedinResultPage title={title} message={message} back={back} />, linkedinResultMeta, site), {
      status,
      headers: { "referrer-policy": "no-referrer" },
    });

  return new Elysia({ name: "routes/linkedin" })
    .use(session)
    .get(
      "/api/linkedin",
      async ({ requireUser }) => json(200, await linkedin.status((await requireUser()).id)),
      documented({
        operationId: "getLinkedinConnection",
        summary: "Whether auto-posting is available, and the LinkedIn profile connected (never a token)",
        access: "session",
        ok: { 200: r.linkedinResponse },
      }),
    )
    .delete(
      "/api/linkedin",
      async ({ requireUser }) => {
        await linkedin.disconnect((await requireUser()).id);
        return json(200, { message: "LinkedIn disconnected" });
      },
      documented({
        operationId: "disconnectLinkedin",
        summary: "Disconnect LinkedIn (its tokens are deleted)",
        access: "session",
        ok: { 200: r.messageResponse },
      }),
    )
    .get("/linkedin/connect", async ({ currentUser, query }) => {
      const user = await currentUser();
      if (!user) return seeOther("/login");
      try {
        return seeOther(await linkedin.startConnect(user.id, query));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return page(
          error.status === 409 ? "Another profile is connected" : "LinkedIn cannot be connected",
          error.message,
          query.from === "dashboard" ? "dashboard" : "settings",
          error.status,
        );
      }
    })
    .get("/linkedin/callback", async ({ currentUser, query }) => {
      const user = await currentUser();
      const outcome = await linkedin.completeCallback(user?.id ?? null, query);
      if (outcome.ok) return seeOther(`/${outcome.returnTo}?linkedin=connected`);
      return page(outcome.title, outcome.message, outcome.returnTo, 400);
    });
}
