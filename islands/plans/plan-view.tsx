import { type ComponentProps, lazy, type ReactNode, type RefObject, Suspense, useState } from "react";
import { resetsLabel } from "./AllowanceMeter";
import type { Allowance, PlanStage, RewriteAction } from "../api";
import { copyToClipboard } from "../ui/clipboard";
import { appIcons, Icon } from "../ui/icons";
import type { PlanPostCard as PlanPostCardType } from "./plan-post-card";
import type { WorkingPost } from "./plan-session";

// The cards (with their LinkedIn preview and rewrite buttons) are loaded apart: an empty
// /generate does not need them, and they kept its JavaScript over 100 KB gzipped. The planner
// asks for them as soon as a plan is on its way (preloadPlanCards), so by the time the plan shows
// they are here and render at once, heading and cards together, as before.
let loadedCard: typeof PlanPostCardType | null = null;
let loadingCard: Promise<typeof PlanPostCardType> | undefined;
export function preloadPlanCards() {
  loadingCard ??= import("./plan-post-card").then((module) => (loadedCard = module.PlanPostCard));
  return loadingCard;
}
const LazyPlanPostCard = lazy(() => preloadPlanCards().then((component) => ({ default: component })));
function PlanPostCard(props: ComponentProps<typeof PlanPostCardType>) {
  const Loaded = loadedCard;
  return Loaded ? <Loaded {...props} /> : <LazyPlanPostCard {...props} />;
}

/** The results side of the Generate page: its empty, working and plan states. */

export function ResultsPanel({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center sm:py-16">{children}</div>
  );
}

export function EmptyPlan() {
  return (
    <ResultsPanel>
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/12 text-primary">
        <Icon d={appIcons.sparkles} className="size-6" />
      </span>
      <h2 className="mt-4 font-semibold">No strategic plan yet</h2>
      <p className="mt-1 max-w-sm text-sm text-base-content/70">
        Paste a blog post, newsletter or article and your strategist turns it into 5 to 7 LinkedIn posts for the week, each with a day, a time and the reason
        for it.
      </p>
    </ResultsPanel>
  );
}

/** While the strategist writes: the request is waiting, or a plan that outlasted it is being polled. */
const STAGES = [
  ["queued", "Queued"],
  ["reading", "Reading"],
  ["writing", "Writing"],
  ["checking", "Checking"],
] as const;

const STAGE_NOTES: Record<PlanStage, string> = {
  queued: "Your plan is in line for the strategist.",
  reading: "Reading your article and ranking its ideas.",
  writing: "Writing the week's posts, each from its own angle.",
  checking: "Checking every post, and fixing any that fall short.",
};

/**
 * The plan being written. While the request is out, no stage is known yet; once the page follows
 * the plan's source, its stage shows. An AI plan with a repair can take a minute or two: the page
 * keeps waiting, it never calls that a timeout.
 */
export function WorkingOnPlan({ stage }: { stage?: PlanStage }) {
  const at = stage ? STAGES.findIndex(([name]) => name === stage) : 0;
  return (
    <ResultsPanel>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <h2 className="mt-4 font-semibold" role="status">
        Your strategist is working...
      </h2>
      <ul className="steps mt-4 text-xs" data-plan-stage={stage ?? "starting"} aria-label="Progress">
        {STAGES.map(([name, label], index) => (
          <li key={name} className={`step${index <= at ? " step-primary" : ""}`} aria-current={stage === name ? "step" : undefined}>
            {label}
          </li>
        ))}
      </ul>
      <p className="mt-3 max-w-sm text-sm text-base-content/70">
        {stage
          ? `${STAGE_NOTES[stage]} You can leave this page; the plan will be here when you come back.`
          : "Reading your content, choosing the angles and timing the week."}
      </p>
    </ResultsPanel>
  );
}

