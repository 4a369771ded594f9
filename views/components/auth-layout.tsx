import type { ReactNode } from "react";
import { Island } from "../island";
import { Logo } from "./logo";

/**
 * The account pages' frame (login, signup, forgot and reset password): the logo home, the theme
 * toggle, one centred card, and a line of links under it.
 */
export function AuthLayout({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklch,var(--color-primary)_14%,transparent),transparent_60%)]">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <Island name="ThemeToggle" props={{}} />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pb-16 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <div className="card border border-base-300 bg-base-100 shadow-xl">
            <div className="card-body gap-6 p-6 sm:p-8">{children}</div>
          </div>
          {below && <div className="mt-6 text-center text-sm text-base-content/75">{below}</div>}
        </div>
      </main>
      <Island name="Toaster" props={{}} />
    </div>
  );
}
