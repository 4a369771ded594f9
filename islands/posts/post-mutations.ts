import { useMutation, useQueryClient } from "@tanstack/react-query";
import { backToDraft, deletePost, editPostContent, markPostPosted, type Post, type PublishMode, queryKeys, retryPost, schedulePost } from "../api";
import { failureToastWithTitle } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { toast } from "../ui/toast-store";

/**
 * Every write to a saved post from the browser. Each refreshes the posts, stats, upcoming and
 * allowance queries (all under "posts") and the profile, as SPEC.md section 7 asks; a failure the
 * guard owns leaves the page.
 */

/** A failure as a destructive toast, unless the guard takes the user elsewhere. */
const reportFailure = (title: string) => async (error: unknown) => {
  if (await followGuard(error)) return;
  toast(failureToastWithTitle(error, title));
};

function useRefreshPosts() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.posts }), queryClient.invalidateQueries({ queryKey: queryKeys.me })]);
  };
}

type Target = { id: string };
type ScheduleOptions<P extends Target> = {
  /** Runs before the request (the calendar moves its bar at once). */
  onMutate?: (post: P, scheduledTime: string) => void;
  /** After the server saved it, with the time it saved. */
  onScheduled?: (post: P, scheduledTime: string) => void;
  /** The toast, given the saved time; "Post scheduled" when absent. */
  scheduledToast?: (post: P, scheduledTime: string) => { title: string; description?: string };
  /** A failure: the caller undoes what onMutate did. Without it, the failure is the caller's to show. */
  onFailure?: (post: P) => void;
};

/**
 * The one way a post is scheduled or moved, from a dialog (My Posts, /posts/:id) or the calendar.
 * With `onFailure` the failure is also reported as a toast; without it the caller shows it (a dialog does).
 */
export function useSchedulePost<P extends Target>(options: ScheduleOptions<P> = {}) {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: ({ post, scheduledTime, publishMode }: { post: P; scheduledTime: string; publishMode?: PublishMode }) =>
      schedulePost(post.id, scheduledTime, publishMode),
    onMutate: ({ post, scheduledTime }) => options.onMutate?.(post, scheduledTime),
    onSuccess: async (saved, { post, scheduledTime }) => {
      const at = saved?.scheduledTime ?? scheduledTime;
      options.onScheduled?.(post, at);
      toast(
        options.scheduledToast?.(post, at) ??
          (saved?.publishMode === "auto"
            ? { title: "Post scheduled", description: "It will be published on LinkedIn at that time." }
            : { title: "Post scheduled" }),
      );
      await refresh();
    },
    onError: async (error, { post }) => {
      if (!options.onFailure) return;
      options.onFailure(post);
      await reportFailure("Could not schedule the post")(error);
    },
  });
}

/** Back: Unschedule for a scheduled post (to Drafts), Mark as not posted for a posted one (to Scheduled if its time is ahead, else Drafts). */
export function useBackToDraft<P extends Target & { status?: string }>(options: { onDone?: (post: P) => void } = {}) {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (post: P) => backToDraft(post.id),
    onSuccess: async (updated, post) => {
      options.onDone?.(post);
      // A post un-posted before its time goes back to Scheduled at that time (the server decides).
      const back = updated.status === "scheduled" ? "It is back in Scheduled at its time." : "It is back in Drafts.";
      toast(
        post.status === "posted"
          ? { title: "Marked as not posted", description: back }
          : { title: "Post unscheduled", description: "It is back in Drafts, and its reminder is cancelled." },
      );
      await refresh();
    },
    onError: (error, post) => reportFailure(post.status === "posted" ? "Could not change the post" : "Could not unschedule the post")(error),
  });
}

/** The writes behind a post card and its dialogs. */
export function usePostMutations(options: { onDeleted?: () => void } = {}) {
  const refresh = useRefreshPosts();
  const schedule = useSchedulePost<Post>();
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
  const toDraft = useBackToDraft<Post>();
  const retry = useMutation({
    mutationFn: (post: Post) => retryPost(post.id),
    onSuccess: async () => {
      toast({ title: "Publishing again", description: "The post is being published on LinkedIn now." });
      await refresh();
    },
    onError: reportFailure("Could not retry the post"),
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
  return { schedule, edit, markPosted, toDraft, retry, remove };
}

export type PostMutations = ReturnType<typeof usePostMutations>;