/** A plan that could not be written: why, and a way to try again with the same text. */
export function PlanFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ResultsPanel>
      <h2 className="font-semibold" role="alert">
        Your plan could not be written
      </h2>
      <p className="mt-1 max-w-sm text-sm text-base-content/70">{message}</p>
      <button type="button" className="btn btn-primary btn-sm mt-5" onClick={onRetry}>
        Try again
      </button>
    </ResultsPanel>
  );
}

type PlanViewProps = {
  overview: string;
  contentUrl: string | null;
  posts: WorkingPost[];
  timezone: string;
  allowance: Allowance;
  saving: boolean;
  /** The server's 429 message from the last Save All, shown until the next plan. */
  limitMessage: string | null;
  /** Where focus goes when a new plan arrives: the start of the results. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSaveAll: () => void;
  /** Save All, then Schedule as recommended on what was saved. */
  onSaveAndSchedule: () => void;
  onEdit: (post: WorkingPost, content: string) => void;
  /** The plan's source, which New hook, Shorter and Rewrite work from. */
  sourceId: string;
  onRewrite: (post: WorkingPost, content: string, action: RewriteAction) => void;
  /** Undo rewrite on a card: the post's text before its last rewrite. */
  onUndoRewrite: (post: WorkingPost, content: string) => void;
  onDelete: (post: WorkingPost) => void;
  /** The last Save All's answer was lost: it may have used the week's last saves, so saving again stays possible. */
  retryAfterLostAnswer?: boolean;
  /** How many posts the strategist wrote: fewer in the list means some were removed. */
  planSize: number;
};

export function PlanView({
  overview,
  contentUrl,
  posts,
  timezone,
  allowance,
  saving,
  limitMessage,
  headingRef,
  onSaveAll,
  onSaveAndSchedule,
  onEdit,
  sourceId,
  onRewrite,
  onUndoRewrite,
  onDelete,
  planSize,
  retryAfterLostAnswer,
}: PlanViewProps) {
  const full = allowance.remaining === 0;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="strategy-heading" className="card border border-primary/25 bg-primary/5 shadow-sm">
        <div className="card-body gap-3 p-5 sm:p-6">
          <h2 id="strategy-heading" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-none">
            <Icon d={appIcons.chart} className="size-5 text-primary" />
            Weekly Content Strategy
          </h2>
          <Overview text={overview} />
          {contentUrl && <FirstCommentLink url={contentUrl} />}
        </div>
      </section>

      <section aria-labelledby="plan-heading" className="flex flex-col gap-4">
        {/* Stays in view while the posts scroll by, so Save All is always at hand (not on phones, where it would eat the screen). */}
        <div className="bg-base-100 sm:sticky sm:top-14 sm:z-10 sm:-mx-1 sm:border-b sm:border-base-300 sm:px-1 sm:py-3">
          <h2 id="plan-heading" className="text-lg font-semibold text-balance sm:text-xl">
            {`Your Strategic Content Plan (${posts.length} ${posts.length === 1 ? "Post" : "Posts"})`}
          </h2>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="text-sm text-base-content/70">{`Times in ${timezone.replaceAll("_", " ")}`}</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-outline max-sm:btn-sm" onClick={onSaveAndSchedule} disabled={saving || full}>
                <Icon d={appIcons.calendar} className="size-4" />
                Save and schedule as recommended
              </button>
              <button
                type="button"
                className="btn btn-primary max-sm:btn-sm"
                onClick={onSaveAll}
                disabled={saving || (full && !retryAfterLostAnswer)}
                aria-busy={saving || undefined}
              >
                {saving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon d={appIcons.inbox} className="size-4" />}
                {saving ? "Saving..." : "Save All to Drafts"}
              </button>
            </div>
          </div>
        </div>
        <AllowanceNote allowance={allowance} timezone={timezone} planSize={posts.length} limitMessage={limitMessage} />
        <Suspense fallback={null}>
          <ol className="flex flex-col gap-4">
            {posts.map((post, index) => (
              <li key={post.postOrder}>
                <PlanPostCard
                  post={post}
                  position={index + 1}
                  planShrunk={posts.length < planSize}
                  locked={saving}
                  onSave={(content) => onEdit(post, content)}
                  sourceId={sourceId}
                  onRewrite={(content, action) => onRewrite(post, content, action)}
                  onUndo={(content) => onUndoRewrite(post, content)}
                  onCopy={() => void copyToClipboard(post.content)}
                  onDelete={() => onDelete(post)}
                />
              </li>
            ))}
          </ol>
        </Suspense>
      </section>
    </div>
  );
}

