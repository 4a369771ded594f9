/**
 * Toasts without React, for the public pages: at most one at a time (SPEC.md), shown for 5 s,
 * announced to screen readers through the region's aria-live.
 */
const TOAST_MS = 5_000;

export type Toast = { title: string; description?: string; variant?: "default" | "destructive" };

let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(toast: Toast) {
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  if (!region) return;
  clearTimeout(timer);
  const alert = document.createElement("div");
  alert.setAttribute("role", toast.variant === "destructive" ? "alert" : "status");
  alert.dataset.toast = toast.variant ?? "default";
  alert.className = `alert ${toast.variant === "destructive" ? "alert-error" : "alert-success"} shadow-lg max-w-sm flex flex-col items-start gap-1`;
  const title = document.createElement("p");
  title.className = "font-semibold";
  title.textContent = toast.title;
  alert.append(title);
  if (toast.description) {
    const description = document.createElement("p");
    description.className = "text-sm";
    description.textContent = toast.description;
    alert.append(description);
  }
  region.replaceChildren(alert);
  timer = setTimeout(() => region.replaceChildren(), TOAST_MS);
}
