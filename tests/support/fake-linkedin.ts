import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * A local stand-in for the parts of LinkedIn Cadence calls, speaking their wire format
 * (src/providers/linkedin/WIRE.md): the OAuth authorization redirect and token endpoint, OpenID
 * Connect userinfo, POST /rest/posts (little text commentary, URN in x-restli-id), the posts
 * finder by author, and comments. REST errors are {message, serviceErrorCode, status}; OAuth
 * errors {error, error_description}.
 *
 * It runs on node:http rather than Bun.serve because one control must drop the connection after
 * a post is stored (an unknown outcome), which Bun.serve cannot do mid-request.
 *
 * Tests read `requests`, `posts`, `comments`, and script failures with `failNext`, `delayNext`,
 * `dropNextPublish`, `expireToken`, `revokeToken`, `cancelNextAuthorization`, `retireVersion`.
 * Documents (carousels): initializeUpload, the upload to the URL it names, the document's status
 * (`processDocumentsAfter`, `failNextDocumentProcessing`) and posts with content.media.
 */

export type FakeLinkedinEndpoint = "token" | "userinfo" | "publish" | "findPosts" | "comment" | "initializeUpload" | "upload" | "document";

export type FakeLinkedinRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  endpoint: FakeLinkedinEndpoint | "authorize" | "unknown";
};

export type FakeLinkedinPost = { urn: string; author: string; commentary: string; displayed: string; createdAt: number; body: Record<string, unknown> };
export type FakeLinkedinComment = { urn: string; postUrn: string; actor: string; text: string };
/** A document (Documents API): its bytes once uploaded, and how many status reads it still answers PROCESSING. */
export type FakeLinkedinDocument = { urn: string; owner: string; uploadId: string; bytes: Uint8Array | null; processingReads: number; failProcessing: boolean };

type Token = { value: string; sub: string; scopes: string[]; state: "valid" | "expired" | "revoked" };
type Code = { value: string; redirectUri: string; scopes: string[]; sub: string };

export type FakeLinkedin = {
  url: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The member who consents (their OpenID `sub`). */
  member: { sub: string; name: string; given_name: string; family_name: string; picture: string; email: string };
  personUrn: string;
  requests: FakeLinkedinRequest[];
  posts: FakeLinkedinPost[];
  comments: FakeLinkedinComment[];
  documents: FakeLinkedinDocument[];
  /** Documents uploaded from now on answer PROCESSING for this many status reads before AVAILABLE (0: at once). */
  processDocumentsAfter(reads: number): void;
  /** The next document uploaded ends PROCESSING_FAILED (LinkedIn could not read the file). */
  failNextDocumentProcessing(): void;
  /** Access tokens issued so far, newest last. */
  tokens: () => string[];
  /** Issues a token directly, as if the member had just connected (scopes default to the app's). */
  issueToken(scopes?: string[]): string;
  /** The next `times` calls to `endpoint` answer this status (LinkedIn's wording) instead of working. */
  failNext(
    endpoint: FakeLinkedinEndpoint,
    status: 401 | 403 | 422 | 426 | 429 | 500 | 503,
    options?: { times?: number; retryAfter?: string; message?: string },
  ): void;
  /** The next `times` calls to `endpoint` wait `ms` before doing anything. */
  delayNext(endpoint: FakeLinkedinEndpoint, ms: number, times?: number): void;
  /** The next publish stores the post, then closes the connection without answering. */
  dropNextPublish(): void;
  expireToken(token: string): void;
  revokeToken(token: string): void;
  /** The next authorization redirects back with error=user_cancelled_login. */
  cancelNextAuthorization(): void;
  /** Calls with this LinkedIn-Version answer 426 until the returned function is called. */
  retireVersion(version: string): () => void;
  stop(): Promise<void>;
};

const RESERVED = "\\|{}@[]()<>#*_~";
const isReserved = (char: string) => RESERVED.includes(char);

/**
 * What LinkedIn would display for a little text commentary, or null when a reserved character is
 * neither escaped nor part of a hashtag template or mention (independent of the adapter's parser).
 */
