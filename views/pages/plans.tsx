import type { Me, Post } from "../../islands/api";
import { appIcons, Icon } from "../../islands/ui/icons";
import { PostStatusBadge } from "../../islands/posts/post-status";
import { PostTypeBadge } from "../../islands/posts/post-type";
import { formatDateTime, formatLongDate } from "../../src/shared/format-date";
import type { PlanSummary } from "../../src/services/plan-library";
import type { PlanPost } from "../../src/strategist";
import { AppShell, HeaderAction, PageHeader } from "../components/app-shell";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const plansMeta = (productName: string): PageMeta => ({
  title: `Plans | ${productName}`,
  description: `Every plan ${productName} wrote from your articles.`,
  path: "/plans",
  noindex: true,
});

export const planMeta = (productName: string, id: string, title: string): PageMeta => ({
  title: `${title.slice(0, 60)} | ${productName}`,
  description: `A weekly plan in ${productName}.`,
  path: `/plans/${id}`,
  noindex: true,
});

type PageProps = { user: Me; sidebarExpanded: boolean };

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** /plans: the plan library, newest first; each plan opens in any tab or device (it lives on the server). */
export function PlansPage({ user, sidebarExpanded, plans }: PageProps & { plans: PlanSummary[] }) {
  return (
    <AppShell path="/plans" user={user} sidebarExpanded={sidebarExpanded}>
      <PageHeader
        title="Plans"
        lead="Every article you turned into a week of posts, newest first."
        actions={<HeaderAction href="/generate" icon={appIcons.sparkles} label="New plan" />}
      />
      {plans.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
          <h2 className="font-semibold">No plans yet</h2>
          <p className="mt-1 max-w-sm text-sm text-base-content/70">Paste an article on the Generate page and its plan is kept here.</p>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-3 sm:mt-8" aria-label="Your plans">
          {plans.map((plan) => (
            <li key={plan.id} data-plan={plan.id}>
              <a href={`/plans/${plan.id}`} className="card border border-base-300 bg-base-100 shadow-sm transition-colors hover:border-primary/50">
                <div className="card-body gap-1.5 p-4 sm:p-5">
                  <h2 className="font-semibold break-words">{plan.title}</h2>
                  <p className="text-sm text-base-content/70">{`${formatLongDate(plan.createdAt, user.timezone)} · ${count(plan.words, "word")}`}</p>
                  <p data-plan-progress className="text-sm">
                    {plan.status === "completed"
                      ? `${plan.saved} of ${plan.planPosts} posts saved · ${plan.scheduled} scheduled · ${plan.posted} posted`
                      : plan.status === "pending"
                        ? "Your strategist is still writing this plan."
                        : "This plan could not be written."}
                  </p>
                </div>
              </a>
            </li>
          ))}
        </ul>
      )}
    </AppShell>
  );
}

type PlanPageProps = PageProps & {
  id: string;
  title: string;
  createdAt: string;
  words: number;
  contentUrl: string | null;
  overview: string | null;
  status: "pending" | "completed" | "failed";
  posts: PlanPost[];
  saved: Post[];
};

/** /plans/:id: one plan in its order, each post with its state (not saved, draft, scheduled, posted). */
export function PlanPage({ user, sidebarExpanded, id, title, createdAt, words, contentUrl, overview, status, posts, saved }: PlanPageProps) {
  const savedByOrder = new Map(saved.map((post) => [post.postOrder, post]));
  const unsaved = posts.filter((post) => !savedByOrder.has(post.postOrder)).length;
  const drafts = saved.filter((post) => post.status === "draft");
  return (
    <AppShell path="/plans" user={user} sidebarExpanded={sidebarExpanded}>
      <a href="/plans" className="btn btn-ghost btn-sm -ml-2 mb-3">
        <Icon d={appIcons.arrowRight} className="size-4 rotate-180" />
        Plans
      </a>
      <PageHeader
        title={title}
        lead={`${formatLongDate(createdAt, user.timezone)} · ${count(words, "word")}${contentUrl ? ` · ${contentUrl}` : ""}. Times in ${user.timezone.replaceAll("_", " ")}.`}
      />
      <div className="mt-5 flex flex-wrap gap-2">
        {unsaved > 0 && (
          <a href={`/generate?plan=${id}`} className="btn btn-primary btn-sm">
            <Icon d={appIcons.sparkles} className="size-4" />
            {`Continue in the generator (${count(unsaved, "unsaved post")})`}
          </a>
        )}
        {drafts.length > 0 && (
          <Island
            name="PlanScheduleButton"
            props={{
              sourceId: id,
              timezone: user.timezone,
              firstLines: Object.fromEntries(drafts.map((post) => [post.postOrder, post.content.split("\n")[0] ?? ""])),
            }}
          />
        )}
      </div>
      {status !== "completed" ? (
        <p className="mt-6 text-sm">{status === "pending" ? "Your strategist is still writing this plan." : "This plan could not be written."}</p>
      ) : (
        <>
          {overview && <p className="mt-6 max-w-3xl text-sm text-base-content/80 whitespace-pre-line">{overview}</p>}
          <ol className="mt-6 flex max-w-3xl flex-col gap-3" aria-label="The plan's posts">
            {posts.map((post) => {
              const mine = savedByOrder.get(post.postOrder);
              return (
                <li key={post.postOrder} data-plan-post={post.postOrder} className="card border border-base-300 bg-base-100 shadow-sm">
                  <div className="card-body gap-2 p-4 sm:p-5">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-semibold tabular-nums">{`#${post.postOrder}`}</span>
                      <PostTypeBadge type={post.postType} />
                      <span className="text-base-content/70">{`${post.recommendedDay} ${post.recommendedTime}`}</span>
                      <span data-plan-post-state className="ml-auto flex items-center gap-2">
                        {mine ? <PostStatusBadge status={mine.status} /> : <span className="badge badge-ghost badge-sm">Not saved</span>}
                        {mine?.status === "scheduled" && mine.scheduledTime && (
                          <span className="text-base-content/70">{formatDateTime(mine.scheduledTime, user.timezone)}</span>
                        )}
                      </span>
                    </div>
                    <p className="line-clamp-3 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap">{mine?.content ?? post.content}</p>
                    {mine && (
                      <a href={`/posts/${mine.id}`} className="link link-primary text-sm">
                        Open the post
                      </a>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </AppShell>
  );
}
