import type { Me, Post, PostCounts, PostPage as PostListPage } from "../../islands/api";
import { appIcons, Icon } from "../../islands/ui/icons";
import { firstContentLine } from "../../src/shared/words";
import { AppShell, HeaderAction, PageHeader } from "../components/app-shell";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const postsMeta = (productName: string): PageMeta => ({
  title: `My Posts | ${productName}`,
  description: `Your saved LinkedIn posts in ${productName}: scheduled, drafts and posted.`,
  path: "/posts",
  noindex: true,
});

export const postMeta = (productName: string, post: Post): PageMeta => ({
  title: `${firstContentLine(post.content).slice(0, 60) || "Post"} | ${productName}`,
  description: `A saved LinkedIn post in ${productName}.`,
  path: `/posts/${post.id}`,
  noindex: true,
});

type PageProps = { user: Me; sidebarExpanded: boolean };

/** /posts (SPEC.md "My Posts"), rendered on the server with the Scheduled tab's first page and the tab counts; the MyPosts island takes it from there. */
export function PostsPage({ user, sidebarExpanded, firstPage, counts }: PageProps & { firstPage: PostListPage; counts: PostCounts }) {
  return (
    <AppShell path="/posts" user={user} sidebarExpanded={sidebarExpanded}>
      <PageHeader
        title="My Posts"
        lead={`Everything you have saved, by status. Times in ${user.timezone.replaceAll("_", " ")}.`}
        actions={<HeaderAction href="/generate" icon={appIcons.sparkles} label="Generate New Posts" />}
      />
      <div className="mt-6 sm:mt-8">
        <Island name="MyPosts" props={{ firstPage, counts, timezone: user.timezone, authorName: user.name }} />
      </div>
    </AppShell>
  );
}

/** /posts/:id (PRODUCT.md "Posts"): one post, with what the View Post dialog shows and the card's actions. */
export function PostPage({ user, sidebarExpanded, post }: PageProps & { post: Post }) {
  return (
    <AppShell path="/posts" user={user} sidebarExpanded={sidebarExpanded}>
      <a href="/posts" className="btn btn-ghost btn-sm -ml-2 mb-3">
        <Icon d={appIcons.arrowRight} className="size-4 rotate-180" />
        My Posts
      </a>
      <PageHeader title="View Post" lead={`Times in ${user.timezone.replaceAll("_", " ")}.`} />
      <div className="mt-6 max-w-3xl">
        <Island name="PostDetail" props={{ post, timezone: user.timezone, authorName: user.name }} />
      </div>
    </AppShell>
  );
}
