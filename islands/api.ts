/**
 * The one way islands talk to the API, with SPEC.md section 8's "General response handling",
 * and the query keys and fetchers every island shares (CONVENTIONS.md habit 7).
 */
import type * as v from "valibot";
import type * as r from "../src/routes/api-responses";
import type { loginSchema, profileSchema, signupSchema } from "../src/services/accounts";
import type { resetPasswordSchema } from "../src/services/password-reset";
import type { scheduleSlotsSchema } from "../src/services/plan-schedule";
import type { planPostsSchema, saveAndScheduleSchema } from "../src/services/posts";
import type { rewriteInputSchema } from "../src/services/rewrite";
import { POST_TABS, type PostTab } from "../src/shared/post-status";
import type { GenerateInput } from "../src/strategist";

// The shapes below are derived from the valibot schemas the routes validate with (what a call
// sends) and answer with (src/routes/api-responses.ts, which the OpenAPI document is built from),
// never written out again here. Type-only imports: nothing of the server reaches the bundle.
/** What a route answers with this schema. */
type Answer<S extends v.GenericSchema> = v.InferOutput<S>;
/** What a route accepts for this schema (before its defaults and transforms). */
type Body<S extends v.GenericSchema> = v.InferInput<S>;

/** A non-OK answer. `message` is '<status>: <body message or status text>'; `serverMessage` is the body's own message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly body: Record<string, unknown> | null,
    statusText: string,
  ) {
    super(`${status}: ${serverMessage ?? statusText}`);
    this.name = "ApiError";
  }
}

/** A 403 with subscriptionExpired: the subscription has ended, whatever the call was. */
export class SubscriptionExpiredError extends Error {
  readonly subscriptionExpired = true;
  constructor(message: string | undefined) {
    super(message || "Subscription expired");
    this.name = "SubscriptionExpiredError";
  }
}

async function errorFor(response: Response): Promise<Error> {
  // The body is parsed as JSON; when that fails the status text stands in for the message.
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const message = body && typeof body.message === "string" && body.message !== "" ? body.message : undefined;
  if (response.status === 403 && body?.subscriptionExpired) return new SubscriptionExpiredError(message);
  return new ApiError(response.status, message, body, response.statusText || "Request failed");
}

/**
 * Sends a request with the session cookie and a JSON body, and answers the JSON reply. Throws
 * ApiError or SubscriptionExpiredError for a non-OK answer; a network failure throws fetch's own
 * TypeError, which callers tell apart with isNetworkError.
 */
export async function apiRequest<T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T> {
  const text = await (await apiResponse(method, path, body)).text();
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

/** apiRequest's OK answer itself, for the calls whose headers say something (a list's next page). */
async function apiResponse(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFor(response);
  return response;
}

/** True when the request never got an answer (offline, server down), as opposed to an error answer. */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof SubscriptionExpiredError);
}

/** What GET /api/user answers: the fields the guard and the signed-in app need. */
export type CurrentUser = Answer<typeof r.guardUserResponse>;

/** What GET /api/auth/me and PATCH /api/user/profile answer: the profile view of the user. */
export type Me = Answer<typeof r.meResponse>;

/** scheduledPosts answers Settings' question when the timezone changes with posts ahead. */
export type ProfileInput = Body<typeof profileSchema>;
type Message = Answer<typeof r.messageResponse>;
type SignedIn = Answer<typeof r.signedInResponse>;

/** Every query key in one place, so a mutation invalidates exactly what it changed. */
export const queryKeys = {
  user: ["user"] as const,
  me: ["me"] as const,
  posts: ["posts"] as const,
  /** One My Posts tab's pages. */
  postList: (tab: PostTab) => ["posts", "list", tab] as const,
  postCounts: ["posts", "counts"] as const,
  stats: ["posts", "stats"] as const,
  upcoming: ["posts", "upcoming"] as const,
  // Under "posts", so whatever refreshes the posts refreshes what is left of the week too.
  allowance: ["posts", "allowance"] as const,
  post: (postId: string) => ["posts", "one", postId] as const,
  source: (sourceId: string) => ["sources", sourceId] as const,
  subscriptionSetup: ["subscription-setup"] as const,
  linkedin: ["linkedin"] as const,
};

