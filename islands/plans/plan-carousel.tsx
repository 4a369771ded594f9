import { useState } from "react";
import { savePlanDrafts } from "../api";
import { failureToast } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import type { WorkingPost } from "./plan-session";
import { showToast } from "../ui/toast";
import { toastAfterNavigation } from "../ui/toast-store";

/**
 * "Make a carousel" on a plan card (issue 25): a carousel belongs to a saved post, so the post is
 * saved as a draft first (Save All's own call: it counts once against the week, and Save All
 * later knows it is saved), then the carousel editor opens on it.
 */
export function MakeCarouselButton({ post, sourceId, disabled }: { post: WorkingPost; sourceId: string; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  async function make() {
    setBusy(true);
    try {
      const { edited, hook, ...fields } = post;
      const answer = await savePlanDrafts(sourceId, [{ ...fields, hook: edited ? undefined : hook, status: "draft" }]);
      const saved = answer.saved[0];
      if (saved) {
        window.location.assign(`/posts/${saved.id}/carousel`);
        return;
      }
      // Saved before (from this card or Save All): its card in My Posts has Make a carousel.
      toastAfterNavigation({ title: "This post is already in your drafts", description: "Make its carousel from its card in My Posts." });
      window.location.assign("/posts");
    } catch (error) {
      if (!(await followGuard(error))) showToast(failureToast(error, "Could not save the post for its carousel"));
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      onClick={() => void make()}
      disabled={disabled || busy}
      title="Saves this post as a draft and opens its carousel"
    >
      <Icon d={appIcons.document} className="size-4" />
      Make a carousel
    </button>
  );
}
