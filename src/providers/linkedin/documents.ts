import * as v from "valibot";
import { LinkedinError } from "./errors";
import { linkedinFetch, readJson } from "./http";
import { type RestOptions, restHeaders } from "./rest";

/**
 * LinkedIn's Documents API (WIRE.md "Documents"): a PDF becomes a `urn:li:document:…` in two
 * calls, initializeUpload (which names the upload URL) and the upload itself; LinkedIn then
 * processes it (turns its pages into the slides people swipe) before a post may carry it.
 */
const DOCUMENT_URN = /^urn:li:document:[A-Za-z0-9_-]+$/;

const initializeSchema = v.object({
  value: v.object({ uploadUrl: v.pipe(v.string(), v.url()), uploadUrlExpiresAt: v.optional(v.number()), document: v.pipe(v.string(), v.regex(DOCUMENT_URN)) }),
});

export const DOCUMENT_STATUSES = ["WAITING_UPLOAD", "PROCESSING", "AVAILABLE", "PROCESSING_FAILED"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
const documentSchema = v.object({ id: v.string(), status: v.picklist(DOCUMENT_STATUSES) });

export async function uploadDocument(
  options: RestOptions,
  input: { accessToken: string; ownerUrn: string; pdf: Uint8Array },
): Promise<{ documentUrn: string }> {
  const token = { ...options, token: input.accessToken };
  const initialized = await linkedinFetch(
    "upload the carousel",
    `${options.apiUrl}/rest/documents?action=initializeUpload`,
    { method: "POST", headers: restHeaders(options, input.accessToken, true), body: JSON.stringify({ initializeUploadRequest: { owner: input.ownerUrn } }) },
    token,
  );
  const parsed = v.safeParse(initializeSchema, await readJson(initialized));
  if (!parsed.success)
    throw new LinkedinError("server", "upload the carousel", "LinkedIn answered initializeUpload without an upload URL and document", initialized.status);
  const { uploadUrl, document } = parsed.output.value;
  // The member's token goes only to LinkedIn's own hosts (or the API's, a local fake in tests).
  if (!trustedUploadUrl(uploadUrl, options.apiUrl))
    throw new LinkedinError("server", "upload the carousel", "LinkedIn named an upload address outside linkedin.com", initialized.status);
  await linkedinFetch(
    "upload the carousel",
    uploadUrl,
    {
      method: "PUT",
      headers: { Authorization: `Bearer ${input.accessToken}`, "Content-Type": "application/octet-stream" },
      body: input.pdf as Uint8Array<ArrayBuffer>,
    },
    token,
  );
  return { documentUrn: document };
}

export async function documentStatus(options: RestOptions, input: { accessToken: string; documentUrn: string }): Promise<DocumentStatus> {
  const response = await linkedinFetch(
    "check the carousel",
    `${options.apiUrl}/rest/documents/${encodeURIComponent(input.documentUrn)}`,
    { headers: restHeaders(options, input.accessToken, false) },
    { ...options, token: input.accessToken },
  );
  const parsed = v.safeParse(documentSchema, await readJson(response));
  if (!parsed.success) throw new LinkedinError("server", "check the carousel", "LinkedIn answered without the document's status", response.status);
  return parsed.output.status;
}

function trustedUploadUrl(uploadUrl: string, apiUrl: string): boolean {
  const url = new URL(uploadUrl);
  if (url.origin === new URL(apiUrl).origin) return true;
  return url.protocol === "https:" && (url.hostname === "linkedin.com" || url.hostname.endsWith(".linkedin.com"));
}
