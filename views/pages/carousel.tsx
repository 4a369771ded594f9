import type { Me, Post } from "../../islands/api";
import type { CarouselView } from "../../islands/carousel/CarouselEditor";
import { appIcons, Icon } from "../../islands/ui/icons";
import { firstContentLine } from "../../src/shared/words";
import { AppShell, PageHeader } from "../components/app-shell";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const carouselMeta = (productName: string, post: Pick<Post, "id" | "content">): PageMeta => ({
  title: `Carousel: ${firstContentLine(post.content).slice(0, 50) || "Post"} | ${productName}`,
  description: `A LinkedIn document carousel made from one of your posts in ${productName}.`,
  path: `/posts/${post.id}/carousel`,
  noindex: true,
});

/** /posts/:id/carousel (issue 25): the carousel editor for one post. */
export function CarouselPage({
  user,
  sidebarExpanded,
  post,
  carousel,
}: {
  user: Me;
  sidebarExpanded: boolean;
  post: Pick<Post, "id" | "content">;
  carousel: CarouselView | null;
}) {
  return (
    <AppShell path="/posts" user={user} sidebarExpanded={sidebarExpanded}>
      <a href={`/posts/${post.id}`} className="btn btn-ghost btn-sm -ml-2 mb-3">
        <Icon d={appIcons.arrowRight} className="size-4 rotate-180" />
        Back to the post
      </a>
      <PageHeader
        title="Carousel"
        lead="A PDF document post: people swipe through the slides. What you see here is what LinkedIn gets. Edit any slide, reorder them, choose a design, then download the PDF and attach it as a document in LinkedIn's composer."
      />
      <div className="mt-6 max-w-4xl">
        <Island name="CarouselEditor" props={{ postId: post.id, carousel }} />
      </div>
    </AppShell>
  );
}
