import { useId, useRef, useState } from "react";
import type { RewriteAction } from "../api";
import { appIcons, Icon } from "../ui/icons";
import type { WorkingPost } from "./plan-session";
import { RewriteButtons, usePostRewrite } from "../posts/post-rewrite";
import { useRewriteHistory } from "../posts/rewrite-history";
import { formatCount, MAX_POST_CHARS, plural, readTimeMinutes, whyPostLabel } from "../posts/plan-text";
import { PostTypeBadge } from "../posts/post-type";
import { LinkedinPreview } from "../posts/linkedin-preview";
import { MakeCarouselButton } from "./plan-carousel";

type CardProps = {
  post: WorkingPost;
  /** Its place in the plan as it stands (1-based): after a post is deleted the rest are numbered 1 to N again. */
  position: number;
  /** Posts were removed from the plan: the explanation may still speak of them. */
  planShrunk?: boolean;
  /** While the plan is being saved, nothing in it changes. */
  locked: boolean;
  onSave: (content: string) => void;
  /** The plan's source: New hook, Shorter and Rewrite work from its article. */
  sourceId: string;
  onRewrite: (content: string, action: RewriteAction) => void;
  /** Undo rewrite: the text before the last rewrite goes back in the post. */
  onUndo: (content: string) => void;
  onCopy: () => void;
  onDelete: () => void;
};

/**
 * One post of the plan (SPEC.md "Generate"): its order, type, day and time, the reasoning
 * ('Why Post This First'), the content with its length and reading time, the rewrites (New
 * hook, Shorter, Rewrite) and the actions Edit (inline, then Save), Copy and Delete.
 */
export function PlanPostCard({ post, position, planShrunk = false, locked, onSave, sourceId, onRewrite, onUndo, onCopy, onDelete }: CardProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const card = useRef<HTMLElement>(null);
  const history = useRewriteHistory(`plan:${sourceId}:${post.postOrder}`, post.content);
  // After a rewrite the card's text changes, often above or below the screen: bring the card back into view.
  const rewrite = usePostRewrite(
    sourceId,
    (content, action, before) => {
      history.record(before, content);
      onRewrite(content, action);
      requestAnimationFrame(() => card.current?.scrollIntoView({ block: "nearest", behavior: "smooth" }));
    },
    post.postOrder,
  );
  function undo() {
    const before = history.undo();
    if (before !== undefined) onUndo(before);
  }
  // While a rewrite runs, the post it will replace stays as it is.
  const rewriting = rewrite.running !== undefined;
  const editing = draft !== null;
  const tooLong = (draft ?? "").length > MAX_POST_CHARS;
  const canSave = editing && draft.trim() !== "" && !tooLong;

  function save() {
    if (!canSave) return;
    onSave(draft.trim());
    setDraft(null);
  }

  return (
    <article ref={card} aria-labelledby={`${id}-title`} data-post-order={post.postOrder} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-5">
        <header className="flex items-center gap-3">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-content tabular-nums"
            aria-hidden="true"
          >
            {position}
          </span>
          <div className="min-w-0 flex-1">
            <h3 id={`${id}-title`} className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
              <span className="sr-only">{`Post ${position}: `}</span>
              <span className="flex items-center gap-1.5">
                <Icon d={appIcons.calendar} className="size-4 text-base-content/60" />
                {post.recommendedDay}
              </span>
              <span className="flex items-center gap-1.5 font-medium text-base-content/80">
                <Icon d={appIcons.clock} className="size-4 text-base-content/60" />
                {post.recommendedTime}
              </span>
            </h3>
          </div>
          <PostTypeBadge type={post.postType} />
        </header>

        {editing ? (
          <div className="flex flex-col gap-2">
            <label htmlFor={`${id}-edit`} className="sr-only">
              {`Edit post ${position}`}
            </label>
            <textarea
              id={`${id}-edit`}
              className={`textarea field-sizing-content min-h-40 max-h-[36rem] w-full text-[0.9375rem] leading-relaxed ${tooLong ? "textarea-error" : ""}`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Escape") setDraft(null);
                if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) save();
              }}
              aria-describedby={`${id}-edit-count`}
              // Focus lands in the text the user asked to edit.
              // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this text
              autoFocus
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id={`${id}-edit-count`} className={`text-xs tabular-nums ${tooLong ? "font-medium text-red-700 dark:text-error" : "text-base-content/70"}`}>
                {`${formatCount(draft.length)} / ${formatCount(MAX_POST_CHARS)} characters`}
                {tooLong && " (over LinkedIn's limit)"}
              </p>
              <div className="flex gap-2">
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDraft(null)}>
                  Cancel
                </button>
                <button type="button" className="btn btn-primary btn-sm" onClick={save} disabled={!canSave}>
                  <Icon d={appIcons.check} className="size-4" />
                  Save
                </button>
              </div>
            </div>
          </div>
        ) : (
          <>
            <div data-post-content className="text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap">
              {post.content}
            </div>
            <RewriteButtons
              rewrite={rewrite}
              content={post.content}
              disabled={locked}
              label={`Rewrite post ${position}`}
              onUndo={history.canUndo ? undo : undefined}
            />
          </>
        )}

        <LinkedinPreview text={editing ? draft : post.content} />

        <section aria-label={whyPostLabel(position)} className="rounded-box bg-base-200/70 p-3.5">
          <h4 className="flex items-center gap-1.5 text-sm font-semibold">
            <Icon d={appIcons.lightbulb} className="size-4 text-primary" />
            {whyPostLabel(position)}
          </h4>
          <p className="mt-1 text-sm leading-relaxed text-base-content/80">{post.strategyExplanation}</p>
          {post.edited && (
            <p data-explanation-note className="mt-1.5 text-xs text-base-content/70">
              Written for the post as the strategist first wrote it: the day and time still hold, the rest may describe the earlier text.
            </p>
          )}
          {planShrunk && !post.edited && (
            <p data-explanation-note className="mt-1.5 text-xs text-base-content/70">
              Written for the whole plan: it may mention a post you have since removed.
            </p>
          )}
        </section>

        <footer className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-base-300 pt-3">
          <p className="flex items-center gap-2 text-xs text-base-content/70 tabular-nums">
            <span data-char-count>{plural(post.content.length, "character")}</span>
            <span aria-hidden="true">·</span>
            <span data-read-time>{`~${readTimeMinutes(post.content)} min read`}</span>
            {post.edited && (
              <>
                <span aria-hidden="true">·</span>
                <span>Edited</span>
              </>
            )}
          </p>
          {!editing && (
            <div className="flex gap-1">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDraft(post.content)} disabled={locked || rewriting}>
                <Icon d={appIcons.pencil} className="size-4" />
                Edit
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={onCopy}>
                <Icon d={appIcons.copy} className="size-4" />
                Copy
              </button>
              <MakeCarouselButton post={post} sourceId={sourceId} disabled={locked || rewriting} />
              <button
                type="button"
                className="btn btn-ghost btn-sm text-red-700 hover:bg-red-700/10 dark:text-error dark:hover:bg-error/10"
                onClick={onDelete}
                disabled={locked || rewriting}
              >
                <Icon d={appIcons.trash} className="size-4" />
                Delete
              </button>
            </div>
          )}
        </footer>
      </div>
    </article>
  );
}
