import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { fetchLinkedin, fetchPostCounts, fetchPostPage, type Post, type PostCounts, type PostPage, queryKeys } from "../api";
import { appIcons, Icon } from "../ui/icons";
import { formatLongDate } from "../../src/shared/format-date";
import { displayStatus, POST_TABS, type PostTab } from "../../src/shared/post-status";
import { PostActionButtons, PublishNote } from "./post-actions";
import { PostDialogs } from "./lazy-dialogs";
import { useOpenDialog } from "./open-dialog";
import { usePostMutations } from "./post-mutations";
import { postTimeLine } from "./post-time";
import { PostStatusBadge } from "./post-status";
import { PostTypeBadge } from "./post-type";
import { QueryProvider } from "../query-client";
import { PreviewAuthor } from "./preview-author";
import { SchedulePlanDialog } from "./lazy-dialogs";

/**
 * My Posts (SPEC.md "My Posts"): the tabs Scheduled (the default), Drafts and Posted, each with its
 * count, and a card per post with its actions. The server renders the Scheduled tab's first page
 * and the counts; each tab then loads a page at a time (the next as the list's end scrolls into
 * view), kept in "posts" queries that every write refreshes.
 */
export default function MyPosts(props: { firstPage: PostPage; counts: PostCounts; timezone: string; authorName?: string }) {
  return (
    <QueryProvider>
      <PreviewAuthor.Provider value={props.authorName || "You"}>
        <PostsBoard {...props} />
      </PreviewAuthor.Provider>
    </QueryProvider>
  );
}

const TABS: { key: PostTab; label: string; empty: string; hint: string }[] = [
  { key: "scheduled", label: "Scheduled", empty: "No scheduled posts", hint: "Schedule a draft and it waits here for its time." },
  { key: "draft", label: "Drafts", empty: "No drafts", hint: "Posts you save from a plan on the Generate page start here." },
  { key: "posted", label: "Posted", empty: "No posted content", hint: "Mark a post as posted once it is live on LinkedIn." },
];

const POST_TAB_KEYS = Object.keys(POST_TABS) as PostTab[];

const tabCount = (counts: PostCounts, tab: PostTab) => POST_TABS[tab].reduce((sum, status) => sum + counts[status], 0);

const time = (value: string | null) => (value ? new Date(value).getTime() : 0);

type DraftGroup = { sourceId: string | null; posts: Post[]; savedAt: string };

/** Drafts grouped by the plan they came from (newest plan first), each plan in its own order; hand-written drafts last. */
function draftGroups(drafts: Post[]): DraftGroup[] {
  const groups = new Map<string | null, Post[]>();
  for (const post of drafts) groups.set(post.sourceId, [...(groups.get(post.sourceId) ?? []), post]);
  return [...groups]
    .map(([sourceId, posts]) => ({
      sourceId,
      posts: [...posts].sort((a, b) => Number(a.postOrder) - Number(b.postOrder) || time(a.createdAt) - time(b.createdAt)),
      // biome-ignore lint/complexity/useMathMinMax: ISO date strings: Math.max would turn them into NaN
      savedAt: posts.reduce((latest, post) => (post.createdAt > latest ? post.createdAt : latest), ""),
    }))
    .sort((a, b) => (a.sourceId === null ? 1 : b.sourceId === null ? -1 : b.savedAt.localeCompare(a.savedAt)));
}

const tabQuery = (tab: PostTab) => ({
  queryKey: queryKeys.postList(tab),
  queryFn: ({ pageParam }: { pageParam: string | null }) => fetchPostPage(tab, pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: PostPage) => last.nextCursor,
});

/**
 * A tab's posts, a page at a time; the server's first page stands in for the Scheduled tab's
 * until a write refreshes it. Once the page is up, the other tabs' first pages are fetched in
 * the background, so switching to one shows its posts at once.
 */
function useTabPosts(tab: PostTab, firstPage: PostPage) {
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const other of POST_TAB_KEYS) if (other !== "scheduled") void queryClient.prefetchInfiniteQuery(tabQuery(other));
  }, [queryClient]);
  return useInfiniteQuery({ ...tabQuery(tab), initialData: tab === "scheduled" ? { pages: [firstPage], pageParams: [null] } : undefined });
}

