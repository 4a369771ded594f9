import { useSyncExternalStore } from "react";

/**
 * Toasts for islands. Every island on a page is its own React root, so toasts live in this
 * module (shared by all islands through the common chunk) and the Toaster island shows them.
 * SPEC.md section 9: at most 1 toast at a time, shown for 5000 ms by default.
 */

export const TOAST_DURATION_MS = 5_000;
// A toast handed to the next page is dropped if that page takes longer than this to show it,
// so a stale "Welcome back!" never pops up minutes later on some other page.
const HANDOFF_MAX_AGE_MS = 15_000;
const HANDOFF_KEY = "cadence-toast";

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive"; durationMs?: number };
export type ActiveToast = ToastInput & { id: number };

let current: ActiveToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast, replacing the one on screen (the limit is one). */
export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++ };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

/**
 * For a toast that belongs to the page a full navigation is about to load ('Welcome back!' on
 * the dashboard): kept in sessionStorage and shown by that page's Toaster.
 */
export function toastAfterNavigation(input: ToastInput): void {
  try {
    sessionStorage.setItem(HANDOFF_KEY, JSON.stringify({ ...input, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the toast is lost, the navigation still happens.
  }
}

/** Shows the toast a previous page handed over, if there is a fresh one. */
export function showHandedOffToast(): void {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(HANDOFF_KEY);
    sessionStorage.removeItem(HANDOFF_KEY);
  } catch {
    return;
  }
  if (!stored) return;
  try {
    const { at, ...input } = JSON.parse(stored) as ToastInput & { at: number };
    if (typeof input.title === "string" && Date.now() - at < HANDOFF_MAX_AGE_MS) toast(input);
  } catch {
    // Not ours or damaged: ignore it.
  }
}

/** The toast on screen, if any. */
export function currentToast(): ActiveToast | null {
  return current;
}

export function useCurrentToast(): ActiveToast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentToast,
    () => null,
  );
}

/** The toast for a request that got no answer at all (SPEC.md section 8, network failures). */
export const networkErrorToast: ToastInput = { title: "Error", description: "Something went wrong. Please try again.", variant: "destructive" };