export function displayedLittleText(little: string): string | null {
  let out = "";
  let at = 0;
  const chars = Array.from(little);
  const text = (from: number, stop: string): { value: string; end: number } | null => {
    let value = "";
    for (let i = from; i < chars.length; i++) {
      const char = chars[i]!;
      if (char === stop) return { value, end: i };
      if (char === "\\" && i + 1 < chars.length && isReserved(chars[i + 1]!)) value += chars[++i];
      else if (isReserved(char)) return null;
      else value += char;
    }
    return null;
  };
  while (at < chars.length) {
    const char = chars[at]!;
    if (char === "\\") {
      const next = chars[at + 1];
      if (next === undefined || !isReserved(next)) return null;
      out += next;
      at += 2;
    } else if (char === "{") {
      const head = chars.slice(at, at + 9).join("");
      if (head !== "{hashtag|") return null;
      let sign = at + 9;
      if (chars[sign] === "\\") sign++;
      if (chars[sign] !== "#" && chars[sign] !== "＃") return null;
      if (chars[sign + 1] !== "|") return null;
      const value = text(sign + 2, "}");
      if (!value || value.value === "") return null;
      out += chars[sign] + value.value;
      at = value.end + 1;
    } else if (char === "@" && chars[at + 1] === "[") {
      const name = text(at + 2, "]");
      if (!name || chars[name.end + 1] !== "(") return null;
      const close = chars.indexOf(")", name.end + 2);
      if (
        close < 0 ||
        !chars
          .slice(name.end + 2, close)
          .join("")
          .startsWith("urn:li:")
      )
        return null;
      out += name.value;
      at = close + 1;
    } else if (isReserved(char)) {
      return null;
    } else {
      out += char;
      at++;
    }
  }
  return out;
}

const restError = (status: number, message: string, serviceErrorCode: number | string = status, headers: Record<string, string> = {}) =>
  Response.json({ message, serviceErrorCode, status }, { status, headers });
const oauthError = (status: number, error: string, description: string) => Response.json({ error, error_description: description }, { status });

// LinkedIn's wording for these answers (WIRE.md), so an error read in a log looks like production.
const standard: Record<number, { message: string; code: number | string }> = {
  401: { message: "Invalid access token", code: 65600 },
  403: { message: "Not enough permissions to access: partnerApiPostsExternal.FINDER-author", code: 100 },
  422: { message: "ERROR :: /commentary :: is invalid", code: "UNPROCESSABLE_ENTITY" },
  426: { message: "Requested version 20240101 is not active", code: "VERSION_DEPRECATED" },
  429: { message: "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.", code: 429 },
  500: { message: "Internal Server Error", code: 500 },
  503: { message: "Service Unavailable", code: 503 },
};

