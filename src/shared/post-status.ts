/**
 * What may happen to a post in each status (PRODUCT.md "Posts"), the one statement of the rules:
 * the server enforces them and the islands offer only what the server will accept.
 * `failed` is reserved for auto-posting: it waits with the drafts until retried, rescheduled,
 * edited, marked as posted by hand or deleted.
 */
export const POST_STATUSES = ["draft", "scheduled", "posted", "failed"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** My Posts' tabs and the statuses each lists: a failed post has no tab of its own, it waits with the drafts. */
export const POST_TABS = { scheduled: ["scheduled"], draft: ["draft", "failed"], posted: ["posted"] } as const satisfies Record<string, readonly PostStatus[]>;
export type PostTab = keyof typeof POST_TABS;

/** SPEC.md section 4: a status the app does not know shows as draft. */
export const displayStatus = (status: string): PostStatus => ((POST_STATUSES as readonly string[]).includes(status) ? (status as PostStatus) : "draft");

/** Edit until it goes out (PRODUCT.md "Posts"): drafts, scheduled posts and failed auto-posts; never a posted one. */
export const canEdit = (status: string) => status === "draft" || status === "scheduled" || status === "failed";
/** Drafts, scheduled posts and failed ones can be scheduled (again) and marked as posted (by hand). */
export const canSchedule = (status: string) => status === "draft" || status === "scheduled" || status === "failed";
export const canMarkPosted = canSchedule;
/** A failed auto-post can be published again now. */
export const canRetry = (status: string) => status === "failed";
/** Back to draft: a scheduled post is unscheduled; a posted one is marked as not posted. */
export const canUnschedule = (status: string) => status === "scheduled";
export const canMarkNotPosted = (status: string) => status === "posted";
export const canGoBackToDraft = (status: string) => canUnschedule(status) || canMarkNotPosted(status);
