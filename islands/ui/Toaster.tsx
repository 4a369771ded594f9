import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Icon, appIcons } from "./icons";
import { type ActiveToast, dismissToast, showHandedOffToast, TOAST_DURATION_MS, useCurrentToast } from "./toast-store";

/**
 * Shows the toast of islands/ui/toast-store.ts, one at a time, for 5 s (longer while the pointer or
 * focus is on it, so it can be read). The region stays in the page so screen readers hear what
 * is put into it: a destructive toast is an alert, any other a status message.
 */
export default function Toaster() {
  const current = useCurrentToast();
  // An open modal <dialog> is in the browser's top layer and makes the rest of the page inert: a
  // toast raised from it (Edit, rewrite) is shown inside it, where it is seen and can be closed.
  const [host, setHost] = useState<HTMLDialogElement | null>(null);

  useEffect(() => {
    showHandedOffToast();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: current?.id is the trigger: each new toast looks again for an open dialog to sit in
  useEffect(() => {
    const dialog = document.querySelector<HTMLDialogElement>("dialog[open]");
    setHost(dialog);
    if (!dialog) return;
    const leave = () => setHost(null);
    dialog.addEventListener("close", leave);
    // A dialog React removes while still open (its post was just deleted and the list refreshed
    // first) fires no close event: without this the toast would stay inside the detached dialog.
    const removal = new MutationObserver(() => {
      if (!dialog.isConnected) leave();
    });
    removal.observe(document.body, { childList: true, subtree: true });
    return () => {
      dialog.removeEventListener("close", leave);
      removal.disconnect();
    };
  }, [current?.id]);

  const region = (
    <section aria-label="Notifications" className="toast toast-end toast-bottom z-[70] w-full max-w-sm p-4 max-sm:toast-center">
      {current && <ToastCard key={current.id} toast={current} />}
    </section>
  );
  return host ? createPortal(region, host) : region;
}

function ToastCard({ toast }: { toast: ActiveToast }) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const destructive = toast.variant === "destructive";

  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismissToast(toast.id), toast.durationMs ?? TOAST_DURATION_MS);
  };
  const pause = () => clearTimeout(timer.current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per toast: the card is keyed by the toast's id
  useEffect(() => {
    start();
    return pause;
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus pause a live region's timer; it is not a control
    <div
      role={destructive ? "alert" : "status"}
      aria-atomic="true"
      data-toast={destructive ? "destructive" : "default"}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
      className={`flex w-full items-start gap-3 rounded-box border p-4 text-left shadow-lg ${
        destructive ? "border-error/40 bg-error text-error-content" : "border-base-300 bg-base-100 text-base-content"
      }`}
    >
      <Icon d={destructive ? appIcons.alert : appIcons.check} className={`mt-0.5 size-5 shrink-0 ${destructive ? "" : "text-success"}`} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className={`mt-0.5 text-sm ${destructive ? "" : "text-base-content/75"}`}>{toast.description}</p>}
      </div>
      <button
        type="button"
        className={`btn btn-ghost btn-xs btn-square -mr-1 -mt-1 ${destructive ? "text-error-content hover:bg-error-content/10" : ""}`}
        aria-label="Dismiss notification"
        onClick={() => dismissToast(toast.id)}
      >
        <Icon d={appIcons.close} className="size-4" />
      </button>
    </div>
  );
}
