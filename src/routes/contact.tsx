import { Elysia } from "elysia";
import { HttpError, parseInput } from "../http-error";
import { json } from "../plugins/errors";
import { clientAddress, type RateLimiter, type TrustProxy } from "../services/rate-limits";
import { type ContactService, contactMessageSchema } from "../services/contact";
import { documented } from "./api-operation";
import { messageResponse } from "./api-responses";

/** POST /api/contact: validate, store, queue the email to support. */
export function contactRoutes(deps: {
  contact: ContactService;
  limiter: RateLimiter;
  trustProxy: TrustProxy;
  renderFormResult: (status: number, message: string) => Response;
}) {
  return new Elysia({ name: "routes/contact" }).post(
    "/api/contact",
    async ({ body, request, server }) => {
      const ip = clientAddress(server, request, deps.trustProxy);
      // A browser without JavaScript posts the form itself (urlencoded); it gets a page back instead
      // of JSON. Those are the two forms the API describes: anything else (multipart, text) is refused.
      const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const fromPlainForm = type === "application/x-www-form-urlencoded";
      if (!fromPlainForm && type !== "application/json") {
        throw new HttpError(415, "Send the message as JSON (Content-Type: application/json) or as the contact page's form.");
      }
      try {
        await deps.limiter.hit(ip, "Too many messages from your network. Please try again later or email us directly.");
        await deps.contact.submit(parseInput(contactMessageSchema, body));
      } catch (error) {
        if (fromPlainForm && error instanceof HttpError) return deps.renderFormResult(error.status, error.message);
        throw error;
      }
      if (fromPlainForm) return deps.renderFormResult(201, "We'll get back to you within 24 hours.");
      return json(201, { message: "Message sent!" });
    },
    documented({
      operationId: "sendContactMessage",
      summary: "Send a message to support. The contact page's form posts here without JavaScript too (urlencoded), and gets a page back instead of JSON",
      access: "public",
      body: contactMessageSchema,
      formPost: true,
      ok: { 201: messageResponse },
      errors: [400, 429],
    }),
  );
}
