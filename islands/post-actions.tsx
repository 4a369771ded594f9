import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { nextOccurrence } from "../src/shared/recommended-slots";
import { formatInZone, wallTime, zonedTimeToInstant } from "../src/shared/zoned-time";
import { backToDraft, deletePost, editPostContent, isNetworkError, markPostPosted, type Post, queryKeys, type RewriteAction, schedulePost, serverMessageOf } from "./api";
import { copyToClipboard } from "./clipboard";
import { LinkedinPreview } from "./linkedin-preview";
import { MarkPostedForm, startPostNow } from "./post-now";
import { followGuard } from "./guard-client";
import { appIcons, Icon } from "./icons";
import { formatCount, MAX_POST_CHARS } from "./plan-text";
import { PostStatusBadge } from "./post-status";
import { RewriteButtons, usePostRewrite } from "./post-rewrite";
import { PostTypeBadge } from "./post-type";
import { networkErrorToast, toast } from "./toast-store";

/**
 * What My Posts and /posts/:id share (SPEC.md "My Posts", PRODUCT.md "Posts"): the card's actions,
 * the View, Schedule and Edit dialogs, the export file, and the mutations behind them. Every time
 * shown or typed is in the user's profile timezone.
 */

/** "posted": Mark as Posted's confirm; "post-now": the same question after Post now opened LinkedIn. */
export type PostDialog = "view" | "schedule" | "edit" | "posted" | "post-now" | "delete";

const REWRITTEN: Record<RewriteAction, string> = {
  hook: "The post opens with a new hook.",
  shorter: "The post is shorter now.",
  rewrite: "The post is rewritten.",
};

// SPEC.md section 4: an unknown status shows as draft.
const KNOWN_STATUSES = ["draft", "scheduled", "posted", "failed"];
export const displayStatus = (status: string) => (KNOWN_STATUSES.includes(status) ? status : "draft");
// PRODUCT.md "Posts": the server's rules, mirrored so the UI offers only what it will accept.
export const canEdit = (post: Post) => post.status === "draft";
export const canMarkPosted = (post: Post) => post.status === "draft" || post.status === "scheduled";
export const canSchedule = canMarkPosted;

/** The line under a post: when it is scheduled, or when it went out. */
export function postTimeLine(post: Post, timeZone: string): string {
  if (post.status === "posted" && post.postedAt) return `Posted ${formatInZone(post.postedAt, timeZone)}`;
  if (post.scheduledTime) return formatInZone(post.scheduledTime, timeZone);
  return "Not scheduled";
}

/** PRODUCT.md "Posts": the content, a line '---', then 'Scheduled: <time>' or 'Not scheduled'. */
export function exportText(post: Post, timeZone: string): string {
  const when = post.scheduledTime ? `Scheduled: ${formatInZone(post.scheduledTime, timeZone)}` : "Not scheduled";
  return `${post.content}\n---\n${when}\n`;
}

