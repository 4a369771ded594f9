import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, queryKeys, savePlanDrafts } from "./api";
import { failureToastWithTitle } from "./failure-toast";
import { followGuard } from "./guard-client";
import type { WorkingPost } from "./plan-session";
import { plural } from "./plan-text";
import { toast } from "./toast-store";

/**
 * Save All to Drafts, and "Save and schedule as recommended": one request, one transaction; the
 * server saves as many as the week has room for, in order. What was saved (now, or by an earlier
 * try whose answer was lost) leaves the plan through `onSaved`; the rest stays, with the
 * allowance's message. After a save-and-schedule, `scheduling` opens the saved plan's dialog.
 */
export function useSavePlan(options: { sourceId: string | null; onSaved: (postOrder: string) => void; onAllSaved: () => void }) {
  const queryClient = useQueryClient();
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  // Kept apart from the plan, which the save clears.
  const [scheduling, setScheduling] = useState<{ sourceId: string; firstLines: Record<string, string> } | null>(null);

  const saveAll = useMutation({
    mutationFn: ({ posts: toSave }: { posts: WorkingPost[]; thenSchedule: boolean }) =>
      // An edited post's hook is its new first line, which the server takes when none is sent.
      savePlanDrafts(options.sourceId!, toSave.map(({ edited, hook, ...fields }) => ({ ...fields, hook: edited ? undefined : hook, status: "draft" }))),
    onSuccess: (result, { posts: toSave, thenSchedule }) => {
      if (thenSchedule && result.saved.length + result.alreadySaved.length > 0) {
        setScheduling({ sourceId: options.sourceId!, firstLines: Object.fromEntries(toSave.map((post) => [post.postOrder, post.content.split("\n")[0] ?? ""])) });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      for (const postOrder of [...result.saved.map((post) => post.postOrder), ...result.alreadySaved]) options.onSaved(postOrder);
      if (result.unsaved.length === 0) {
        options.onAllSaved();
        toast({ title: "Saved to drafts", description: `${plural(toSave.length, "post")} ready in My Posts.` });
        return;
      }
      setLimitMessage(result.message ?? null);
      toast({ title: `Saved ${result.saved.length} of ${toSave.length} to drafts`, description: result.message, variant: "destructive" });
    },
    onError: async (failure) => {
      if (await followGuard(failure)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      const title = "Could not save to drafts";
      if (failure instanceof ApiError && failure.status === 429) {
        setLimitMessage(failure.serverMessage ?? null);
        toast({ title, description: failure.serverMessage, variant: "destructive" });
        return;
      }
      toast(failureToastWithTitle(failure, title));
    },
  });

  return { saveAll, limitMessage, clearLimitMessage: () => setLimitMessage(null), scheduling, closeScheduling: () => setScheduling(null) };
}
