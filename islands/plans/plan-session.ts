import type { PlanPost } from "../api";

/**
 * The plan the Generate page is working on, kept for this tab (PRODUCT.md "Generation": the
 * generator shows the last unsaved plan after a reload). Only what the server does not know is
 * stored: which source the plan is (the page reloads it with GET /api/sources/:id, and keeps
 * polling one still being written), the edits made to its posts, and which posts have left the
 * list (deleted, or saved as drafts). sessionStorage rather than the URL, so leaving for another
 * page and coming back through the sidebar finds the plan too.
 */

export type PlanChanges = {
  sourceId: string;
  /** New content by postOrder. */
  edits: Record<string, string>;
  /** postOrders no longer in the list. */
  removed: string[];
};

/** A post as the list shows it: its content edited, if it was. */
export type WorkingPost = PlanPost & { edited: boolean };

const STORAGE_KEY = "cadence-plan";

export const newPlanChanges = (sourceId: string): PlanChanges => ({ sourceId, edits: {}, removed: [] });

function isPlanChanges(value: unknown): value is PlanChanges {
  if (!value || typeof value !== "object") return false;
  const { sourceId, edits, removed } = value as Record<string, unknown>;
  return (
    typeof sourceId === "string" &&
    sourceId !== "" &&
    !!edits &&
    typeof edits === "object" &&
    !Array.isArray(edits) &&
    Object.values(edits).every((content) => typeof content === "string") &&
    Array.isArray(removed) &&
    removed.every((order) => typeof order === "string")
  );
}

/** The stored plan of this tab, or null (none, storage refused, or not something we wrote). */
export function readPlanChanges(): PlanChanges | null {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return isPlanChanges(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Stores the plan's changes; null forgets the plan (saved, emptied, or gone). */
export function writePlanChanges(changes: PlanChanges | null): void {
  try {
    if (changes) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(changes));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, full): the plan still works, it just will not outlive a reload.
  }
}

/** The plan's posts as the list shows them: removed ones left out, edits applied, in postOrder. */
export function workingPosts(posts: readonly PlanPost[], changes: PlanChanges): WorkingPost[] {
  return posts
    .filter((post) => !changes.removed.includes(post.postOrder))
    .map((post) => {
      const edit = changes.edits[post.postOrder];
      return edit === undefined || edit === post.content ? { ...post, edited: false } : { ...post, content: edit, edited: true };
    })
    .sort((a, b) => Number(a.postOrder) - Number(b.postOrder));
}
