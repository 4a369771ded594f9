import { Elysia } from "elysia";
import * as v from "valibot";
import { loadEmails } from "../../emails/kinds";
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

export function emailPreviewRoutes({ site, config, database }: { site: Site; config: Pick<Config, "productName" | "appUrl" | "email" | "env">; database: Database }) {
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
   * The outbox (the emails this install "sent") is the developer's inbox in development, asked
   * for from this machine; anywhere else it is the operator's, and this app does not show it.
   */
  const outboxOpen = (request: Request, server: { requestIP(request: Request): { address: string } | null } | null) =>
    config.env === "development" && LOOPBACK.has(server?.requestIP(request)?.address ?? "");

  return new Elysia({ name: "routes/email-preview" })
    .get("/email-preview", ({ request, server }) => {
      if (outboxOpen(request, server)) {
        return htmlPage(renderDocument(<EmailPreviewPage outbox />, emailPreviewMeta(site.productName), site));
      }
      page ??= cacheBody(renderDocument(<EmailPreviewPage />, emailPreviewMeta(site.productName), site), HTML, CACHE);
      return serveCached(request, page);
    })
    .get("/api/dev/outbox", async ({ request, server }) => {
      if (!outboxOpen(request, server)) return json(404, { message: "No API route for GET /api/dev/outbox" });
      const rows = await database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(OUTBOX_SIZE);
      return json(200, rows.map((row) => ({ id: row.id, kind: row.kind, to: row.toAddress, subject: row.subject, createdAt: row.createdAt.toISOString(), html: row.html, text: row.text })));
    })
    .get("/api/preview-email/:kind", async ({ params, request }) => {
      const kind = v.safeParse(previewKind, params.kind);
      if (!kind.success) {
        throw new HttpError(404, `There is no email preview named "${params.kind}". Try welcome, trial, cancellation or contact.`);
      }
      return serveCached(request, await preview(kind.output));
    });
}