export const fetchUser = () => apiRequest<CurrentUser>("GET", "/api/user");
export const fetchMe = () => apiRequest<Me>("GET", "/api/auth/me");
export const updateProfile = (input: ProfileInput) => apiRequest<Answer<typeof r.profileResponse>>("PATCH", "/api/user/profile", input);
export const logout = () => apiRequest<Message>("POST", "/api/auth/logout");
export const deleteAccount = (email: string) => apiRequest<Message>("DELETE", "/api/user", { email });
export const login = (input: Body<typeof loginSchema>) => apiRequest<SignedIn>("POST", "/api/auth/login", input);
export const signup = (input: Body<typeof signupSchema>) => apiRequest<SignedIn>("POST", "/api/auth/signup", input);
export const forgotPassword = (email: string) => apiRequest<Message>("POST", "/api/auth/forgot-password", { email });
export const resetPassword = (input: Body<typeof resetPasswordSchema>) => apiRequest<Message>("POST", "/api/auth/reset-password", input);

/** What POST /api/posts/generate answers: the plan (200), or that it is still being written (202). */
export type GeneratedPlan = Answer<typeof r.generatedPlanResponse>;
export type PendingPlan = Answer<typeof r.pendingPlanResponse>;
export type PlanStage = PendingPlan["stage"];
/** One post of a generated plan (src/strategist/plan.ts). */
export type PlanPost = GeneratedPlan["posts"][number];
/** What the generator sends: generateInputSchema's output (src/strategist/input.ts), every field as the server reads it. */
export type { GenerateInput };
export type ContentType = GenerateInput["contentType"];
/** What GET /api/sources/:id answers: a pasted source and, once its job is done, its plan (stage: while pending, where the writing is; savedPostOrders: the plan's posts already saved as drafts, which a reopened plan leaves out). */
export type Source = Answer<typeof r.sourceResponse>;
/** PRODUCT.md "The weekly allowance", from GET /api/posts/allowance. */
export type Allowance = Answer<typeof r.allowanceResponse>;
/** A plan post saved as a draft; without a hook the server takes the content's first line. */
export type NewDraft = Body<typeof planPostsSchema>["posts"][number];
/** What POST /api/sources/:id/drafts answers: the plan's posts saved in one go, as many as the week has room for. */
export type SavedPlan = Answer<typeof r.savePlanResponse>;

export const generatePlan = (input: GenerateInput) => apiRequest<GeneratedPlan | PendingPlan>("POST", "/api/posts/generate", input);
export const fetchSource = (sourceId: string) => apiRequest<Source>("GET", `/api/sources/${encodeURIComponent(sourceId)}`);
export const fetchAllowance = () => apiRequest<Allowance>("GET", "/api/posts/allowance");
export const savePlanDrafts = (sourceId: string, drafts: NewDraft[]) =>
  apiRequest<SavedPlan>("POST", `/api/sources/${encodeURIComponent(sourceId)}/drafts`, { posts: drafts });

/** New hook, Shorter, Rewrite (POST /api/posts/rewrite): the post rewritten from its plan's article. */
type RewriteInput = Body<typeof rewriteInputSchema>;
export type RewriteAction = RewriteInput["action"];
export const rewritePost = (input: RewriteInput) => apiRequest<Answer<typeof r.rewriteResponse>>("POST", "/api/posts/rewrite", input);

/**
 * A saved post as the posts API answers it (src/services/posts.ts postFields); times are ISO
 * instants. linkedinUrl: the published post, given on marking as posted or set by auto-posting;
 * publishMode "auto" publishes on LinkedIn at its time, "remind" sends the posting assistant's
 * email; failureReason: LinkedIn's reason, in words a user can act on, when auto-posting failed.
 */
export type Post = Answer<typeof r.postResponse>;

/** A page of a list of posts, and the cursor of the next one (null at the end). */
export type PostPage = { posts: Post[]; nextCursor: string | null };
export type PostCounts = Answer<typeof r.countsResponse>;

/** One page of a My Posts tab, after `cursor` (the first page without it). */
export async function fetchPostPage(tab: PostTab, cursor: string | null): Promise<PostPage> {
  const query = new URLSearchParams({ status: POST_TABS[tab].join(",") });
  if (cursor) query.set("cursor", cursor);
  const response = await apiResponse("GET", `/api/posts?${query}`);
  return { posts: (await response.json()) as Post[], nextCursor: response.headers.get("x-next-cursor") };
}
export const fetchPostCounts = () => apiRequest<PostCounts>("GET", "/api/posts/counts");
export const fetchPost = (postId: string) => apiRequest<Post>("GET", `/api/posts/${encodeURIComponent(postId)}`);
/** PATCH /api/posts/:id takes exactly one of these (SPEC.md section 7). */
/** Schedule as recommended: where a plan's drafts would go (GET), then the confirmed slots (POST, one transaction). */
/** postId is null in the preview of a plan not saved yet ("Save and schedule as recommended"). */
export type SchedulePreview = Answer<typeof r.schedulePreviewResponse> | Answer<typeof r.unsavedSchedulePreviewResponse>;
export type ScheduleSlot = SchedulePreview["slots"][number];
export const fetchSchedulePreview = (sourceId: string, skipBusy: boolean) =>
  apiRequest<SchedulePreview>("GET", `/api/sources/${encodeURIComponent(sourceId)}/schedule${skipBusy ? "" : "?skipBusy=false"}`);
