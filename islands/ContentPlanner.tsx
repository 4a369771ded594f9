import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  type Allowance,
  ApiError,
  type ContentType,
  fetchAllowance,
  fetchSource,
  type GenerateInput,
  generatePlan,
  isNetworkError,
  queryKeys,
  type RewriteAction,
  savePlanDrafts,
  serverMessageOf,
  type Source,
} from "./api";
import { followGuard } from "./guard-client";
import { appIcons, Icon } from "./icons";
import { SchedulePlanDialog } from "./schedule-plan";
import { newPlanChanges, type PlanChanges, readPlanChanges, type WorkingPost, workingPosts, writePlanChanges } from "./plan-session";
import { MAX_CONTENT_TEXT_CHARS } from "../src/shared/words";
import { countWords, formatCount, plural } from "./plan-text";
import { EmptyPlan, PlanView, ResultsPanel, WorkingOnPlan } from "./plan-view";
import { QueryProvider } from "./query-client";
import { networkErrorToast, toast } from "./toast-store";
import { PreviewAuthor } from "./linkedin-preview";

/** A plan that outlasted its request (a 504) is asked for this often; SPEC.md polls payment success at the same 2 s. */
export const SOURCE_POLL_MS = 2_000;

const contentTypes: { value: ContentType; label: string }[] = [
  { value: "blog", label: "Blog Post" },
  { value: "newsletter", label: "Newsletter" },
  { value: "thread", label: "Twitter Thread" },
  { value: "other", label: "Other" },
];

const GENERATION_FAILED = "Could not generate posts. Please try again.";

const REWRITTEN: Record<RewriteAction, (order: string) => string> = {
  hook: (order) => `Post ${order} opens with a new hook.`,
  shorter: (order) => `Post ${order} is shorter now.`,
  rewrite: (order) => `Post ${order} is rewritten.`,
};

/** authorName: shown in the LinkedIn previews. */
export type ContentPlannerProps = { allowance: Allowance; timezone: string; authorName?: string };

/**
 * The Generate page's planner (SPEC.md "Generate (LinkedIn Content Strategist)"): paste content,
 * create a plan with POST /api/posts/generate, review it (edit, copy, delete posts) and save it
 * as drafts within the weekly allowance. The plan in progress survives a reload (plan-session.ts).
 */
