import type { Clock } from "../../clock";
import { systemClock } from "../../clock";
import type { Config } from "../../config";
import { comment } from "./comments";
import type { HttpOptions } from "./http";
import { type LinkedinMember, member } from "./member";
import { authorizationUrl, exchangeCode, type LinkedinToken } from "./oauth";
import { type ExistenceCheck, findPublishedPost, type PostDocument, postUrl, publish } from "./posts";
import { type DocumentStatus, documentStatus, uploadDocument } from "./documents";
import type { RestOptions } from "./rest";

export { type LinkedinErrorKind, LinkedinError } from "./errors";
export { escapeLittleText, unescapeLittleText } from "./little-text";
export type { LinkedinMember } from "./member";
export { LINKEDIN_SCOPES, type LinkedinToken, newOAuthState, sameOAuthState } from "./oauth";
export { type ExistenceCheck, type PostDocument, postUrl } from "./posts";
export type { DocumentStatus } from "./documents";

/**
 * Auto-posting to a member's LinkedIn feed: sign in (OAuth + OpenID Connect), publish a text
 * post, comment on it, and check after an unknown outcome whether a post went out. Plain fetch
 * against LinkedIn's REST API (LinkedIn has no official JS SDK for it); every wire detail is in
 * WIRE.md beside this file. Every failure is a LinkedinError.
 */
export type LinkedinProvider = {
  /** Where to send the member's browser to connect LinkedIn; `state` comes back on the redirect. */
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  /** Trades the `code` from the redirect for the member's access token (one use, same redirectUri). */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<LinkedinToken>;
  /** Who the token belongs to, with the person URN to post as. */
  member(accessToken: string): Promise<LinkedinMember>;
  /** Publishes `text` (plain text; escaped here) publicly on the member's feed, with a document (a carousel) when given. */
  publish(input: { accessToken: string; authorUrn: string; text: string; document?: PostDocument }): Promise<{ postUrn: string }>;
  /** Uploads a PDF as the member's document (initializeUpload, then the upload): its URN. */
  uploadDocument(input: { accessToken: string; ownerUrn: string; pdf: Uint8Array }): Promise<{ documentUrn: string }>;
  /** Where LinkedIn is with an uploaded document: a post may carry it once AVAILABLE. */
  documentStatus(input: { accessToken: string; documentUrn: string }): Promise<DocumentStatus>;
  /** After an unknown_outcome: whether a post with this text went out since `since` (see ExistenceCheck). */
  findPublishedPost(input: { accessToken: string; authorUrn: string; text: string; since: Date }): Promise<ExistenceCheck>;
  /** Comments on a post as the member (e.g. the link, in the first comment). */
  comment(input: { accessToken: string; actorUrn: string; postUrn: string; text: string }): Promise<{ commentUrn: string }>;
  postUrl(postUrn: string): string;
};

export type LinkedinProviderOptions = {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  oauthUrl: string;
  /** LinkedIn-Version, YYYYMM. */
  version: string;
  /** Per request, connection to last byte; default 15 s. */
  timeoutMs?: number;
  clock?: Clock;
};

export const DEFAULT_LINKEDIN_TIMEOUT_MS = 15_000;

export function createLinkedinProvider(options: LinkedinProviderOptions): LinkedinProvider {
  const http: HttpOptions = {
    timeoutMs: options.timeoutMs ?? DEFAULT_LINKEDIN_TIMEOUT_MS,
    clock: options.clock ?? systemClock,
    secrets: [options.clientSecret],
  };
  const oauth = { ...http, clientId: options.clientId, clientSecret: options.clientSecret, oauthUrl: options.oauthUrl };
  const rest: RestOptions = { ...http, apiUrl: options.apiUrl, version: options.version };
  return {
    authorizationUrl: (input) => authorizationUrl(oauth, input),
    exchangeCode: (input) => exchangeCode(oauth, input),
    member: (accessToken) => member(rest, accessToken),
    publish: (input) => publish(rest, input),
    uploadDocument: (input) => uploadDocument(rest, input),
    documentStatus: (input) => documentStatus(rest, input),
    findPublishedPost: (input) => findPublishedPost(rest, input),
    comment: (input) => comment(rest, input),
    postUrl,
  };
}

/** The adapter when LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET are both set, otherwise null (no auto-posting). */
export function linkedinProvider(config: Config, extra: { clock?: Clock; timeoutMs?: number } = {}): LinkedinProvider | null {
  const { linkedin } = config;
  if (!linkedin.configured || !linkedin.clientId || !linkedin.clientSecret) return null;
  return createLinkedinProvider({
    clientId: linkedin.clientId,
    clientSecret: linkedin.clientSecret,
    apiUrl: linkedin.apiUrl,
    oauthUrl: linkedin.oauthUrl,
    version: linkedin.version,
    ...extra,
  });
}
