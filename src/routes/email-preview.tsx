import { timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import * as v from "valibot";
import { loadEmails } from "../../emails/load";
import { type EmailPreviewKind, emailPreviews } from "../../emails/previews";
import { renderDocument } from "../../views/document";
import { EmailPreviewPage, emailPreviewMeta } from "../../views/pages/email-preview";
import type { Site } from "../../views/site";
import { desc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { Config } from "../config";
import { json } from "../plugins/errors";
import { type CachedBody, cacheBody, serveCached } from "../http-cache";
import { HttpError } from "../http-error";
import { HTML, htmlPage } from "./responses";
import { documented } from "./api-operation";
import { outboxResponse } from "./api-responses";

// Sample data and config do not change while the process runs: revalidate by ETag.
const CACHE = "public, max-age=0, must-revalidate";

const previewKind = v.picklist(Object.keys(emailPreviews) as EmailPreviewKind[]);

/**
 * /email-preview and GET /api/preview-email/:kind, the emails rendered with sample data only
 * (PRODUCT.md "Email"). A render takes ~200 ms, so each email is rendered once, on first
 * request, and then served from memory.
 */
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const OUTBOX_SIZE = 50;
// Added by reverse proxies (de facto and RFC 7239): a request carrying one did not come from this machine's own browser.
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"];

/** Compares in constant time, so the key cannot be guessed a character at a time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function emailPreviewRoutes({
  site,
  config,
  database,
  outboxKey,
}: {
  site: Site;
  config: Pick<Config, "productName" | "appUrl" | "email" | "env">;
  database: Database;
  /** Development only: the secret that opens the outbox (boot.ts makes it and prints its address once). */
  outboxKey?: string;
}) {
  const previews = new Map<EmailPreviewKind, Promise<CachedBody>>();
  let page: CachedBody | undefined;

  function preview(kind: EmailPreviewKind): Promise<CachedBody> {
    let cached = previews.get(kind);
    if (!cached) {
      // The promise is kept, not the body, so requests arriving together share one render.
      const { template } = emailPreviews[kind];
      cached = loadEmails()
        .then(({ emailBrand, emailTemplates, renderEmail }) => renderEmail(template, emailTemplates[template].sampleProps, emailBrand(config)))
        .then(({ html }) => cacheBody(html, HTML, CACHE));
      // A failed render is not kept: the next request tries again.
      cached.catch(() => previews.delete(kind));
      previews.set(kind, cached);
    }
    return cached;
  }

  /**
   * The outbox (the emails this install "sent", reset links included) is the developer's inbox
   * in development, and only theirs: it opens with the key the start-up log printed, asked from
   * this machine directly. A request through a proxy on the same machine is loopback too, so any
   * forwarding header closes it; in production and tests there is no key and no outbox.
   */
  const outboxOpen = (request: Request, server: { requestIP(request: Request): { address: string } | null } | null, key: string | null) =>
    config.env === "development" &&
    outboxKey !== undefined &&
    key !== null &&
    sameSecret(key, outboxKey) &&
    LOOPBACK.has(server?.requestIP(request)?.address ?? "") &&
    !FORWARDING_HEADERS.some((name) => request.headers.has(name));

  return new Elysia({ name: "routes/email-preview" })
    .get("/email-preview", ({ request, server }) => {
      const key = new URL(request.url).searchParams.get("outbox");
      if (outboxOpen(request, server, key)) {
        return htmlPage(renderDocument(<EmailPreviewPage outboxKey={key!} />, emailPreviewMeta(site.productName), site));
      }
      page ??= cacheBody(renderDocument(<EmailPreviewPage />, emailPreviewMeta(site.productName), site), HTML, CACHE);
      return serveCached(request, page);
    })
    .get(
      "/api/dev/outbox",
      async ({ request, server }) => {
        if (!outboxOpen(request, server, new URL(request.url).searchParams.get("key"))) return json(404, { message: "No API route for GET /api/dev/outbox" });
        const rows = await database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(OUTBOX_SIZE);
        return json(
          200,
          rows.map((row) => ({
            id: row.id,
            kind: row.kind,
            to: row.toAddress,
            subject: row.subject,
            createdAt: row.createdAt.toISOString(),
            html: row.html,
            text: row.text,
          })),
        );
      },
      documented({
        operationId: "listOutbox",
        summary: "Development only, from this machine with the key the start-up log prints (?key=): the last 50 emails in the outbox (404 otherwise)",
        access: "public",
        ok: { 200: outboxResponse },
        errors: [404],
      }),
    )
    .get(
      "/api/preview-email/:kind",
      async ({ params, request }) => {
        const kind = v.safeParse(previewKind, params.kind);
        if (!kind.success) {
          throw new HttpError(404, `There is no email preview named "${params.kind}". Try welcome, trial, cancellation or contact.`);
        }
        return serveCached(request, await preview(kind.output));
      },
      documented({
        operationId: "previewEmail",
        summary: "An email template rendered with sample data, as HTML (304 when If-None-Match names its ETag)",
        access: "public",
        ok: { 200: "html", 304: "empty" },
        errors: [404],
      }),
    );
}