// About four lines of the overview at the column's width; a longer one starts folded, so the posts are in view sooner.
const OVERVIEW_FOLD_CHARS = 320;

function Overview({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const foldable = text.length > OVERVIEW_FOLD_CHARS;
  return (
    <div>
      <p id="strategy-overview" className={`leading-relaxed text-base-content/85 ${foldable && !open ? "line-clamp-4" : ""}`}>
        {text}
      </p>
      {foldable && (
        <button
          type="button"
          className="link link-primary mt-1 text-sm font-medium no-underline hover:underline"
          aria-expanded={open}
          aria-controls="strategy-overview"
          onClick={() => setOpen(!open)}
        >
          {open ? "Show less" : "Read the full strategy"}
        </button>
      )}
    </div>
  );
}

/** PRODUCT.md "Generation": the article's address belongs in the first comment, not the post. */
function FirstCommentLink({ url }: { url: string }) {
  return (
    <div data-first-comment className="mt-1 flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3.5 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-sm font-semibold">
          <Icon d={appIcons.link} className="size-4 text-primary" />
          Link in first comment
        </p>
        <p className="mt-0.5 text-sm text-base-content/75">
          LinkedIn shows posts with an outside link to fewer people, so add yours as the first comment right after posting:{" "}
          <a href={url} target="_blank" rel="noopener noreferrer" className="link link-primary break-all">
            {url}
          </a>
        </p>
      </div>
      <button
        type="button"
        className="btn btn-outline btn-sm shrink-0"
        onClick={() => void copyToClipboard(url, "The link is ready to paste as your first comment.")}
      >
        <Icon d={appIcons.copy} className="size-4" />
        Copy link
      </button>
    </div>
  );
}

// daisyUI's soft alerts put yellow text on pale yellow; these keep 4.5:1 in both themes.
const callout = "flex items-start gap-2.5 rounded-box border px-4 py-3 text-sm";
const warning = "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100";
const info = "border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-400/40 dark:bg-sky-400/10 dark:text-sky-100";

/** What the weekly allowance means for this plan: all of it fits, only part of it, or none until the reset. */
function AllowanceNote({
  allowance,
  timezone,
  planSize,
  limitMessage,
}: {
  allowance: Allowance;
  timezone: string;
  planSize: number;
  limitMessage: string | null;
}) {
  if (limitMessage) {
    return (
      <p role="alert" className={`${callout} ${warning}`}>
        <Icon d={appIcons.alert} className="mt-px size-4.5 shrink-0" />
        <span>{`${limitMessage} The posts you have not saved stay here.`}</span>
      </p>
    );
  }
  if (allowance.remaining === 0) {
    return (
      <p className={`${callout} ${warning}`}>
        <Icon d={appIcons.alert} className="mt-px size-4.5 shrink-0" />
        <span>{`You have saved all ${allowance.limit} posts of this week. ${resetsLabel(allowance.resetsAt, timezone)}; the plan stays here until then.`}</span>
      </p>
    );
  }
  if (allowance.remaining < planSize) {
    return (
      <p className={`${callout} ${info}`}>
        <Icon d={appIcons.alert} className="mt-px size-4.5 shrink-0" />
        <span>{`Only ${allowance.remaining} of these ${planSize} posts fit in this week's allowance. Delete the ones you like least, or save now and keep the rest here.`}</span>
      </p>
    );
  }
  return null;
}
