import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, type NewDraft, queryKeys, savePlanDrafts } from "../api";
import { failureToastWithTitle } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import type { WorkingPost } from "./plan-session";
import { plural } from "../posts/plan-text";
import { toast } from "../ui/toast-store";

/**
 * Save All to Drafts: one request, one transaction; the server saves as many as the week has room
 * for, in order. What was saved (now, or by an earlier try whose answer was lost) leaves the plan
 * through `onSaved`; the rest stays, with the allowance's message. "Save and schedule as
 * recommended" saves nothing at first: `scheduling` opens the dialog with the dates, and only its
 * confirm saves and schedules (`scheduled`).
 */
export function useSavePlan(options: { sourceId: string | null; onSaved: (postOrder: string) => void; onAllSaved: () => void }) {
  const queryClient = useQueryClient();
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  // A Save All whose answer never came back may have saved everything, using the week's last saves:
  // trying again must stay possible even when the allowance now reads full (the server answers what it had saved).
  const [answerLost, setAnswerLost] = useState(false);
  // Kept apart from the plan, which the save clears.
  const [scheduling, setScheduling] = useState<{ sourceId: string; drafts: NewDraft[]; firstLines: Record<string, string> } | null>(null);

  const saveAll = useMutation({
    mutationFn: ({ posts: toSave }: { posts: WorkingPost[] }) => savePlanDrafts(options.sourceId!, asDrafts(toSave)),
    onSuccess: (result, { posts: toSave }) => {
      setAnswerLost(false);
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
      setAnswerLost(!(failure instanceof ApiError));
      toast(failureToastWithTitle(failure, title));
    },
  });

  /** Save and schedule as recommended: the dialog shows the dates first; nothing is saved until its confirm. */
  function openScheduling(toSchedule: WorkingPost[]) {
    setScheduling({
      sourceId: options.sourceId!,
      drafts: asDrafts(toSchedule),
      firstLines: Object.fromEntries(toSchedule.map((post) => [post.postOrder, post.content.split("\n")[0] ?? ""])),
    });
  }

  /** The confirm saved and scheduled the plan: it leaves the generator as a Save All would. */
  function scheduled(postOrders: string[]) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    for (const postOrder of postOrders) options.onSaved(postOrder);
    options.onAllSaved();
  }

  return {
    saveAll,
    answerLost,
    limitMessage,
    clearLimitMessage: () => setLimitMessage(null),
    scheduling,
    openScheduling,
    scheduled,
    closeScheduling: () => setScheduling(null),
  };
}

// An edited post's hook is its new first line, which the server takes when none is sent.
const asDrafts = (posts: WorkingPost[]): NewDraft[] =>
  posts.map(({ edited, hook, ...fields }) => ({ ...fields, hook: edited ? undefined : hook, status: "draft" }));
