import { type InputHTMLAttributes, type ReactNode, type Ref, useSyncExternalStore } from "react";

/** Pieces the account forms share, so login, signup, forgot and reset look and behave alike. */

/** False on the server and while hydrating, true once the island runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

export function AuthHeading({ title, subtitle, id }: { title: string; subtitle?: ReactNode; id?: string }) {
  return (
    <div className="text-center">
      {/* Focusable so a form that swaps to a result panel can move focus (and screen readers) to it. */}
      <h1 id={id} tabIndex={-1} className="text-2xl font-bold tracking-tight text-balance outline-none">
        {title}
      </h1>
      {subtitle && <p className="mt-2 text-sm text-base-content/75 text-pretty">{subtitle}</p>}
    </div>
  );
}

type FieldProps = { id: string; label: string; labelAside?: ReactNode; hint?: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>;

export function Field({ id, label, labelAside, hint, className = "", ...input }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      <input id={id} className={`input w-full ${className}`} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The form's one button. Disabled until the island has hydrated: pressing Enter in a field
 * before that would submit the plain form, and the password would travel in a real request.
 */
export function SubmitButton({ busy, label, busyLabel, hydrated }: { busy: boolean; label: string; busyLabel: string; hydrated: boolean }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy || !hydrated} aria-busy={busy || undefined}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** A round icon above a result panel's heading (sent, reset, invalid link). */
export function PanelIcon({ tone, children }: { tone: "success" | "error" | "primary"; children: ReactNode }) {
  const tones = { success: "bg-success/15 text-success", error: "bg-error/15 text-error", primary: "bg-primary/15 text-primary" };
  return <div className={`mx-auto flex size-12 items-center justify-center rounded-full ${tones[tone]}`}>{children}</div>;
}
