import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { nextOccurrence } from "../../src/shared/recommended-slots";
import { fetchLinkedin, type Post, type PublishMode, queryKeys, type RewriteAction } from "../api";
import { copyToClipboard } from "../ui/clipboard";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { LinkedinPreview } from "./linkedin-preview";
import { FailureAlert } from "../ui/failure-alert";
import { DialogCancel, Modal } from "../ui/modal";
import { PostDetails } from "./post-actions";
import { failureMessage } from "../ui/failure-toast";
import type { PostDialog } from "./open-dialog";
import type { PostMutations } from "./post-mutations";
import { MarkPostedForm } from "./post-now";
import { RewriteButtons, usePostRewrite } from "./post-rewrite";
import { useRewriteHistory } from "./rewrite-history";
import { exportPost, fromLocalInput, toLocalInput } from "./post-time";
import { formatCount, MAX_POST_CHARS } from "./plan-text";
import { toast } from "../ui/toast-store";

/** The dialogs a post opens from My Posts and /posts/:id: View, Schedule, Edit, Mark as Posted (and Post now's question), Delete. */

const REWRITTEN: Record<RewriteAction, string> = {
  hook: "The post opens with a new hook.",
  shorter: "The post is shorter now.",
  rewrite: "The post is rewritten.",
};

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
  const [value, setValue] = useState(() =>
    post.scheduledTime ? toLocalInput(post.scheduledTime, timeZone) : recommended ? toLocalInput(recommended, timeZone) : "",
  );
  const [failure, setFailure] = useState<string | null>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const pending = mutations.schedule.isPending;
  // Auto-posting is offered only with LinkedIn connected; a scheduled post opens on its own mode.
  const linkedin = useQuery({ queryKey: queryKeys.linkedin, queryFn: fetchLinkedin });
  const connected = Boolean(linkedin.data?.available && linkedin.data.connection);
  const [mode, setMode] = useState<PublishMode | null>(post.status === "scheduled" && post.publishMode ? post.publishMode : null);
  const chosenMode: PublishMode = mode ?? (connected ? "auto" : "remind");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const instant = fromLocalInput(value, timeZone);
    if (!instant) return setFailure("Choose a date and time.");
    setFailure(null);
    mutations.schedule.mutate(
      { post, scheduledTime: instant.toISOString(), publishMode: connected ? chosenMode : "remind" },
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
          {connected && (
            <fieldset className="mt-4" data-publish-mode>
              <legend className="text-sm font-medium">At that time</legend>
              <label className="mt-2 flex cursor-pointer items-start gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm mt-0.5"
                  name={`${id}-mode`}
                  value="auto"
                  checked={chosenMode === "auto"}
                  onChange={() => setMode("auto")}
                />
                <span>
                  <span className="font-medium">Publish automatically</span>
                  <span className="block text-base-content/70">{`Posted on LinkedIn as ${linkedin.data?.connection?.name ?? "you"}.`}</span>
                </span>
              </label>
              <label className="mt-2 flex cursor-pointer items-start gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm mt-0.5"
                  name={`${id}-mode`}
                  value="remind"
                  checked={chosenMode === "remind"}
                  onChange={() => setMode("remind")}
                />
                <span>
                  <span className="font-medium">Remind me</span>
                  <span className="block text-base-content/70">An email with the post, ready to paste into LinkedIn.</span>
                </span>
              </label>
            </fieldset>
          )}
          <FailureAlert message={failure} />
          <div className="modal-action">
            <DialogCancel closer={closer} />
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
      if (!(await followGuard(error))) setFailure(failureMessage(error));
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
  // Undo rewrite puts the text before back, saved the same way; its history outlives the dialog
  // (rewrite-history.ts), so a rewrite saved by mistake can be undone when the dialog opens again.
  const history = useRewriteHistory(`post:${post.id}`, content);
  const rewrite = usePostRewrite(
    post.sourceId ?? "",
    (rewritten, action, before) => {
      history.record(before, rewritten);
      setContent(rewritten);
      toast({ title: "Updated", description: `${REWRITTEN[action]} Save Changes to keep it.` });
    },
    post.postOrder,
  );
  function undo() {
    const before = history.undo();
    if (before === undefined) return;
    setContent(before);
    toast({ title: "Updated", description: "The post is back to its text before the rewrite. Save Changes to keep it." });
  }
  const rewriting = rewrite.running !== undefined;
  const tooLong = content.length > MAX_POST_CHARS;
  const canSave = content.trim() !== "" && !tooLong && !pending && !rewriting;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    setFailure(null);
    mutations.edit.mutate({ post, content: content.trim() }, closeOrExplain(closer, setFailure));
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
              <RewriteButtons
                rewrite={rewrite}
                content={content}
                disabled={tooLong || pending}
                label="Rewrite this post"
                onUndo={history.canUndo ? undo : undefined}
              />
            </div>
          )}
          <FailureAlert message={failure} />
          <div className="modal-action">
            <DialogCancel closer={closer} />
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
export function MarkPostedDialog({
  post,
  mutations,
  afterPostNow,
  onClose,
}: {
  post: Post;
  mutations: PostMutations;
  afterPostNow: boolean;
  onClose: () => void;
}) {
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
          cancel={<DialogCancel closer={closer} label={afterPostNow ? "Not yet" : "Cancel"} />}
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
          <p className="mt-3 text-sm">
            It is deleted for good. Its place in this week's allowance is not given back: the 7 posts a week count saves, not posts kept.
          </p>
          <FailureAlert message={failure} />
          <div className="modal-action">
            <DialogCancel closer={closer} />
            <button
              type="button"
              className="btn btn-error"
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={() => mutations.remove.mutate(post, closeOrExplain(closer, setFailure))}
            >
              {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon d={appIcons.trash} className="size-4" />}
              Delete post
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

export { useOpenDialog } from "./open-dialog";

export function PostDialogs({
  open,
  post,
  timeZone,
  mutations,
  onClose,
}: {
  open: PostDialog | null;
  post: Post | undefined;
  timeZone: string;
  mutations: PostMutations;
  onClose: () => void;
}) {
  if (!open || !post) return null;
  if (open === "view") return <ViewPostDialog key={post.id} post={post} timeZone={timeZone} onClose={onClose} />;
  if (open === "schedule") return <SchedulePostDialog key={post.id} post={post} timeZone={timeZone} mutations={mutations} onClose={onClose} />;
  if (open === "delete") return <DeletePostDialog key={post.id} post={post} mutations={mutations} onClose={onClose} />;
  if (open === "posted" || open === "post-now")
    return <MarkPostedDialog key={post.id} post={post} mutations={mutations} afterPostNow={open === "post-now"} onClose={onClose} />;
  return <EditPostDialog key={post.id} post={post} mutations={mutations} onClose={onClose} />;
}
