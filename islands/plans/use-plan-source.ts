import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError, fetchSource, type GenerateInput, generatePlan, queryKeys, serverMessageOf, type Source } from "../api";
import { followGuard } from "../guard-client";
import { newPlanChanges, type PlanChanges, readPlanChanges, workingPosts, writePlanChanges } from "./plan-session";
import { toast } from "../ui/toast-store";

/** A plan still being written after its request (a 202) is asked for this often; SPEC.md polls payment success at the same 2 s. */
export const SOURCE_POLL_MS = 2_000;

const GENERATION_FAILED = "Could not generate posts. Please try again.";

/** The server's words when they help the user (what to fix, or why the strategist failed); the spec's sentence otherwise. */
function generationFailure(error: unknown): string {
  if (error instanceof ApiError && (error.status < 500 || error.status === 502)) return serverMessageOf(error) ?? GENERATION_FAILED;
  return GENERATION_FAILED;
}

/** The stored plan of this tab, read after hydration (the server cannot see sessionStorage) and written on every change. */
function useStoredPlanChanges() {
  const [changes, setChanges] = useState<PlanChanges | null>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // /generate?plan=<id> (from the plan library) reopens that plan from the server, in any tab or on any device.
    const requested = new URLSearchParams(window.location.search).get("plan");
    const stored = readPlanChanges();
    setChanges(requested ? (stored?.sourceId === requested ? stored : newPlanChanges(requested)) : stored);
    if (requested) window.history.replaceState(null, "", window.location.pathname);
    setLoaded(true);
  }, []);
  useEffect(() => {
    if (loaded) writePlanChanges(changes);
  }, [loaded, changes]);
  return [changes, setChanges] as const;
}

/**
 * The plan being worked on: generated here (POST /api/posts/generate), or followed on its source
 * (GET /api/sources/:id) when it outlasted the request, was reloaded, or was reopened from the
 * plan library; with the user's edits and deletions kept in this tab (plan-session.ts).
 * `onStarted` runs when a new plan starts (the form is cleared); `onFailed` gives back the text
 * of a plan whose job failed, to try again.
 */
