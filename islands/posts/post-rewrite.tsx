import { useMutation } from "@tanstack/react-query";
import { type RewriteAction, rewritePost } from "../api";
import { failureToastWithTitle } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { toast } from "../ui/toast-store";

/**
 * New hook, Shorter and Rewrite for one post (POST /api/posts/rewrite), shared by the plan
 * cards of the Generate page and the Edit dialog of a saved draft. The strategist rewrites the
 * post from its plan's article; the caller decides what the new content replaces, and keeps the
 * text before it for Undo rewrite (rewrite-history.ts).
 */

export const REWRITE_ACTIONS: { action: RewriteAction; label: string; icon: readonly string[] }[] = [
  { action: "hook", label: "New hook", icon: appIcons.sparkles },
  // Lines getting shorter; arrows going round.
  { action: "shorter", label: "Shorter", icon: ["M4 7h16", "M4 12h11", "M4 17h6"] },
  { action: "rewrite", label: "Rewrite", icon: ["M20 11a8 8 0 0 0-14.9-3.5L4 9", "M4 4v5h5", "M4 13a8 8 0 0 0 14.9 3.5L20 15", "M20 20v-5h-5"] },
];

const FAILED: Record<RewriteAction, string> = {
  hook: "Could not write a new hook",
  shorter: "Could not shorten the post",
  rewrite: "Could not rewrite the post",
};

export type PostRewrite = {
  run: (content: string, action: RewriteAction) => void;
  /** The action under way, if one is. */
  running: RewriteAction | undefined;
};

/**
 * The rewrite request for posts of one plan. A failure the guard owns leaves the page; any other
 * is a toast with the server's words (what the article cannot give, the hourly limit) or, with
 * no answer at all, SPEC.md's network sentence.
 */
export function usePostRewrite(
  sourceId: string,
  onRewritten: (content: string, action: RewriteAction, before: string) => void,
  postOrder?: string,
): PostRewrite {
  const mutation = useMutation({
    // The post's place in its plan lets the strategist know its type and the week's other hooks.
    mutationFn: ({ content, action }: { content: string; action: RewriteAction }) =>
      rewritePost({ sourceId, content, action, ...(postOrder ? { postOrder } : {}) }),
    onSuccess: (result, { action, content }) => onRewritten(result.content, action, content),
    onError: async (error, { action }) => {
      if (await followGuard(error)) return;
      toast(failureToastWithTitle(error, FAILED[action]));
    },
  });
  return {
    run: (content, action) => mutation.mutate({ content, action }),
    running: mutation.isPending ? mutation.variables?.action : undefined,
  };
}

/**
 * The three buttons, and Undo rewrite while the text is what the last rewrite left (`onUndo`
 * given); all wait while one runs, the one running shows a spinner.
 */
export function RewriteButtons({
  rewrite,
  content,
  disabled = false,
  label,
  onUndo,
}: {
  rewrite: PostRewrite;
  content: string;
  disabled?: boolean;
  label: string;
  onUndo?: () => void;
}) {
  const busy = rewrite.running !== undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons: role=group names it without a <fieldset>'s form semantics
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1.5" data-rewrite>
      {REWRITE_ACTIONS.map(({ action, label: name, icon }) => {
        const running = rewrite.running === action;
        return (
          <button
            key={action}
            type="button"
            className="btn btn-outline btn-sm gap-1.5 border-base-300 font-medium"
            disabled={disabled || busy || content.trim() === ""}
            aria-busy={running || undefined}
            onClick={() => rewrite.run(content, action)}
          >
            {running ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Icon d={icon} className="size-4" />}
            {name}
          </button>
        );
      })}
      {onUndo && (
        <button type="button" className="btn btn-ghost btn-sm gap-1.5 font-medium" disabled={disabled || busy} onClick={onUndo}>
          <Icon d={appIcons.undo} className="size-4" />
          Undo rewrite
        </button>
      )}
    </div>
  );
}