function PostsBoard({ firstPage, counts: initialCounts, timezone }: { firstPage: PostPage; counts: PostCounts; timezone: string }) {
  const { data: counts = initialCounts } = useQuery({ queryKey: queryKeys.postCounts, queryFn: fetchPostCounts, initialData: initialCounts });
  const [tab, setTab] = useState<PostTab>("scheduled");
  const list = useTabPosts(tab, firstPage);
  const posts = useMemo(() => list.data?.pages.flatMap((page) => page.posts) ?? [], [list.data]);
  // A dialog keeps its post while a refresh moves it to another tab (scheduling a draft, say).
  const seen = useRef(new Map<string, Post>());
  for (const post of posts) seen.current.set(post.id, post);
  const [scheduling, setScheduling] = useState<DraftGroup | null>(null);
  const dialogs = useOpenDialog();
  const mutations = usePostMutations();
  const current = TABS.find((entry) => entry.key === tab)!;
  const dialogPost = dialogs.open ? (posts.find((post) => post.id === dialogs.open!.postId) ?? seen.current.get(dialogs.open.postId)) : undefined;

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
                const target = (
                  { ArrowRight: (index + 1) % TABS.length, ArrowLeft: (index + TABS.length - 1) % TABS.length, Home: 0, End: TABS.length - 1 } as Record<
                    string,
                    number
                  >
                )[event.key];
                if (target === undefined) return;
                event.preventDefault();
                setTab(TABS[target]!.key);
                document.getElementById(`posts-tab-${TABS[target]!.key}`)?.focus();
              }}
            >
              {entry.label}
              <span data-count className={`badge badge-sm tabular-nums ${selected ? "badge-primary" : "badge-ghost"}`}>
                {tabCount(counts, entry.key)}
              </span>
            </button>
          );
        })}
      </div>

      <div id="posts-panel" role="tabpanel" aria-labelledby={`posts-tab-${tab}`} aria-busy={list.isPending} className="mt-5">
        {list.isPending ? (
          <p className="flex items-center gap-2 py-10 text-sm text-base-content/70" role="status">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Loading posts…
          </p>
        ) : list.isError && posts.length === 0 ? (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
            <span>Your posts could not be loaded. Check your connection and try again.</span>
            <button type="button" className="btn btn-sm" onClick={() => list.refetch()}>
              Try again
            </button>
          </div>
        ) : posts.length === 0 ? (
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
          <>
            {tab === "draft" ? (
              <div className="flex flex-col gap-6">
                {draftGroups(posts).map((group) => (
                  <section
                    key={group.sourceId ?? "by-hand"}
                    aria-label={group.sourceId ? `Plan saved ${formatLongDate(group.savedAt, timezone)}` : "Written by hand"}
                    data-plan-group={group.sourceId ?? "by-hand"}
                  >
                    <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
                      <h2 className="text-sm font-semibold text-base-content/80">
                        {group.sourceId ? `From your plan of ${formatLongDate(group.savedAt, timezone)}` : "Written by hand"}
                      </h2>
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
                {posts.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} timezone={timezone} mutations={mutations} open={(dialog) => dialogs.show(post.id, dialog)} />
                  </li>
                ))}
              </ul>
            )}
            {list.hasNextPage && <MorePosts loading={list.isFetchingNextPage} failed={list.isFetchNextPageError} onMore={() => list.fetchNextPage()} />}
          </>
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

      <PostDialogs open={dialogs.open?.dialog ?? null} post={dialogPost} timeZone={timezone} mutations={mutations} onClose={dialogs.close} />
    </div>
  );
}

/** The end of a loaded list: the next page loads as this comes into view, or on the button (keyboards, old browsers). */
function MorePosts({ loading, failed, onMore }: { loading: boolean; failed: boolean; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || failed || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && more.current(), { rootMargin: "400px 0px" });
    observer.observe(node);
    return () => observer.disconnect();
  }, [failed]);
  return (
    <div ref={sentinel} data-more-posts className="mt-4 flex flex-col items-center gap-2">
      {failed && <p className="text-sm text-error">The next posts could not be loaded.</p>}
      <button type="button" className="btn btn-ghost btn-sm" disabled={loading} onClick={onMore}>
        {loading ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        {loading ? "Loading more posts…" : failed ? "Try again" : "Load more posts"}
      </button>
    </div>
  );
}

function PostCard({
  post,
  timezone,
  mutations,
  open,
}: {
  post: Post;
  timezone: string;
  mutations: ReturnType<typeof usePostMutations>;
  open: Parameters<typeof PostActionButtons>[0]["open"];
}) {
  // Posts due after the LinkedIn connection ends are flagged, so none fails as a surprise.
  const linkedin = useQuery({ queryKey: queryKeys.linkedin, queryFn: fetchLinkedin, enabled: post.publishMode === "auto" && post.status === "scheduled" });
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
        <PublishNote post={post} timeZone={timezone} linkedinExpiresAt={linkedin.data?.connection?.expiresAt ?? null} />
        <a
          href={`/posts/${post.id}`}
          data-post-content
          className="line-clamp-4 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap hover:text-base-content/80"
        >
          {post.content}
        </a>
        <div className="-mx-2 border-t border-base-300 pt-2">
          <PostActionButtons post={post} timeZone={timezone} mutations={mutations} open={open} />
        </div>
      </div>
    </article>
  );
}
