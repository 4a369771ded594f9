import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type Allowance, fetchAllowance, type GenerateInput, queryKeys, type RewriteAction } from "../api";
import { canPlan, ContentForm, type ContentDraft } from "./content-form";
import { PreviewAuthor } from "../posts/preview-author";
import { EmptyPlan, PlanFailed, PlanView, preloadPlanCards, ResultsPanel, WorkingOnPlan } from "./plan-view";
import { QueryProvider } from "../query-client";
import { SchedulePlanDialog } from "../posts/lazy-dialogs";
import { toast } from "../ui/toast-store";
import { usePlanSource } from "./use-plan-source";
import { useSavePlan } from "./use-save-plan";

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

/** The form, the plan it produced (or is producing), and saving it: the state lives in usePlanSource and useSavePlan. */
function Planner({ allowance: initialAllowance, timezone }: ContentPlannerProps) {
  const [draft, setDraft] = useState<ContentDraft>({ text: "", url: "", contentType: "blog" });
  const { data: allowance } = useQuery({ queryKey: queryKeys.allowance, queryFn: fetchAllowance, initialData: initialAllowance });
  const { sourceId, source, settled, plan, posts, generate, working, stage, failure, retry, resultsHeading, update, removePost, clear } = usePlanSource({
    onStarted: () => {
      saving.clearLimitMessage();
      setDraft((current) => ({ ...current, text: "", url: "" }));
    },
    onFailed: (text, url) => setDraft((current) => ({ ...current, text: current.text || text, url: current.url || url })),
  });
  const saving = useSavePlan({ sourceId, onSaved: removePost, onAllSaved: clear });

  // A plan is on its way (or restored): its cards' code, loaded apart, is fetched meanwhile.
  if ((working || plan) && typeof window !== "undefined") void preloadPlanCards();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canPlan(draft, working)) return;
    void preloadPlanCards();
    const input: GenerateInput = { contentText: draft.text, contentType: draft.contentType };
    if (draft.url.trim() !== "") input.contentUrl = draft.url.trim();
    generate.mutate(input);
  }

  let results: React.ReactNode;
  if (working) results = <WorkingOnPlan stage={stage} />;
  else if (failure && !plan) results = <PlanFailed message={failure.message} onRetry={retry} />;
  else if (plan && posts.length > 0)
    results = (
      <PlanView
        overview={plan.strategyOverview}
        contentUrl={settled?.contentUrl ?? null}
        posts={posts}
        timezone={timezone}
        allowance={allowance}
        saving={saving.saveAll.isPending}
        retryAfterLostAnswer={saving.answerLost}
        limitMessage={saving.limitMessage}
        headingRef={resultsHeading}
        planSize={plan.posts.length}
        onSaveAll={() => saving.saveAll.mutate({ posts })}
        onSaveAndSchedule={() => saving.openScheduling(posts)}
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
        onUndoRewrite={(post, content) => {
          update((current) => ({ ...current, edits: { ...current.edits, [post.postOrder]: content } }));
          toast({ title: "Updated", description: `Post ${post.postOrder} is back to its text before the rewrite.` });
        }}
        onDelete={(post) => {
          removePost(post.postOrder);
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
      <ContentForm draft={draft} onChange={setDraft} working={working} onSubmit={submit} />
      <div className="min-w-0">{results}</div>
      {saving.scheduling && (
        <SchedulePlanDialog
          sourceId={saving.scheduling.sourceId}
          timeZone={timezone}
          firstLines={saving.scheduling.firstLines}
          unsaved={saving.scheduling.drafts}
          onScheduled={(_count, saved) => saving.scheduled(saved.map((post) => post.postOrder))}
          onClose={saving.closeScheduling}
        />
      )}
    </div>
  );
}
