import { useQuery } from "@tanstack/react-query";
import { fetchPost, type Post, queryKeys } from "../api";
import { PostActionButtons, PostDetails } from "./post-actions";
import { PostDialogs } from "./lazy-dialogs";
import { useOpenDialog } from "./open-dialog";
import { usePostMutations } from "./post-mutations";
import { QueryProvider } from "../query-client";
import { toastAfterNavigation } from "../ui/toast-store";
import { PreviewAuthor } from "./preview-author";

/**
 * /posts/:id (PRODUCT.md "Posts": a real page): the View Post dialog's content with the card's
 * actions. After a delete there is nothing left to show, so My Posts takes over.
 */
export default function PostDetail(props: { post: Post; timezone: string; authorName?: string }) {
  return (
    <QueryProvider>
      <PreviewAuthor.Provider value={props.authorName || "You"}>
        <Detail {...props} />
      </PreviewAuthor.Provider>
    </QueryProvider>
  );
}

function Detail({ post: initial, timezone }: { post: Post; timezone: string }) {
  const { data: post = initial } = useQuery({ queryKey: queryKeys.post(initial.id), queryFn: () => fetchPost(initial.id), initialData: initial });
  const dialogs = useOpenDialog();
  const mutations = usePostMutations({
    onDeleted: () => {
      toastAfterNavigation({ title: "Post deleted" });
      window.location.assign("/posts");
    },
  });
  return (
    <article data-post-id={post.id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5 p-4 sm:p-6">
        <PostDetails post={post} timeZone={timezone} />
        <div className="-mx-2 border-t border-base-300 pt-3">
          <PostActionButtons post={post} timeZone={timezone} mutations={mutations} open={(dialog) => dialogs.show(post.id, dialog)} showView={false} />
        </div>
      </div>
      <PostDialogs open={dialogs.open?.dialog ?? null} post={post} timeZone={timezone} mutations={mutations} onClose={dialogs.close} />
    </article>
  );
}
