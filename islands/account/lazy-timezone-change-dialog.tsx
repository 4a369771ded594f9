import { type ComponentProps, lazy, Suspense } from "react";
import type { TimezoneChangeDialog as TimezoneChangeDialogType } from "./timezone-change-dialog";

/**
 * Settings' timezone-change question, loaded when it first opens rather than with the page, as
 * the post dialogs are (posts/lazy-dialogs.tsx). It is never open when the page is rendered on the
 * server, so hydration never waits for it.
 */
const TimezoneChangeDialogLazy = lazy(() => import("./timezone-change-dialog").then((module) => ({ default: module.TimezoneChangeDialog })));

export function TimezoneChangeDialog(props: ComponentProps<typeof TimezoneChangeDialogType>) {
  return (
    <Suspense fallback={null}>
      <TimezoneChangeDialogLazy {...props} />
    </Suspense>
  );
}