/** Downloads the post as linkedin-post-{timestamp}.txt and says so. */
export function exportPost(post: Post, timeZone: string): void {
  const url = URL.createObjectURL(new Blob([exportText(post, timeZone)], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `linkedin-post-${Date.now()}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the click, not synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  toast({ title: "Post exported" });
}

/** The value a datetime-local input shows for an instant, in `timeZone` ("2026-03-03T09:00"). */
export function toLocalInput(instant: Date | string, timeZone: string): string {
  const wall = wallTime(new Date(instant), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant a datetime-local value names in `timeZone`, or null when it is not one. */
export function fromLocalInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return zonedTimeToInstant({ year, month, day, hour, minute }, timeZone);
}

const failureText = (error: unknown) => (isNetworkError(error) ? networkErrorToast.description! : (serverMessageOf(error) ?? "Something went wrong. Please try again."));

/**
 * The four writes, each refreshing the posts, stats, upcoming and allowance queries (all under
 * "posts") and the profile, as SPEC.md section 7 asks. A failure the guard owns leaves the page.
 */
export function usePostMutations(options: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.posts }), queryClient.invalidateQueries({ queryKey: queryKeys.me })]);
  };
  const reportFailure = (title: string) => async (error: unknown) => {
    if (await followGuard(error)) return;
    toast({ title, description: failureText(error), variant: "destructive" });
  };
  const schedule = useMutation({
    mutationFn: ({ post, scheduledTime }: { post: Post; scheduledTime: string }) => schedulePost(post.id, scheduledTime),
    onSuccess: async () => {
      toast({ title: "Post scheduled" });
      await refresh();
    },
  });
  const edit = useMutation({
    mutationFn: ({ post, content }: { post: Post; content: string }) => editPostContent(post.id, content),
    onSuccess: async () => {
      toast({ title: "Post updated" });
      await refresh();
    },
  });
  const markPosted = useMutation({
    mutationFn: ({ post, linkedinUrl }: { post: Post; linkedinUrl?: string }) => markPostPosted(post.id, linkedinUrl),
    onSuccess: async () => {
      toast({ title: "Post marked as posted" });
      await refresh();
    },
  });
  const toDraft = useMutation({
    mutationFn: (post: Post) => backToDraft(post.id),
    onSuccess: async (_updated, post) => {
      toast(post.status === "posted" ? { title: "Marked as not posted", description: "It is back in Drafts." } : { title: "Post unscheduled", description: "It is back in Drafts, and its reminder is cancelled." });
      await refresh();
    },
    onError: reportFailure("Could not change the post"),
  });
  const remove = useMutation({
    mutationFn: (post: Post) => deletePost(post.id),
    onSuccess: async () => {
      if (options.onDeleted) return options.onDeleted();
      toast({ title: "Post deleted" });
      await refresh();
    },
    onError: reportFailure("Could not delete the post"),
  });
  return { schedule, edit, markPosted, toDraft, remove };
}

export type PostMutations = ReturnType<typeof usePostMutations>;

/** A card's actions (SPEC.md "My Posts"). Schedule is shown for every post; the server accepts it only for drafts and scheduled posts. */
export function PostActionButtons({ post, timeZone, mutations, open, showView = true }: { post: Post; timeZone: string; mutations: PostMutations; open: (dialog: PostDialog) => void; showView?: boolean }) {
  const busy =
    (mutations.markPosted.isPending && mutations.markPosted.variables?.post.id === post.id) ||
    (mutations.remove.isPending && mutations.remove.variables?.id === post.id) ||
    (mutations.toDraft.isPending && mutations.toDraft.variables?.id === post.id);
  const button = "btn btn-ghost btn-sm gap-1.5 px-2.5";
  return (
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
      {canEdit(post) && (
        <button type="button" className={button} onClick={() => open("edit")}>
          <Icon d={appIcons.pencil} className="size-4" />
          Edit
        </button>
      )}
      {canMarkPosted(post) && (
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
          Post now
        </button>
      )}
      {canMarkPosted(post) && (
        <button type="button" className={button} disabled={busy} onClick={() => open("posted")}>
          <Icon d={appIcons.check} className="size-4" />
          Mark as Posted
        </button>
      )}
      <button
        type="button"
        className={button}
        disabled={!canSchedule(post)}
        title={canSchedule(post) ? undefined : "Only drafts and scheduled posts can be scheduled"}
        onClick={() => open("schedule")}
      >
        <Icon d={appIcons.calendar} className="size-4" />
        Schedule
      </button>
      {post.status === "scheduled" && (
        <button type="button" className={button} disabled={busy} onClick={() => mutations.toDraft.mutate(post)}>
          <Icon d={appIcons.undo} className="size-4" />
          Unschedule
        </button>
      )}
      {post.status === "posted" && (
        <button type="button" className={button} disabled={busy} title="Posted by mistake? Put it back in Drafts" onClick={() => mutations.toDraft.mutate(post)}>
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

/** A modal dialog, open from the moment it mounts; closing it (Escape, Close, the backdrop) unmounts it through onClose. */
export function Modal({ title, onClose, children, wide = false }: { title: string; onClose: () => void; children: (titleId: string) => ReactNode; wide?: boolean }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className={`modal-box ${wide ? "sm:max-w-2xl" : ""}`}>
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-square -mr-2 -mt-1" aria-label="Close" onClick={() => dialog.current?.close()}>
            <Icon d={appIcons.close} className="size-4" />
          </button>
        </div>
        <div className="mt-4">{children(`${id}-title`)}</div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}

export function ViewPostDialog({ post, timeZone, onClose }: { post: Post; timeZone: string; onClose: () => void }) {
  return (
    <Modal title="View Post" onClose={onClose} wide>
      {() => (
        <>
          <PostDetails post={post} timeZone={timeZone} />
          <div className="modal-action flex-wrap">
            <button type="button" className="btn btn-outline" onClick={() => void copyToClipboard(post.content)}>
              <Icon d={appIcons.copy} className="size-4" />
              Copy to Clipboard
            </button>
            <button type="button" className="btn btn-primary" onClick={() => exportPost(post, timeZone)}>
              <Icon d={appIcons.download} className="size-4" />
              Export Post
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

/** Schedule Post: a datetime-local input read in the profile timezone (SPEC.md section 5: a date-time must be chosen). */
export function SchedulePostDialog({ post, timeZone, mutations, onClose }: { post: Post; timeZone: string; mutations: PostMutations; onClose: () => void }) {
  const id = useId();
  // A draft from a plan opens on its recommended slot (the next one to come), so accepting the advice is one click.
  const recommended = post.recommendedDay && post.recommendedTime ? nextOccurrence(post.recommendedDay, post.recommendedTime, new Date(), timeZone) : undefined;
  const [value, setValue] = useState(() => (post.scheduledTime ? toLocalInput(post.scheduledTime, timeZone) : recommended ? toLocalInput(recommended, timeZone) : ""));
  const [failure, setFailure] = useState<string | null>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const pending = mutations.schedule.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const instant = fromLocalInput(value, timeZone);
    if (!instant) return setFailure("Choose a date and time.");
    setFailure(null);
    mutations.schedule.mutate(
      { post, scheduledTime: instant.toISOString() },
      closeOrExplain(closer, setFailure),
    );
  }

  return (
    <Modal title="Schedule Post" onClose={onClose}>
      {() => (
        <form onSubmit={submit} noValidate>
          <p className="text-sm text-base-content/75 line-clamp-2">{post.content}</p>
          <label htmlFor={`${id}-when`} className="mt-4 block text-sm font-medium">
            Date and time
          </label>
          <input
            id={`${id}-when`}
            type="datetime-local"
            className="input mt-1.5 w-full"
            required
            value={value}
            min={toLocalInput(new Date(), timeZone)}
            onChange={(event) => setValue(event.target.value)}
            aria-describedby={`${id}-zone`}
          />
          <p id={`${id}-zone`} className="mt-1.5 text-xs text-base-content/70">
            {`Times in ${timeZone.replaceAll("_", " ")}`}
            {recommended && !post.scheduledTime && <span data-recommended>{`. Recommended: ${post.recommendedDay} ${post.recommendedTime}`}</span>}
          </p>
          {failure && (
            <p role="alert" className="alert alert-error alert-soft mt-4 text-sm">
              {failure}
            </p>
          )}
          <div className="modal-action">
            <button ref={closer} type="button" className="btn btn-ghost" onClick={(event) => event.currentTarget.closest("dialog")?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={value === "" || pending} aria-busy={pending || undefined}>
              {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Schedule Post
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * A dialog mutation's outcome: success closes the dialog (through its Cancel button, so the
 * dialog's own close handling runs); a failure the guard does not redirect is shown in it.
 */
function closeOrExplain(closer: { current: HTMLButtonElement | null }, setFailure: (message: string | null) => void) {
  return {
    onSuccess: () => closer.current?.click(),
    onError: async (error: unknown) => {
      if (!(await followGuard(error))) setFailure(failureText(error));
    },
  };
}

/** Edit Post: the content with its character count; it must not be blank (SPEC.md section 5). */
export function EditPostDialog({ post, mutations, onClose }: { post: Post; mutations: PostMutations; onClose: () => void }) {
  const id = useId();
  const [content, setContent] = useState(post.content);
  const [failure, setFailure] = useState<string | null>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const pending = mutations.edit.isPending;
  // New hook, Shorter, Rewrite replace the text here; Save Changes keeps it, Cancel does not.
  const rewrite = usePostRewrite(post.sourceId ?? "", (rewritten, action) => {
    setContent(rewritten);
    toast({ title: "Updated", description: `${REWRITTEN[action]} Save Changes to keep it.` });
  });
  const rewriting = rewrite.running !== undefined;
  const tooLong = content.length > MAX_POST_CHARS;
  const canSave = content.trim() !== "" && !tooLong && !pending && !rewriting;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    setFailure(null);
    mutations.edit.mutate(
      { post, content: content.trim() },
      closeOrExplain(closer, setFailure),
    );
  }

  return (
    <Modal title="Edit Post" onClose={onClose} wide>
      {() => (
        <form onSubmit={submit}>
          <label htmlFor={`${id}-content`} className="block text-sm font-medium">
            Post content
          </label>
          <textarea
            id={`${id}-content`}
            className="textarea mt-1.5 min-h-64 w-full text-[0.9375rem] leading-relaxed"
            value={content}
            onChange={(event) => setContent(event.target.value)}
            readOnly={rewriting}
            aria-describedby={`${id}-count`}
          />
          <p id={`${id}-count`} data-char-count className={`mt-1.5 text-xs ${tooLong ? "text-error" : "text-base-content/70"}`}>
            {`${formatCount(content.length)} / ${formatCount(MAX_POST_CHARS)} characters`}
            {content.trim() === "" && " · The post cannot be empty."}
          </p>
          <div className="mt-3">
            <LinkedinPreview text={content} defaultOpen />
          </div>
          {/* Only a post saved from a plan has an article to rewrite from. */}
          {post.sourceId && (
            <div className="mt-3">
              <RewriteButtons rewrite={rewrite} content={content} disabled={tooLong || pending} label="Rewrite this post" />
            </div>
          )}
          {failure && (
            <p role="alert" className="alert alert-error alert-soft mt-4 text-sm">
              {failure}
            </p>
          )}
          <div className="modal-action">
            <button ref={closer} type="button" className="btn btn-ghost" onClick={(event) => event.currentTarget.closest("dialog")?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={!canSave} aria-busy={pending || undefined}>
              {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Save Changes
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * Mark as Posted, and Post now's "Did you post it?": the optional address of the post on
 * LinkedIn (it lets the dashboard ask how the post did), then the change.
 */
export function MarkPostedDialog({ post, mutations, afterPostNow, onClose }: { post: Post; mutations: PostMutations; afterPostNow: boolean; onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const closer = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={afterPostNow ? "Did you post it?" : "Mark as Posted"} onClose={onClose}>
      {() => (
        <MarkPostedForm
          afterPostNow={afterPostNow}
          pending={mutations.markPosted.isPending}
          failure={failure}
          onSubmit={(linkedinUrl) => {
            setFailure(null);
            mutations.markPosted.mutate({ post, linkedinUrl }, closeOrExplain(closer, setFailure));
          }}
          cancel={
            <button ref={closer} type="button" className="btn btn-ghost" onClick={(event) => event.currentTarget.closest("dialog")?.close()}>
              {afterPostNow ? "Not yet" : "Cancel"}
            </button>
          }
        />
      )}
    </Modal>
  );
}

/** Delete, confirmed: the post goes for good, and (PRODUCT.md) its save still counts this week. */
export function DeletePostDialog({ post, mutations, onClose }: { post: Post; mutations: PostMutations; onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const pending = mutations.remove.isPending;
  return (
    <Modal title="Delete this post?" onClose={onClose}>
      {() => (
        <div>
          <p className="text-sm text-base-content/75 line-clamp-2">{post.content}</p>
          <p className="mt-3 text-sm">It is deleted for good. Its place in this week's allowance is not given back: the 7 posts a week count saves, not posts kept.</p>
          {failure && (
            <p role="alert" className="alert alert-error alert-soft mt-4 text-sm">
              {failure}
            </p>
          )}
          <div className="modal-action">
            <button ref={closer} type="button" className="btn btn-ghost" onClick={(event) => event.currentTarget.closest("dialog")?.close()}>
              Cancel
            </button>
            <button type="button" className="btn btn-error" disabled={pending} aria-busy={pending || undefined} onClick={() => mutations.remove.mutate(post, closeOrExplain(closer, setFailure))}>
              {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon d={appIcons.trash} className="size-4" />}
              Delete post
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** Which dialog is open for which post, and the dialog itself. */
export function useOpenDialog() {
  const [open, setOpen] = useState<{ dialog: PostDialog; postId: string } | null>(null);
  return { open, show: (postId: string, dialog: PostDialog) => setOpen({ dialog, postId }), close: () => setOpen(null) };
}

export function PostDialogs({ open, post, timeZone, mutations, onClose }: { open: PostDialog | null; post: Post | undefined; timeZone: string; mutations: PostMutations; onClose: () => void }) {
  if (!open || !post) return null;
  if (open === "view") return <ViewPostDialog key={post.id} post={post} timeZone={timeZone} onClose={onClose} />;
  if (open === "schedule") return <SchedulePostDialog key={post.id} post={post} timeZone={timeZone} mutations={mutations} onClose={onClose} />;
  if (open === "delete") return <DeletePostDialog key={post.id} post={post} mutations={mutations} onClose={onClose} />;
  if (open === "posted" || open === "post-now") return <MarkPostedDialog key={post.id} post={post} mutations={mutations} afterPostNow={open === "post-now"} onClose={onClose} />;
  return <EditPostDialog key={post.id} post={post} mutations={mutations} onClose={onClose} />;
}