export function usePlanSource(options: { onStarted: () => void; onFailed: (text: string, url: string) => void }) {
  const queryClient = useQueryClient();
  const [changes, setChanges] = useStoredPlanChanges();
  /** A plan that could not be written: why, and the input to try again with. */
  const [failure, setFailure] = useState<{ message: string; input: GenerateInput } | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusPlan = useRef(false);
  const sawPending = useRef(false);

  const sourceId = changes?.sourceId ?? null;
  const source = useQuery({
    queryKey: queryKeys.source(sourceId ?? ""),
    queryFn: () => fetchSource(sourceId!),
    enabled: sourceId !== null,
    refetchInterval: (query) => (query.state.data?.status === "pending" ? SOURCE_POLL_MS : false),
  });

  function startPlan(next: Source) {
    queryClient.setQueryData(queryKeys.source(next.id), next);
    setChanges(newPlanChanges(next.id));
    options.onStarted();
  }

  const generate = useMutation({
    mutationFn: generatePlan,
    onMutate: () => setFailure(null),
    onSuccess: (plan, input) => {
      // Still being written (a model's plan takes a minute or more): follow its source, which tells the stage.
      if ("pending" in plan) {
        startPlan({ ...sourceFor(input, plan.sourceId, { status: "pending", plan: null }), stage: plan.stage });
        return;
      }
      focusPlan.current = true;
      startPlan(sourceFor(input, plan.sourceId, { status: "completed", plan: { posts: plan.posts, strategyOverview: plan.strategyOverview } }));
      // What is left of the week may have changed in another tab; the plan's allowance note should be right.
      void queryClient.invalidateQueries({ queryKey: queryKeys.allowance });
      toast({ title: "Strategic Content Plan Created!", description: `${plan.posts.length} posts for your week, ready to review.` });
    },
    onError: async (error, input) => {
      if (await followGuard(error)) return;
      const message = generationFailure(error);
      // A strategist that failed (502) is worth another try; a paste the server refused (400) is for the form to fix.
      if (error instanceof ApiError && error.status >= 500) setFailure({ message, input });
      toast({ title: "Generation failed", description: message, variant: "destructive" });
    },
  });

  // A polled (or reloaded) source settles: show its plan, or say why there is none.
  const settled = source.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the source settles; onFailed is a new function each render
  useEffect(() => {
    if (!sourceId || !settled) return;
    if (settled.status === "pending") {
      sawPending.current = true;
      return;
    }
    if (settled.status === "failed") {
      toast({ title: "Generation failed", description: settled.error ?? GENERATION_FAILED, variant: "destructive" });
      setFailure({
        message: settled.error ?? GENERATION_FAILED,
        input: { contentText: settled.contentText, contentType: settled.contentType, ...(settled.contentUrl ? { contentUrl: settled.contentUrl } : {}) },
      });
      // The text was cleared when the request went out; give it back to try again.
      options.onFailed(settled.contentText, settled.contentUrl ?? "");
      setChanges(null);
    } else if (sawPending.current) {
      focusPlan.current = true;
      toast({ title: "Strategic Content Plan Created!", description: "Your plan was ready after all." });
    }
    sawPending.current = false;
  }, [sourceId, settled]);

  useEffect(() => {
    if (!source.error) return;
    // A plan that is gone (or never was ours) is simply forgotten; a sign-in problem goes through the guard.
    if (source.error instanceof ApiError && source.error.status === 404) setChanges(null);
    else void followGuard(source.error);
  }, [source.error, setChanges]);

  const plan = settled?.status === "completed" ? settled.plan : null;
  const posts = plan && changes ? workingPosts(plan.posts, changes) : [];

  // Posts of this plan already saved (in another tab, or before it was reopened) leave the list, as a Save All would take them.
  useEffect(() => {
    const saved = settled?.savedPostOrders ?? [];
    if (!plan || !changes || saved.every((order) => changes.removed.includes(order))) return;
    const removed = [...new Set([...changes.removed, ...saved])];
    setChanges(removed.length >= plan.posts.length ? null : { ...changes, removed });
  }, [settled, plan, changes, setChanges]);

  // A plan that has just appeared takes the focus, so the keyboard and screen readers find it.
  useEffect(() => {
    if (!focusPlan.current || posts.length === 0) return;
    focusPlan.current = false;
    resultsHeading.current?.focus();
  });

  /** Applies a change to the plan's edits and deletions (nothing when there is no plan). */
  const update = (change: (current: PlanChanges) => PlanChanges | null) => setChanges((current) => (current ? change(current) : current));
  /** Takes a post out of the plan; the last post out clears the plan and its overview. */
  const removePost = (postOrder: string) =>
    update((current) => {
      const removed = [...current.removed, postOrder];
      return removed.length >= (plan?.posts.length ?? 0) ? null : { ...current, removed };
    });

  return {
    sourceId,
    source,
    settled,
    plan,
    posts,
    generate,
    working: generate.isPending || settled?.status === "pending",
    /** Where a plan being followed is: undefined while the request itself is out. */
    stage: settled?.status === "pending" ? (settled.stage ?? "queued") : undefined,
    failure,
    retry: () => failure && generate.mutate(failure.input),
    dismissFailure: () => setFailure(null),
    resultsHeading,
    update,
    removePost,
    clear: () => setChanges(null),
  };
}

/** The source as GET /api/sources/:id would answer it, from what this page sent and got back. */
function sourceFor(input: GenerateInput, sourceId: string, outcome: Pick<Source, "status" | "plan">): Source {
  return {
    id: sourceId,
    ...outcome,
    error: null,
    stage: null,
    savedPostOrders: [],
    contentText: input.contentText,
    contentUrl: input.contentUrl ?? null,
    contentType: input.contentType,
    createdAt: new Date().toISOString(),
  };
}
