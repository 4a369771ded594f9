import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchPosts, type Post, queryKeys } from "./api";
import { appIcons, Icon } from "./icons";
import { formatLongDate } from "../src/shared/format-date";
import { displayStatus } from "../src/shared/post-status";
import { PostActionButtons } from "./post-actions";
import { PostDialogs, useOpenDialog } from "./post-dialogs";
import { usePostMutations } from "./post-mutations";
import { postTimeLine } from "./post-time";
import { PostStatusBadge } from "./post-status";
import { PostTypeBadge } from "./post-type";
import { QueryProvider } from "./query-client";
import { PreviewAuthor } from "./linkedin-preview";
import { SchedulePlanDialog } from "./schedule-plan";

/**
 * My Posts (SPEC.md "My Posts"): the tabs Scheduled (the default), Drafts and Posted, each with its
 * count, and a card per post with its actions. The server renders the user's posts; the island
 * keeps them in the shared "posts" query, which every write refreshes.
 */
export default function MyPosts(props: { posts: Post[]; timezone: string; authorName?: string }) {
  return (
    <QueryProvider>
      <PreviewAuthor.Provider value={props.authorName || "You"}>
        <PostsBoard {...props} />
      </PreviewAuthor.Provider>
    </QueryProvider>
  );
}

type Tab = "scheduled" | "draft" | "posted";

// A failed post has no tab of its own: it waits with the drafts, where it can be dealt with.
const TABS: { key: Tab; label: string; empty: string; hint: string }[] = [
  { key: "scheduled", label: "Scheduled", empty: "No scheduled posts", hint: "Schedule a draft and it waits here for its time." },
  { key: "draft", label: "Drafts", empty: "No drafts", hint: "Posts you save from a plan on the Generate page start here." },
  { key: "posted", label: "Posted", empty: "No posted content", hint: "Mark a post as posted once it is live on LinkedIn." },
];

function tabOf(post: Post): Tab {
  const status = displayStatus(post.status);
  return status === "scheduled" || status === "posted" ? status : "draft";
}

const time = (value: string | null) => (value ? new Date(value).getTime() : 0);

/** Scheduled: soonest first. Posted: latest first. Drafts: by plan (groups below). */
function sortFor(tab: Tab, list: Post[]): Post[] {
  if (tab === "scheduled") return [...list].sort((a, b) => time(a.scheduledTime) - time(b.scheduledTime));
  if (tab === "posted") return [...list].sort((a, b) => time(b.postedAt ?? b.scheduledTime) - time(a.postedAt ?? a.scheduledTime));
  return list;
}

type DraftGroup = { sourceId: string | null; posts: Post[]; savedAt: string };

/** Drafts grouped by the plan they came from (newest plan first), each plan in its own order; hand-written drafts last. */
function draftGroups(drafts: Post[]): DraftGroup[] {
  const groups = new Map<string | null, Post[]>();
  for (const post of drafts) groups.set(post.sourceId, [...(groups.get(post.sourceId) ?? []), post]);
  return [...groups]
    .map(([sourceId, posts]) => ({
      sourceId,
      posts: [...posts].sort((a, b) => Number(a.postOrder) - Number(b.postOrder) || time(a.createdAt) - time(b.createdAt)),
      savedAt: posts.reduce((latest, post) => (post.createdAt > latest ? post.createdAt : latest), ""),
    }))
    .sort((a, b) => (a.sourceId === null ? 1 : b.sourceId === null ? -1 : b.savedAt.localeCompare(a.savedAt)));
}


