import type { ReactNode } from "react";
import { Island } from "../island";
import { useSite } from "../site";
import { Logo } from "./logo";

/**
 * The billing pages' frame (payment setup, demo checkout, payment success, subscribe, expired):
 * the account pages' look, with room for one card or two side by side, and a line of help
 * under them. `badge` marks the page in the header (the demo checkout says it is a demo there too).
 */
export function BillingLayout({ children, width = "narrow", badge }: { children: ReactNode; width?: "narrow" | "wide"; badge?: ReactNode }) {
  const { account } = useSite();
  return (
    <div className="flex min-h-dvh flex-col bg-base-200 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklch,var(--color-primary)_14%,transparent),transparent_60%)]">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Logo />
          {badge}
        </div>
        <div className="flex items-center gap-1">
          {account && <AccountLinks />}
          <Island name="ThemeToggle" props={{}} />
        </div>
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pb-12 pt-4 sm:px-6 sm:pt-8">
        <div className={`w-full ${width === "wide" ? "max-w-5xl" : "max-w-xl"}`}>{children}</div>
      </main>
      <footer className="px-4 pb-8 text-center text-sm text-base-content/70">
        {"Questions about billing? "}
        <a href="/contact" className="link link-primary font-medium">
          Contact support
        </a>
      </footer>
      <Island name="Toaster" props={{}} />
    </div>
  );
}

/**
 * A signed-in visitor's way out of any billing page, whatever their subscription: their account
 * (data, deletion) and Log out, a plain form post that works before any script has loaded.
 */
export function AccountLinks() {
  return (
    <nav aria-label="Your account" className="flex items-center gap-1">
      <a href="/account" className="btn btn-ghost btn-sm">
        Account
      </a>
      <LogoutButton className="btn btn-ghost btn-sm" />
    </nav>
  );
}

/** A one-card page's card. */
export function BillingCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div className={`card border border-base-300 bg-base-100 shadow-xl ${className}`}>
      <div className="card-body gap-6 p-6 sm:p-8">{children}</div>
    </div>
  );
}

/** Log out as a plain form post, so it works before any script has loaded (and with none). */
export function LogoutButton({ className }: { className: string }) {
  return (
    <form method="post" action="/logout">
      <button type="submit" className={className}>
        Log out
      </button>
    </form>
  );
}
