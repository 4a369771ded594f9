import { formatLongDate } from "../../src/shared/format-date";
import { canEdit, canMarkNotPosted, canMarkPosted, canRetry, canSchedule, canUnschedule, displayStatus } from "../../src/shared/post-status";
import type { Post } from "../api";
import { copyToClipboard } from "../ui/clipboard";
import { appIcons, Icon } from "../ui/icons";
import type { PostDialog } from "./open-dialog";
import type { PostMutations } from "./post-mutations";
import { startPostNow } from "./post-now";
import { PostStatusBadge } from "./post-status";
import { exportPost, postTimeLine } from "./post-time";
import { PostTypeBadge } from "./post-type";

/**
 * What My Posts and /posts/:id share (SPEC.md "My Posts", PRODUCT.md "Posts"): a card's actions
 * and a post's details. The dialogs are in post-dialogs.tsx, the writes in post-mutations.ts, the
 * times (always the profile timezone's) in post-time.ts, the status rules in src/shared/post-status.ts.
 */

/** A card's actions (SPEC.md "My Posts"). Schedule is shown for every post; the server accepts it only for drafts and scheduled posts. */
export function PostActionButtons({
  post,
  timeZone,
  mutations,
  open,
  showView = true,
}: {
  post: Post;
  timeZone: string;
  mutations: PostMutations;
  open: (dialog: PostDialog) => void;
  showView?: boolean;
}) {
  const busy =
    (mutations.markPosted.isPending && mutations.markPosted.variables?.post.id === post.id) ||
    (mutations.remove.isPending && mutations.remove.variables?.id === post.id) ||
    (mutations.toDraft.isPending && mutations.toDraft.variables?.id === post.id);
  const button = "btn btn-ghost btn-sm gap-1.5 px-2.5";
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons: role=group names it without a <fieldset>'s form semantics
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Post actions">
      {showView && (
        <button type="button" className={button} onClick={() => open("view")}>
          <Icon d={appIcons.document} className="size-4" />
          View
        </button>
      )}
      <button type="button" className={button} onClick={() => void copyToClipboard(post.content)}>
        <Icon d={appIcons.copy} className="size-4" />
        Copy
      </button>
      <button type="button" className={button} onClick={() => exportPost(post, timeZone)}>
        <Icon d={appIcons.download} className="size-4" />
        Export
      </button>
      {canRetry(post.status) && (
        <button
          type="button"
          className={`${button} text-primary`}
          disabled={busy || (mutations.retry.isPending && mutations.retry.variables?.id === post.id)}
          title="Publish it on LinkedIn again, now"
          onClick={() => mutations.retry.mutate(post)}
        >
          <Icon d={appIcons.undo} className="size-4" />
          Retry
        </button>
      )}
      {canEdit(post.status) && (
        <a className={button} href={`/posts/${post.id}/carousel`} title="Slides people swipe through, made from this post: preview, edit, download the PDF">
          <Icon d={appIcons.document} className="size-4" />
          Make a carousel
        </a>
      )}
      {canEdit(post.status) && (
        <button type="button" className={button} onClick={() => open("edit")}>
          <Icon d={appIcons.pencil} className="size-4" />
          Edit
        </button>
      )}
      {canMarkPosted(post.status) && (
        <button
          type="button"
          className={`${button} text-primary`}
          disabled={busy}
          title="Copy the text and open LinkedIn with it filled in"
          onClick={() => {
            startPostNow(post.content);
            open("post-now");
          }}
        >
          <Icon d={appIcons.send} className="size-4" />
          {post.status === "failed" ? "Post it yourself" : "Post now"}
        </button>
      )}
      {canMarkPosted(post.status) && (
        <button type="button" className={button} disabled={busy} onClick={() => open("posted")}>
          <Icon d={appIcons.check} className="size-4" />
          Mark as Posted
        </button>
      )}
      <button
        type="button"
        className={button}
        disabled={!canSchedule(post.status)}
        title={canSchedule(post.status) ? undefined : "Only drafts and scheduled posts can be scheduled"}
        onClick={() => open("schedule")}
      >
        <Icon d={appIcons.calendar} className="size-4" />
        Schedule
      </button>
      {canUnschedule(post.status) && (
        <button type="button" className={button} disabled={busy} onClick={() => mutations.toDraft.mutate(post)}>
          <Icon d={appIcons.undo} className="size-4" />
          Unschedule
        </button>
      )}
      {canMarkNotPosted(post.status) && (
        <button
          type="button"
          className={button}
          disabled={busy}
          title="Posted by mistake? Put it back in Drafts"
          onClick={() => mutations.toDraft.mutate(post)}
        >
          <Icon d={appIcons.undo} className="size-4" />
          Mark as not posted
        </button>
      )}
      <button type="button" className={`${button} text-red-700 hover:bg-red-700/10 dark:text-error`} disabled={busy} onClick={() => open("delete")}>
        <Icon d={appIcons.trash} className="size-4" />
        Delete
      </button>
    </div>
  );
}