function PostsBoard({ posts: initial, timezone }: { posts: Post[]; timezone: string }) {
  const { data: posts = initial } = useQuery({ queryKey: queryKeys.posts, queryFn: fetchPosts, initialData: initial });
  const [tab, setTab] = useState<Tab>("scheduled");
  const [scheduling, setScheduling] = useState<DraftGroup | null>(null);
  const dialogs = useOpenDialog();
  const mutations = usePostMutations();
  const byTab = (key: Tab) => posts.filter((post) => tabOf(post) === key);
  const current = TABS.find((entry) => entry.key === tab)!;
  const shown = sortFor(tab, byTab(tab));

  return (
    <div>
      <div role="tablist" aria-label="Posts by status" className="tabs tabs-box w-full sm:w-fit">
        {TABS.map((entry) => {
          const selected = entry.key === tab;
          return (
            <button
              key={entry.key}
              type="button"
              role="tab"
              id={`posts-tab-${entry.key}`}
              aria-selected={selected}
              aria-controls="posts-panel"
              tabIndex={selected ? 0 : -1}
              className={`tab flex-1 flex-nowrap gap-1.5 whitespace-nowrap px-2 sm:flex-none sm:gap-2 sm:px-4 ${selected ? "tab-active" : "text-base-content/80"}`}
              onClick={() => setTab(entry.key)}
              onKeyDown={(event) => {
                // WAI-ARIA tabs: arrows (and Home/End) move between the tabs and select them.
                const index = TABS.findIndex((candidate) => candidate.key === tab);
                const target = ({ ArrowRight: (index + 1) % TABS.length, ArrowLeft: (index + TABS.length - 1) % TABS.length, Home: 0, End: TABS.length - 1 } as Record<string, number>)[event.key];
                if (target === undefined) return;
                event.preventDefault();
                setTab(TABS[target]!.key);
                document.getElementById(`posts-tab-${TABS[target]!.key}`)?.focus();
              }}
            >
              {entry.label}
              <span data-count className={`badge badge-sm tabular-nums ${selected ? "badge-primary" : "badge-ghost"}`}>
                {byTab(entry.key).length}
              </span>
            </button>
          );
        })}
      </div>

      <div id="posts-panel" role="tabpanel" aria-labelledby={`posts-tab-${tab}`} className="mt-5">
        {shown.length === 0 ? (
          <div className="flex flex-col items-center rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-base-200 text-base-content/60">
              <Icon d={appIcons.inbox} className="size-6" />
            </span>
            <h2 className="mt-4 font-semibold">{current.empty}</h2>
            <p className="mt-1 max-w-sm text-sm text-base-content/70">{current.hint}</p>
            {tab !== "posted" && (
              <a href="/generate" className="btn btn-primary btn-sm mt-5">
                <Icon d={appIcons.sparkles} className="size-4" />
                Generate Posts
              </a>
            )}
          </div>
        ) : (
          tab === "draft" ? (
            <div className="flex flex-col gap-6">
              {draftGroups(shown).map((group) => (
                <section key={group.sourceId ?? "by-hand"} aria-label={group.sourceId ? `Plan saved ${formatLongDate(group.savedAt, timezone)}` : "Written by hand"} data-plan-group={group.sourceId ?? "by-hand"}>
                  <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
                    <h2 className="text-sm font-semibold text-base-content/80">{group.sourceId ? `From your plan of ${formatLongDate(group.savedAt, timezone)}` : "Written by hand"}</h2>
                    {group.sourceId && group.posts.some((post) => post.recommendedDay && post.recommendedTime) && (
                      <button type="button" className="btn btn-outline btn-sm" onClick={() => setScheduling(group)}>
                        <Icon d={appIcons.calendar} className="size-4" />
                        Schedule as recommended
                      </button>
                    )}
                  </header>
                  <ul className="flex flex-col gap-3">
                    {group.posts.map((post) => (
                      <li key={post.id}>
                        <PostCard post={post} timezone={timezone} mutations={mutations} open={(dialog) => dialogs.show(post.id, dialog)} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          ) : (
            <ul className="flex flex-col gap-3">
              {shown.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} timezone={timezone} mutations={mutations} open={(dialog) => dialogs.show(post.id, dialog)} />
                </li>
              ))}
            </ul>
          )
        )}
      </div>

      {scheduling?.sourceId && (
        <SchedulePlanDialog
          sourceId={scheduling.sourceId}
          timeZone={timezone}
          firstLines={Object.fromEntries(scheduling.posts.map((post) => [post.postOrder, post.content.split("\n")[0] ?? ""]))}
          onClose={() => setScheduling(null)}
          onScheduled={() => setTab("scheduled")}
        />
      )}

      <PostDialogs
        open={dialogs.open?.dialog ?? null}
        post={posts.find((post) => post.id === dialogs.open?.postId)}
        timeZone={timezone}
        mutations={mutations}
        onClose={dialogs.close}
      />
    </div>
  );
}

function PostCard({ post, timezone, mutations, open }: { post: Post; timezone: string; mutations: ReturnType<typeof usePostMutations>; open: Parameters<typeof PostActionButtons>[0]["open"] }) {
  return (
    <article data-post-id={post.id} aria-labelledby={`post-${post.id}-title`} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-5">
        <header className="flex flex-wrap items-center gap-2">
          <PostStatusBadge status={displayStatus(post.status)} />
          <PostTypeBadge type={post.postType} />
          <span className="flex min-w-0 items-center gap-1 text-sm text-base-content/70">
            <Icon d={appIcons.clock} className="size-4 shrink-0" />
            <span data-post-time>{postTimeLine(post, timezone)}</span>
          </span>
          {post.status === "draft" && post.recommendedDay && post.recommendedTime && (
            <span data-suggested className="text-sm text-base-content/70">{`Suggested: ${post.recommendedDay} ${post.recommendedTime}`}</span>
          )}
        </header>
        <h3 id={`post-${post.id}-title`} className="sr-only">
          {`Post #${post.postOrder}`}
        </h3>
        <a href={`/posts/${post.id}`} data-post-content className="line-clamp-4 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap hover:text-base-content/80">
          {post.content}
        </a>
        <div className="-mx-2 border-t border-base-300 pt-2">
          <PostActionButtons post={post} timeZone={timezone} mutations={mutations} open={open} />
        </div>
      </div>
    </article>
  );
}
