import { type ComponentProps, lazy, Suspense } from "react";
import type { EditPostDialog as EditPostDialogType, PostDialogs as PostDialogsType } from "./post-dialogs";
import type { SchedulePlanDialog as SchedulePlanDialogType } from "./schedule-plan";

/**
 * The post dialogs (and the LinkedIn preview and rewrite buttons only they draw) and the
 * schedule-a-plan dialog, loaded when one first opens rather than with the page: they were the
 * part of /posts, /calendar and /generate that put each page's JavaScript past 100 KB gzipped.
 * None is open when a page is rendered on the server, so hydration never waits for them.
 */
const PostDialogsLazy = lazy(() => import("./post-dialogs").then((module) => ({ default: module.PostDialogs })));
const EditPostDialogLazy = lazy(() => import("./post-dialogs").then((module) => ({ default: module.EditPostDialog })));
const SchedulePlanDialogLazy = lazy(() => import("./schedule-plan").then((module) => ({ default: module.SchedulePlanDialog })));

export function PostDialogs(props: ComponentProps<typeof PostDialogsType>) {
  if (!props.open || !props.post) return null;
  return (
    <Suspense fallback={null}>
      <PostDialogsLazy {...props} />
    </Suspense>
  );
}

export function EditPostDialog(props: ComponentProps<typeof EditPostDialogType>) {
  return (
    <Suspense fallback={null}>
      <EditPostDialogLazy {...props} />
    </Suspense>
  );
}

export function SchedulePlanDialog(props: ComponentProps<typeof SchedulePlanDialogType>) {
  return (
    <Suspense fallback={null}>
      <SchedulePlanDialogLazy {...props} />
    </Suspense>
  );
}
