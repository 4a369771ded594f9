import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchPosts, type Post, queryKeys } from "./api";
import { appIcons, Icon } from "./icons";
import { displayStatus, PostActionButtons, PostDialogs, postTimeLine, useOpenDialog, usePostMutations } from "./post-actions";
import { PostStatusBadge } from "./post-status";
import { PostTypeBadge } from "./post-type";
import { QueryProvider } from "./query-client";
import { PreviewAuthor } from "./linkedin-preview";

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

/** Scheduled: soonest first. Posted: latest first. Drafts: newest first (the API's order). */
function sortFor(tab: Tab, list: Post[]): Post[] {
  if (tab === "scheduled") return [...list].sort((a, b) => time(a.scheduledTime) - time(b.scheduledTime));
  if (tab === "posted") return [...list].sort((a, b) => time(b.postedAt ?? b.scheduledTime) - time(a.postedAt ?? a.scheduledTime));
  return list;
}

function PostsBoard({ posts: initial, timezone }: { posts: Post[]; timezone: string }) {
  const { data: posts = initial } = useQuery({ queryKey: queryKeys.posts, queryFn: fetchPosts, initialData: initial });
  const [tab, setTab] = useState<Tab>("scheduled");
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
              className={`tab flex-1 flex-nowrap gap-1.5 whitespace-nowrap px-2 sm:flex-none sm:gap-2 sm:px-4 ${selected ? "tab-active" : ""}`}
              onClick={() => setTab(entry.key)}
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
          <ul className="flex flex-col gap-3">
            {shown.map((post) => (
              <li key={post.id}>
                <PostCard post={post} timezone={timezone} mutations={mutations} open={(dialog) => dialogs.show(post.id, dialog)} />
              </li>
            ))}
          </ul>
        )}
      </div>

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
