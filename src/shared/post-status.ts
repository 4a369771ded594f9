/**
 * What may happen to a post in each status (PRODUCT.md "Posts"), the one statement of the rules:
 * the server enforces them and the islands offer only what the server will accept.
 * `failed` is reserved for auto-posting.
 */
export const POST_STATUSES = ["draft", "scheduled", "posted", "failed"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** My Posts' tabs and the statuses each lists: a failed post has no tab of its own, it waits with the drafts. */
export const POST_TABS = { scheduled: ["scheduled"], draft: ["draft", "failed"], posted: ["posted"] } as const satisfies Record<string, readonly PostStatus[]>;
export type PostTab = keyof typeof POST_TABS;

/** SPEC.md section 4: a status the app does not know shows as draft. */
export const displayStatus = (status: string): PostStatus => ((POST_STATUSES as readonly string[]).includes(status) ? (status as PostStatus) : "draft");

/** Only drafts can be edited. */
export const canEdit = (status: string) => status === "draft";
/** Drafts and scheduled posts can be scheduled (again) and marked as posted. */
export const canSchedule = (status: string) => status === "draft" || status === "scheduled";
export const canMarkPosted = canSchedule;
/** Back to draft: a scheduled post is unscheduled; a posted one is marked as not posted. */
export const canUnschedule = (status: string) => status === "scheduled";
export const canMarkNotPosted = (status: string) => status === "posted";
export const canGoBackToDraft = (status: string) => canUnschedule(status) || canMarkNotPosted(status);