export default function ContentPlanner(props: ContentPlannerProps) {
  return (
    <QueryProvider>
      <PreviewAuthor.Provider value={props.authorName || "You"}>
        <Planner {...props} />
      </PreviewAuthor.Provider>
    </QueryProvider>
  );
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

/** The server's words when they help the user (what to fix, or why the strategist failed); the spec's sentence otherwise. */
function generationFailure(error: unknown): string {
  if (error instanceof ApiError && (error.status < 500 || error.status === 502)) return serverMessageOf(error) ?? GENERATION_FAILED;
  return GENERATION_FAILED;
}

function Planner({ allowance: initialAllowance, timezone }: ContentPlannerProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [url, setUrl] = useState("");
  const [contentType, setContentType] = useState<ContentType>("blog");
  const [changes, setChanges] = useStoredPlanChanges();
  const [pendingNote, setPendingNote] = useState<string | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusPlan = useRef(false);
  const sawPending = useRef(false);

  const { data: allowance } = useQuery({ queryKey: queryKeys.allowance, queryFn: fetchAllowance, initialData: initialAllowance });

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
    setLimitMessage(null);
    setText("");
    setUrl("");
  }

  const generate = useMutation({
    mutationFn: generatePlan,
    onSuccess: (plan, input) => {
      focusPlan.current = true;
      startPlan(sourceFor(input, plan.sourceId, { status: "completed", plan: { posts: plan.posts, strategyOverview: plan.strategyOverview } }));
      // What is left of the week may have changed in another tab; the plan's allowance note should be right.
      void queryClient.invalidateQueries({ queryKey: queryKeys.allowance });
      toast({ title: "Strategic Content Plan Created!", description: `${plan.posts.length} posts for your week, ready to review.` });
    },
    onError: async (error, input) => {
      // Still being written after the server's wait: the plan is kept on its source, so follow that.
      const pendingId = error instanceof ApiError && error.status === 504 ? error.body?.sourceId : undefined;
      if (typeof pendingId === "string") {
        setPendingNote(serverMessageOf(error) ?? null);
        startPlan(sourceFor(input, pendingId, { status: "pending", plan: null }));
        return;
      }
      if (await followGuard(error)) return;
      toast({ title: "Generation failed", description: generationFailure(error), variant: "destructive" });
    },
  });

  // A polled (or reloaded) source settles: show its plan, or say why there is none.
  const settled = source.data;
  useEffect(() => {
    if (!sourceId || !settled) return;
    if (settled.status === "pending") {
      sawPending.current = true;
      return;
    }
    if (settled.status === "failed") {
      toast({ title: "Generation failed", description: settled.error ?? GENERATION_FAILED, variant: "destructive" });
      // The text was cleared when the request went out; give it back to try again.
      setText((current) => current || settled.contentText);
      setUrl((current) => current || (settled.contentUrl ?? ""));
      setChanges(null);
    } else if (sawPending.current) {
      focusPlan.current = true;
      toast({ title: "Strategic Content Plan Created!", description: "Your plan was ready after all." });
    }
    sawPending.current = false;
    setPendingNote(null);
  }, [sourceId, settled]);

  useEffect(() => {
    if (!source.error) return;
    // A plan that is gone (or never was ours) is simply forgotten; a sign-in problem goes through the guard.
    if (source.error instanceof ApiError && source.error.status === 404) setChanges(null);
    else void followGuard(source.error);
  }, [source.error]);

  const plan = settled?.status === "completed" ? settled.plan : null;
  const posts = plan && changes ? workingPosts(plan.posts, changes) : [];

  // Posts of this plan already saved (in another tab, or before it was reopened) leave the list, as a Save All would take them.
  useEffect(() => {
    const saved = settled?.savedPostOrders ?? [];
    if (!plan || !changes || saved.every((order) => changes.removed.includes(order))) return;
    const removed = [...new Set([...changes.removed, ...saved])];
    setChanges(removed.length >= plan.posts.length ? null : { ...changes, removed });
  }, [settled, plan, changes]);

  useEffect(() => {
    if (!focusPlan.current || posts.length === 0) return;
    focusPlan.current = false;
    resultsHeading.current?.focus();
  });

  const update = (change: (current: PlanChanges) => PlanChanges | null) => setChanges((current) => (current ? change(current) : current));
  const removePost = (current: PlanChanges, postOrder: string, total: number): PlanChanges | null => {
    const removed = [...current.removed, postOrder];
    // The last post out clears the plan and its overview.
    return removed.length >= total ? null : { ...current, removed };
  };

  // After "Save and schedule as recommended": the saved plan's dialog (kept apart from the plan, which the save clears).
  const [scheduling, setScheduling] = useState<{ sourceId: string; firstLines: Record<string, string> } | null>(null);
  const saveAll = useMutation({
    // One request, one transaction: the server saves as many as the week has room for, in order.
    mutationFn: ({ posts: toSave }: { posts: WorkingPost[]; thenSchedule: boolean }) =>
      // An edited post's hook is its new first line, which the server takes when none is sent.
      savePlanDrafts(sourceId!, toSave.map(({ edited, hook, ...fields }) => ({ ...fields, hook: edited ? undefined : hook, status: "draft" }))),
    onSuccess: (result, { posts: toSave, thenSchedule }) => {
      if (thenSchedule && result.saved.length + result.alreadySaved.length > 0) {
        setScheduling({ sourceId: sourceId!, firstLines: Object.fromEntries(toSave.map((post) => [post.postOrder, post.content.split("\n")[0] ?? ""])) });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      const total = plan?.posts.length ?? 0;
      // What was saved (now or by an earlier try whose answer was lost) leaves the list; the rest stays.
      for (const postOrder of [...result.saved.map((post) => post.postOrder), ...result.alreadySaved]) update((current) => removePost(current, postOrder, total));
      if (result.unsaved.length === 0) {
        setChanges(null);
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
      toast({
        title,
        description: isNetworkError(failure) ? networkErrorToast.description : (serverMessageOf(failure) ?? "Something went wrong. Please try again."),
        variant: "destructive",
      });
    },
  });

  const working = generate.isPending || settled?.status === "pending";
  const chars = text.length;
  const words = countWords(text);
  // The server's limit (a 10,000-word article fits), shown as the text grows and explained when passed.
  const overLimit = chars > MAX_CONTENT_TEXT_CHARS;
  const canGenerate = text.trim() !== "" && !working && !overLimit;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canGenerate) return;
    const input: GenerateInput = { contentText: text, contentType };
    if (url.trim() !== "") input.contentUrl = url.trim();
    generate.mutate(input);
  }

  let results;
  if (working) results = <WorkingOnPlan note={pendingNote} />;
  else if (plan && posts.length > 0)
    results = (
      <PlanView
        overview={plan.strategyOverview}
        contentUrl={settled?.contentUrl ?? null}
        posts={posts}
        timezone={timezone}
        allowance={allowance}
        saving={saveAll.isPending}
        limitMessage={limitMessage}
        headingRef={resultsHeading}
        planSize={plan.posts.length}
        onSaveAll={() => saveAll.mutate({ posts, thenSchedule: false })}
        onSaveAndSchedule={() => saveAll.mutate({ posts, thenSchedule: true })}
        onEdit={(post, content) => {
          update((current) => ({ ...current, edits: { ...current.edits, [post.postOrder]: content } }));
          toast({ title: "Updated", description: `Post ${post.postOrder} now reads as you wrote it.` });
        }}
        sourceId={sourceId!}
        onRewrite={(post, content, action) => {
          // Kept with the plan's edits, so it survives a reload and is what Save All saves.
          update((current) => ({ ...current, edits: { ...current.edits, [post.postOrder]: content } }));
          toast({ title: "Updated", description: REWRITTEN[action](post.postOrder) });
        }}
        onDelete={(post) => {
          update((current) => removePost(current, post.postOrder, plan.posts.length));
          toast({ title: "Deleted", description: `Post ${post.postOrder} is out of this plan.` });
        }}
      />
    );
  else if (sourceId && source.isError)
    results = (
      <ResultsPanel>
        <h2 className="font-semibold">Could not load your plan</h2>
        <p className="mt-1 max-w-sm text-sm text-base-content/70">Check your connection, then try again.</p>
        <button type="button" className="btn btn-outline btn-sm mt-5" onClick={() => void source.refetch()}>
          Try again
        </button>
      </ResultsPanel>
    );
  else if (sourceId)
    results = (
      <ResultsPanel>
        <span className="loading loading-spinner loading-md text-base-content/60" aria-hidden="true" />
        <h2 className="mt-4 font-semibold" role="status">
          Loading your plan...
        </h2>
      </ResultsPanel>
    );
  else results = <EmptyPlan />;

  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] xl:gap-8">
      <form onSubmit={submit} className="card border border-base-300 bg-base-100 shadow-sm xl:sticky xl:top-20">
        <div className="card-body gap-5 p-5 sm:p-6">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-text`} className="text-sm font-medium">
              Your content
            </label>
            <textarea
              id={`${id}-text`}
              name="contentText"
              className="textarea h-64 w-full resize-y leading-relaxed xl:h-80"
              placeholder="Paste your blog post, newsletter or article here..."
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-describedby={`${id}-counts`}
            />
            <p id={`${id}-counts`} data-counts className={`flex justify-between text-xs tabular-nums ${overLimit ? "font-semibold text-base-content" : "text-base-content/70"}`}>
              <span>{`${formatCount(chars)} / ${formatCount(MAX_CONTENT_TEXT_CHARS)} characters`}</span>
              <span>{plural(words, "word")}</span>
            </p>
            {overLimit ? (
              <p id={`${id}-limit`} role="alert" className="rounded-box bg-error px-3 py-2 text-xs font-medium text-error-content">
                {`That is ${formatCount(chars - MAX_CONTENT_TEXT_CHARS)} characters over the limit: paste a shorter part of the article.`}
              </p>
            ) : null}
          </div>

          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-url`} className="text-sm font-medium">
              Content URL <span className="font-normal text-base-content/70">(optional)</span>
            </label>
            <input
              id={`${id}-url`}
              name="contentUrl"
              type="url"
              className="input w-full"
              placeholder="https://yourblog.com/your-article"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-describedby={`${id}-url-hint`}
            />
            <p id={`${id}-url-hint`} className="text-xs text-base-content/70">
              Where it was published. We suggest it as the first comment, never in a post.
            </p>
          </div>

          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-type`} className="text-sm font-medium">
              Content type
            </label>
            <select id={`${id}-type`} name="contentType" className="select w-full" value={contentType} onChange={(event) => setContentType(event.target.value as ContentType)}>
              {contentTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>

          <button type="submit" className="btn btn-primary w-full" disabled={!canGenerate} aria-busy={working || undefined} aria-describedby={overLimit ? `${id}-limit` : undefined}>
            {working ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon d={appIcons.sparkles} className="size-4" />}
            {working ? "Your strategist is working..." : "Create Strategic Plan"}
          </button>
        </div>
      </form>

      <div className="min-w-0">{results}</div>
      {scheduling && <SchedulePlanDialog sourceId={scheduling.sourceId} timeZone={timezone} firstLines={scheduling.firstLines} onClose={() => setScheduling(null)} />}
    </div>
  );
}

/** The source as GET /api/sources/:id would answer it, from what this page sent and got back. */
function sourceFor(input: GenerateInput, sourceId: string, outcome: Pick<Source, "status" | "plan">): Source {
  return {
    id: sourceId,
    ...outcome,
    error: null,
    contentText: input.contentText,
    contentUrl: input.contentUrl ?? null,
    contentType: input.contentType,
    createdAt: new Date().toISOString(),
  };
}
