import { useEffect, useState } from "react";

/**
 * What "Undo rewrite" steps back through: for one post, the rewrites (New hook, Shorter,
 * Rewrite) made one after another, each as the text before it and the text it left. Kept for
 * this tab in sessionStorage, so a reload of the Generate page, or the Edit dialog of a draft
 * opened again after Save Changes, still offers the way back.
 *
 * Undo is offered only while the post reads exactly as the last rewrite left it: a manual edit
 * ends the way back (an undo never throws away words the user typed), and a rewrite after an
 * edit starts a new history from the edited text.
 */

export type RewriteStep = { before: string; after: string };

const STORAGE_KEY = "cadence-rewrites";
/** Undo steps kept per post: more than anyone presses in a row, small enough for sessionStorage. */
const MAX_STEPS = 20;
/** Posts with a history; the oldest is forgotten first. */
const MAX_POSTS = 50;

/** The history after a rewrite of `before` into `after`. */
export function recordStep(steps: readonly RewriteStep[], before: string, after: string): RewriteStep[] {
  // Continues only from where the last rewrite left the text; after an edit, the old steps lead nowhere.
  const base = steps.at(-1)?.after === before ? steps : [];
  return [...base, { before, after }].slice(-MAX_STEPS);
}

/** Whether Undo rewrite applies to the post as it reads now. */
export const canUndo = (steps: readonly RewriteStep[], current: string): boolean => steps.length > 0 && steps.at(-1)!.after === current;

/** The text before the last rewrite, and the history without it. */
export function stepBack(steps: readonly RewriteStep[]): { text: string; steps: RewriteStep[] } | undefined {
  const last = steps.at(-1);
  return last && { text: last.before, steps: steps.slice(0, -1) };
}

function isSteps(value: unknown): value is RewriteStep[] {
  return Array.isArray(value) && value.every((step) => !!step && typeof step === "object" && typeof step.before === "string" && typeof step.after === "string");
}

function readAll(): Record<string, RewriteStep[]> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, RewriteStep[]] => isSteps(entry[1])));
  } catch {
    return {};
  }
}

/** One post's history in this tab (none when storage is refused or holds something else). */
export function readHistory(key: string): RewriteStep[] {
  return readAll()[key] ?? [];
}

export function writeHistory(key: string, steps: readonly RewriteStep[]): void {
  const all = readAll();
  delete all[key]; // re-added last: the most recently used post is kept longest
  if (steps.length > 0) all[key] = [...steps];
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_POSTS))) delete all[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage refused (private mode, full): Undo still works until the page is left.
  }
}

/**
 * The undo history of one post, `key` naming it ("plan:<sourceId>:<postOrder>" for a plan card,
 * "post:<id>" for a saved post), against the text it shows now.
 */
export function useRewriteHistory(key: string, current: string) {
  // Read after hydration: the server has no sessionStorage, and the first render must match its HTML.
  const [steps, setSteps] = useState<RewriteStep[]>([]);
  useEffect(() => setSteps(readHistory(key)), [key]);
  const save = (next: RewriteStep[]) => {
    setSteps(next);
    writeHistory(key, next);
  };
  return {
    canUndo: canUndo(steps, current),
    /** A rewrite turned `before` into `after`. */
    record: (before: string, after: string) => save(recordStep(steps, before, after)),
    /** The text before the last rewrite (the caller puts it back), or undefined when there is nothing to undo. */
    undo: (): string | undefined => {
      if (!canUndo(steps, current)) return undefined;
      const back = stepBack(steps)!;
      save(back.steps);
      return back.text;
    },
  };
}