export const scheduleAsRecommended = (sourceId: string, slots: Body<typeof scheduleSlotsSchema>["slots"]) =>
  apiRequest<Post[]>("POST", `/api/sources/${encodeURIComponent(sourceId)}/schedule`, { slots });
/** Save and schedule as recommended: the dates for posts not saved yet (nothing is written), then both in one transaction. */
export const fetchUnsavedSchedulePreview = (sourceId: string, drafts: NewDraft[], skipBusy: boolean) =>
  apiRequest<SchedulePreview>("POST", `/api/sources/${encodeURIComponent(sourceId)}/schedule/preview`, { posts: drafts, skipBusy });
export const saveAndSchedule = (sourceId: string, drafts: NewDraft[], slots: Body<typeof saveAndScheduleSchema>["slots"]) =>
  apiRequest<Post[]>("POST", `/api/sources/${encodeURIComponent(sourceId)}/save-and-schedule`, { posts: drafts, slots });
export type PublishMode = Post["publishMode"];
/** Without a mode the server keeps a scheduled post's own, or picks "auto" when LinkedIn is connected. */
export const schedulePost = (postId: string, scheduledTime: string, publishMode?: PublishMode) =>
  apiRequest<Post>("PATCH", `/api/posts/${encodeURIComponent(postId)}`, { scheduledTime, status: "scheduled", ...(publishMode ? { publishMode } : {}) });
/** A post whose auto-posting failed, published again now. */
export const retryPost = (postId: string) => apiRequest<Post>("POST", `/api/posts/${encodeURIComponent(postId)}/retry`);
/** GET /api/linkedin: whether auto-posting is available here, and the profile connected. */
export type LinkedinStatus = Answer<typeof r.linkedinResponse>;
export const fetchLinkedin = () => apiRequest<LinkedinStatus>("GET", "/api/linkedin");
export const disconnectLinkedin = () => apiRequest<Message>("DELETE", "/api/linkedin");
export const markPostPosted = (postId: string, linkedinUrl = "") =>
  apiRequest<Post>(
    "PATCH",
    `/api/posts/${encodeURIComponent(postId)}`,
    linkedinUrl.trim() ? { status: "posted", linkedinUrl: linkedinUrl.trim() } : { status: "posted" },
  );
export const editPostContent = (postId: string, content: string) => apiRequest<Post>("PATCH", `/api/posts/${encodeURIComponent(postId)}`, { content });
/** Back to draft: unschedules a scheduled post, or undoes Mark as Posted (its posting and results cleared). */
export const backToDraft = (postId: string) => apiRequest<Post>("PATCH", `/api/posts/${encodeURIComponent(postId)}`, { status: "draft" });
export const deletePost = (postId: string) => apiRequest<Message>("DELETE", `/api/posts/${encodeURIComponent(postId)}`);

/** Hosted checkout (Stripe Checkout, or the local demo checkout): where to send the browser. sessionUrl may be missing (SPEC.md section 8). */
export const createCheckoutSession = () => apiRequest<Partial<Answer<typeof r.checkoutResponse>>>("POST", "/api/stripe/create-checkout-session");
/** The embedded payment form's subscription: the Payment Element's clientSecret, and which provider made it. */
export type SubscriptionSetup = Answer<typeof r.subscriptionResponse>;
export const createSubscription = () => apiRequest<SubscriptionSetup>("POST", "/api/create-subscription");
export const cancelSubscription = () => apiRequest<Answer<typeof r.cancelledResponse>>("POST", "/api/stripe/cancel-subscription");
/** Demo billing only: the local checkout was confirmed, the trial starts. */
export const completeDemoCheckout = () => apiRequest<SignedIn>("POST", "/api/demo-checkout/complete");

/** The server's own words about a failure, when it sent any (for toasts that show them). */
export function serverMessageOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof SubscriptionExpiredError) return error.message;
  return undefined;
}