export async function startFakeLinkedin(options: { allowedScopes?: string[]; redirectUri?: string } = {}): Promise<FakeLinkedin> {
  const clientId = "86fakeclientid";
  const clientSecret = "fake-client-secret-Wx9";
  // The app's registered redirect URL (`${APP_URL}/linkedin/callback`), as set in LinkedIn's developer portal.
  const redirectUri = options.redirectUri ?? "http://127.0.0.1:3000/linkedin/callback";
  // The scopes this app's products grant; anything else asked for is refused at authorization.
  const allowedScopes = options.allowedScopes ?? ["openid", "profile", "email", "w_member_social"];
  const member = {
    sub: "782bbtaQ",
    name: "Priya Shah",
    given_name: "Priya",
    family_name: "Shah",
    picture: "https://media.licdn.com/dms/image/v2/priya",
    email: "priya@example.com",
  };
  const personUrn = `urn:li:person:${member.sub}`;
  const requests: FakeLinkedinRequest[] = [];
  const posts: FakeLinkedinPost[] = [];
  const comments: FakeLinkedinComment[] = [];
  const documents: FakeLinkedinDocument[] = [];
  let processingReads = 0;
  // This server's own address, for the upload URLs it hands out (known once it listens).
  let publicUrl = "";
  let failProcessing = false;
  const tokens = new Map<string, Token>();
  const codes = new Map<string, Code>();
  const failures: Record<FakeLinkedinEndpoint, { status: number; retryAfter?: string; message?: string }[]> = {
    token: [],
    userinfo: [],
    publish: [],
    findPosts: [],
    comment: [],
    initializeUpload: [],
    upload: [],
    document: [],
  };
  const delays: Record<FakeLinkedinEndpoint, number[]> = {
    token: [],
    userinfo: [],
    publish: [],
    findPosts: [],
    comment: [],
    initializeUpload: [],
    upload: [],
    document: [],
  };
  const retired = new Set<string>();
  let dropPublish = false;
  let cancelAuthorization = false;
  let counter = 7_300_000_000_000_000_000n;
  const nextId = () => (++counter).toString();

  const issueToken = (scopes: string[] = allowedScopes) => {
    const value = `AQV${crypto.randomUUID().replaceAll("-", "")}`;
    tokens.set(value, { value, sub: member.sub, scopes, state: "valid" });
    return value;
  };

  /** The token of a Bearer request, or the 401 LinkedIn gives. */
  const bearer = (request: Request): Token | Response => {
    const match = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "");
    if (!match) return restError(401, "Empty oauth2_access_token", 401);
    const token = tokens.get(match[1]!);
    if (!token) return restError(401, "Invalid access token", 65600);
    if (token.state === "expired") return restError(401, "The token used in the request has expired", 65601);
    if (token.state === "revoked") return restError(401, "The token used in the request has been revoked by the user", 65602);
    return token;
  };

  /** The checks every versioned /rest call gets, in LinkedIn's order: token, version, protocol. */
  const restChecks = (request: Request, json: boolean): Token | Response => {
    const token = bearer(request);
    if (token instanceof Response) return token;
    const version = request.headers.get("linkedin-version");
    if (!version) return restError(400, "A version must be present. Please specify a version by adding the LinkedIn-Version header.", "VERSION_MISSING");
    if (!/^\d{6}(\.\d{2})?$/.test(version)) return restError(400, `Invalid version ${version}`, "INVALID_VERSION");
    if (retired.has(version)) return restError(426, `Requested version ${version} is not active`, "VERSION_DEPRECATED");
    if (request.headers.get("x-restli-protocol-version") !== "2.0.0") return restError(400, "X-Restli-Protocol-Version 2.0.0 is required", 400);
    if (json && !(request.headers.get("content-type") ?? "").startsWith("application/json"))
      return restError(415, "Content-Type must be application/json", 415);
    return token;
  };

  const scripted = async (endpoint: FakeLinkedinEndpoint): Promise<Response | null> => {
    const delay = delays[endpoint].shift();
    if (delay) await Bun.sleep(delay);
    const failure = failures[endpoint].shift();
    if (!failure) return null;
    const { message, code } = standard[failure.status]!;
    return restError(failure.status, failure.message ?? message, code, failure.retryAfter ? { "retry-after": failure.retryAfter } : {});
  };

  function authorize(url: URL): Response {
    const q = url.searchParams;
    // LinkedIn shows its own error page (no redirect) when it cannot trust the redirect_uri.
    if (q.get("client_id") !== clientId) return new Response("The passed in client_id is invalid", { status: 400 });
    if (q.get("redirect_uri") !== redirectUri) return new Response("The redirect_uri does not match the registered value", { status: 400 });
    const back = new URL(redirectUri);
    const state = q.get("state");
    if (state) back.searchParams.set("state", state);
    const fail = (error: string, description: string) => {
      back.searchParams.set("error", error);
      back.searchParams.set("error_description", description);
      return Response.redirect(back.toString(), 302);
    };
    if (q.get("response_type") !== "code") return fail("invalid_request", "The response_type must be code");
    if (!state) return fail("invalid_request", "A state is required by this fake (Cadence always sends one)");
    const scopes = (q.get("scope") ?? "").split(" ").filter(Boolean);
    const unknown = scopes.filter((scope) => !allowedScopes.includes(scope));
    if (scopes.length === 0 || unknown.length > 0)
      return fail("unauthorized_scope_error", `Scope "${unknown[0] ?? ""}" is not authorized for your application`);
    if (cancelAuthorization) {
      cancelAuthorization = false;
      return fail("user_cancelled_login", "The user cancelled LinkedIn login");
    }
    const code = `AQT${crypto.randomUUID().replaceAll("-", "")}`;
    codes.set(code, { value: code, redirectUri, scopes, sub: member.sub });
    back.searchParams.set("code", code);
    return Response.redirect(back.toString(), 302);
  }

  async function exchange(request: Request, body: string): Promise<Response> {
    const early = await scripted("token");
    if (early) return early;
    if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded"))
      return oauthError(400, "invalid_request", "Content-Type must be application/x-www-form-urlencoded");
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "authorization_code") return oauthError(400, "unsupported_grant_type", "The grant_type must be authorization_code");
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
      return oauthError(401, "invalid_client", "Client authentication failed");
    const code = codes.get(form.get("code") ?? "");
    if (!code)
      return oauthError(
        400,
        "invalid_request",
        "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
      );
    codes.delete(code.value); // single use
    if (form.get("redirect_uri") !== code.redirectUri)
      return oauthError(
        400,
        "invalid_request",
        "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
      );
    const token = issueToken(code.scopes);
    // LinkedIn lists granted scopes comma-separated.
    return Response.json({ access_token: token, expires_in: 5_184_000, scope: code.scopes.join(","), token_type: "Bearer", id_token: "eyJ.fake.jwt" });
  }

  async function userinfo(request: Request): Promise<Response> {
    const token = bearer(request);
    if (token instanceof Response) return token;
    const early = await scripted("userinfo");
    if (early) return early;
    if (!token.scopes.includes("openid")) return restError(403, "Not enough permissions to access: userinfo.GET.NO_VERSION", 100);
    return Response.json({
      sub: member.sub,
      name: member.name,
      given_name: member.given_name,
      family_name: member.family_name,
      picture: member.picture,
      locale: { country: "GB", language: "en" },
      ...(token.scopes.includes("email") ? { email: member.email, email_verified: true } : {}),
    });
  }

  const postKeys = ["author", "commentary", "distribution", "isReshareDisabledByAuthor", "lifecycleState", "visibility"];
  const documentPostKeys = ["author", "commentary", "content", "distribution", "isReshareDisabledByAuthor", "lifecycleState", "visibility"];

  const documentStatus = (document: FakeLinkedinDocument) => {
    if (!document.bytes) return "WAITING_UPLOAD";
    if (document.failProcessing) return "PROCESSING_FAILED";
    return document.processingReads > 0 ? "PROCESSING" : "AVAILABLE";
  };

  async function initializeUpload(request: Request, raw: string): Promise<Response> {
    const token = restChecks(request, true);
    if (token instanceof Response) return token;
    const early = await scripted("initializeUpload");
    if (early) return early;
    if (!token.scopes.includes("w_member_social")) return restError(403, "Not enough permissions to access: documents.ACTION-initializeUpload", 100);
    let owner: unknown;
    try {
      owner = (JSON.parse(raw) as { initializeUploadRequest?: { owner?: unknown } }).initializeUploadRequest?.owner;
    } catch {
      return restError(400, "Unable to parse the request body as JSON", 400);
    }
    // "For documents with person URN owners, the caller must match the document owner." (WIRE.md)
    if (owner !== `urn:li:person:${token.sub}`)
      return restError(403, "Accessing this document resource is forbidden. Please check your permissions for this resource", 403);
    const id = `D4D10AQ${nextId()}`;
    const document: FakeLinkedinDocument = { urn: `urn:li:document:${id}`, owner, uploadId: crypto.randomUUID(), bytes: null, processingReads, failProcessing };
    failProcessing = false;
    documents.push(document);
    return Response.json({
      value: {
        uploadUrlExpiresAt: Date.now() + 60 * 60_000,
        uploadUrl: `${publicUrl}/dms-uploads/sp/${document.uploadId}/uploaded-document`,
        document: document.urn,
      },
    });
  }

  async function upload(request: Request, uploadId: string, bytes: Uint8Array): Promise<Response> {
    const token = bearer(request);
    if (token instanceof Response) return token;
    const early = await scripted("upload");
    if (early) return early;
    const document = documents.find((candidate) => candidate.uploadId === uploadId);
    if (!document) return restError(404, "Upload URL not found or expired", 404);
    if (new TextDecoder().decode(bytes.slice(0, 5)) !== "%PDF-") return restError(400, "The uploaded file is not a supported document type", 400);
    document.bytes = bytes;
    return new Response(null, { status: 201 });
  }

  async function getDocument(request: Request, urn: string): Promise<Response> {
    const token = restChecks(request, false);
    if (token instanceof Response) return token;
    const early = await scripted("document");
    if (early) return early;
    const document = documents.find((candidate) => candidate.urn === urn);
    if (!document) return restError(404, `Not Found: ${urn}`, 404);
    if (document.owner !== `urn:li:person:${token.sub}`)
      return restError(403, "Accessing this document resource is forbidden. Please check your permissions for this resource", 403);
    const status = documentStatus(document);
    if (status === "PROCESSING") document.processingReads--;
    return Response.json({
      owner: document.owner,
      id: document.urn,
      status,
      ...(status === "AVAILABLE" ? { downloadUrl: `${publicUrl}/dms/${document.uploadId}`, downloadUrlExpiresAt: Date.now() + 60 * 60_000 } : {}),
    });
  }

  async function publish(request: Request, raw: string): Promise<Response | "drop"> {
    const token = restChecks(request, true);
    if (token instanceof Response) return token;
    const early = await scripted("publish");
    if (early) return early;
    if (!token.scopes.includes("w_member_social")) return restError(403, "Not enough permissions to access: partnerApiPostsExternal.CREATE", 100);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return restError(400, "Unable to parse the request body as JSON", 400);
    }
    const keys = Object.keys(body).sort();
    if (keys.join() !== postKeys.join() && keys.join() !== documentPostKeys.join())
      return restError(
        422,
        `ERROR :: / :: fields must be exactly ${postKeys.join(", ")}, or those and content (got ${keys.join(", ")})`,
        "UNPROCESSABLE_ENTITY",
      );
    if ("content" in body) {
      // A document post: content.media {title, id}, the document the member's own and processed.
      const media = (body.content as { media?: { id?: unknown; title?: unknown } } | null)?.media;
      const document = documents.find((candidate) => candidate.urn === media?.id);
      if (!media || typeof media.title !== "string" || media.title === "" || Object.keys(body.content as object).join() !== "media")
        return restError(422, "ERROR :: /content/media :: must be {id, title}", "UNPROCESSABLE_ENTITY");
      if (!document || document.owner !== body.author)
        return restError(422, `ERROR :: /content/media/id :: ${String(media.id)} is not a document of the author`, "UNPROCESSABLE_ENTITY");
      if (documentStatus(document) !== "AVAILABLE")
        return restError(422, `ERROR :: /content/media/id :: ${document.urn} is not AVAILABLE`, "UNPROCESSABLE_ENTITY");
    }
    if (body.author !== `urn:li:person:${token.sub}`)
      return restError(403, `ERROR :: /author :: ${String(body.author)} is not the member of this token`, "ACCESS_DENIED");
    if (body.visibility !== "PUBLIC" || body.lifecycleState !== "PUBLISHED" || body.isReshareDisabledByAuthor !== false)
      return restError(422, "ERROR :: /visibility, /lifecycleState or /isReshareDisabledByAuthor :: unexpected value", "UNPROCESSABLE_ENTITY");
    if (JSON.stringify(body.distribution) !== JSON.stringify({ feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] })) {
      return restError(422, "ERROR :: /distribution :: unexpected value", "UNPROCESSABLE_ENTITY");
    }
    if (typeof body.commentary !== "string") return restError(422, "ERROR :: /commentary :: must be a string", "UNPROCESSABLE_ENTITY");
    const displayed = displayedLittleText(body.commentary);
    if (displayed === null) return restError(422, "ERROR :: /commentary :: is not valid little text (an unescaped reserved character)", "UNPROCESSABLE_ENTITY");
    const urn = `urn:li:share:${nextId()}`;
    posts.push({ urn, author: body.author, commentary: body.commentary, displayed, createdAt: Date.now(), body });
    if (dropPublish) {
      dropPublish = false;
      return "drop";
    }
    return new Response(null, { status: 201, headers: { "x-restli-id": urn, "x-linkedin-id": urn.split(":").pop()! } });
  }

  async function findPosts(request: Request, url: URL): Promise<Response> {
    const token = restChecks(request, false);
    if (token instanceof Response) return token;
    const early = await scripted("findPosts");
    if (early) return early;
    // Reading a member's posts needs r_member_social, which w_member_social does not include.
    if (!token.scopes.includes("r_member_social")) return restError(403, standard[403]!.message, 100);
    const author = url.searchParams.get("author");
    const count = Number(url.searchParams.get("count") ?? "10");
    const mine = posts
      .filter((post) => post.author === author)
      .reverse()
      .slice(0, count)
      .map((post) => ({
        id: post.urn,
        author: post.author,
        commentary: post.commentary,
        visibility: "PUBLIC",
        lifecycleState: "PUBLISHED",
        createdAt: post.createdAt,
        lastModifiedAt: post.createdAt,
        publishedAt: post.createdAt,
      }));
    return Response.json({ paging: { start: 0, count, links: [] }, elements: mine });
  }

  async function createComment(request: Request, target: string, raw: string): Promise<Response> {
    const token = restChecks(request, true);
    if (token instanceof Response) return token;
    const early = await scripted("comment");
    if (early) return early;
    const post = posts.find((candidate) => candidate.urn === target);
    if (!post) return restError(404, `Not Found: ${target}`, 404);
    let body: { actor?: unknown; object?: unknown; message?: { text?: unknown } };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return restError(400, "Unable to parse the request body as JSON", 400);
    }
    if (body.actor !== `urn:li:person:${token.sub}`) return restError(403, "ERROR :: /actor :: is not the member of this token", "ACCESS_DENIED");
    if (body.object !== target) return restError(422, "ERROR :: /object :: must be the post in the path", "UNPROCESSABLE_ENTITY");
    if (typeof body.message?.text !== "string" || body.message.text === "")
      return restError(422, "ERROR :: /message/text :: is required", "UNPROCESSABLE_ENTITY");
    const urn = `urn:li:comment:(urn:li:activity:${post.urn.split(":").pop()},${nextId()})`;
    comments.push({ urn, postUrn: target, actor: body.actor, text: body.message.text });
    return Response.json(
      { actor: body.actor, object: target, message: { text: body.message.text }, commentUrn: urn, id: urn.split(",").pop()!.replace(")", "") },
      { status: 201, headers: { "x-restli-id": urn } },
    );
  }

  async function route(request: Request, raw: string, bytes: Uint8Array): Promise<Response | "drop"> {
    const url = new URL(request.url);
    const path = url.pathname;
    const record = (endpoint: FakeLinkedinRequest["endpoint"]) =>
      requests.push({
        method: request.method,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(request.headers),
        body: raw,
        endpoint,
      });
    // Records the request as `endpoint`, then answers it.
    const recorded = <T>(endpoint: FakeLinkedinRequest["endpoint"], answer: () => T): T => {
      record(endpoint);
      return answer();
    };
    if (request.method === "GET" && path === "/oauth/v2/authorization") return recorded("authorize", () => authorize(url));
    if (request.method === "POST" && path === "/oauth/v2/accessToken") return recorded("token", () => exchange(request, raw));
    if (request.method === "GET" && path === "/v2/userinfo") return recorded("userinfo", () => userinfo(request));
    if (request.method === "POST" && path === "/rest/posts") return recorded("publish", () => publish(request, raw));
    if (request.method === "GET" && path === "/rest/posts" && url.searchParams.get("q") === "author")
      return recorded("findPosts", () => findPosts(request, url));
    if (request.method === "POST" && path === "/rest/documents" && url.searchParams.get("action") === "initializeUpload")
      return recorded("initializeUpload", () => initializeUpload(request, raw));
    const uploadPath = /^\/dms-uploads\/sp\/([^/]+)\/uploaded-document$/.exec(path);
    if (request.method === "PUT" && uploadPath) return recorded("upload", () => upload(request, uploadPath[1]!, bytes));
    const documentPath = /^\/rest\/documents\/([^/]+)$/.exec(path);
    if (request.method === "GET" && documentPath) return recorded("document", () => getDocument(request, decodeURIComponent(documentPath[1]!)));
    // The post URN arrives URL-encoded as one path segment (Rest.li 2.0).
    const social = /^\/rest\/socialActions\/([^/]+)\/comments$/.exec(url.pathname);
    if (request.method === "POST" && social) return recorded("comment", () => createComment(request, decodeURIComponent(social[1]!), raw));
    record("unknown");
    return restError(404, `No resource at ${request.method} ${path}`, 404);
  }

  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = new Headers();
      for (const [key, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(key, value);
      const request = new Request(`http://${incoming.headers.host}${incoming.url}`, { method: incoming.method, headers });
      const answer = await route(request, raw, new Uint8Array(Buffer.concat(chunks)));
      if (answer === "drop") {
        incoming.socket.destroy();
        return;
      }
      outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  publicUrl = `http://127.0.0.1:${port}`;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    redirectUri,
    member,
    personUrn,
    requests,
    posts,
    comments,
    documents,
    processDocumentsAfter: (reads) => {
      processingReads = reads;
    },
    failNextDocumentProcessing: () => {
      failProcessing = true;
    },
    tokens: () => [...tokens.keys()],
    issueToken,
    failNext(endpoint, status, { times = 1, retryAfter, message } = {}) {
      for (let i = 0; i < times; i++) failures[endpoint].push({ status, retryAfter, message });
    },
    delayNext(endpoint, ms, times = 1) {
      for (let i = 0; i < times; i++) delays[endpoint].push(ms);
    },
    dropNextPublish: () => {
      dropPublish = true;
    },
    expireToken: (token) => {
      tokens.get(token)!.state = "expired";
    },
    revokeToken: (token) => {
      tokens.get(token)!.state = "revoked";
    },
    cancelNextAuthorization: () => {
      cancelAuthorization = true;
    },
    retireVersion: (version) => {
      retired.add(version);
      return () => retired.delete(version);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