/**
 * What auto-posting says about a post (issue #15): why it failed, where it is on LinkedIn, that it
 * will publish itself, and a warning when that is after the LinkedIn connection ends.
 */
export function PublishNote({ post, timeZone, linkedinExpiresAt }: { post: Post; timeZone: string; linkedinExpiresAt?: string | null }) {
  if (post.status === "failed") {
    return (
      <p role="alert" data-failure-reason className="rounded-box bg-error/10 px-3 py-2 text-sm text-red-800 dark:text-error">
        <span className="font-semibold">Not published. </span>
        {post.failureReason ?? "Auto-posting failed."}
      </p>
    );
  }
  if (post.status === "posted" && post.linkedinUrl) {
    return (
      <a href={post.linkedinUrl} target="_blank" rel="noopener noreferrer" data-linkedin-link className="link link-primary text-sm break-all">
        View on LinkedIn
      </a>
    );
  }
  if (post.status === "scheduled" && post.publishMode === "auto") {
    const late = linkedinExpiresAt && post.scheduledTime && new Date(post.scheduledTime).getTime() > new Date(linkedinExpiresAt).getTime();
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="badge badge-sm badge-outline" data-publish-auto>
          Publishes automatically
        </span>
        {late && (
          <span className="badge badge-sm badge-warning" data-after-expiry>
            {`After your LinkedIn connection expires on ${formatLongDate(linkedinExpiresAt, timeZone)}`}
          </span>
        )}
      </div>
    );
  }
  return null;
}

/** The View Post dialog's body, also the body of /posts/:id: content, hook, strategy, type and order. */
export function PostDetails({ post, timeZone }: { post: Post; timeZone: string }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <PostStatusBadge status={displayStatus(post.status)} />
        <PostTypeBadge type={post.postType} />
        <span className="text-base-content/70">{`Post #${post.postOrder}`}</span>
        <span className="flex items-center gap-1 text-base-content/70">
          <Icon d={appIcons.clock} className="size-4" />
          <span data-post-time>{postTimeLine(post, timeZone)}</span>
        </span>
      </div>
      <PublishNote post={post} timeZone={timeZone} />
      <div data-post-content className="rounded-box bg-base-200/60 p-4 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap">
        {post.content}
      </div>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="font-semibold">Hook</dt>
          <dd className="mt-0.5 text-base-content/80">{post.hook || "None"}</dd>
        </div>
        <div>
          <dt className="font-semibold">Strategy</dt>
          <dd className="mt-0.5 text-base-content/80 whitespace-pre-wrap">{post.strategyExplanation || "None"}</dd>
        </div>
        {post.recommendedDay && (
          <div>
            <dt className="font-semibold">Recommended</dt>
            <dd className="mt-0.5 text-base-content/80">{[post.recommendedDay, post.recommendedTime].filter(Boolean).join(" at ")}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
