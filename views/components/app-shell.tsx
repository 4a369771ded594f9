import type { ReactNode } from "react";
import type { Me } from "../../islands/api";
import { Icon } from "../../islands/ui/icons";
import { Island } from "../island";
import { useSite } from "../site";
import { LogoMark } from "./logo";

/**
 * The signed-in shell (SPEC.md "Signed-in shell"): a header with the sidebar trigger, the product
 * name and tagline and the theme toggle; the sidebar (islands/shell/AppSidebar.tsx); the page. The
 * server reads the sidebar_state cookie, so a collapsed sidebar is collapsed from the first paint.
 */
export function AppShell({ path, user, sidebarExpanded, children }: { path: string; user: Me; sidebarExpanded: boolean; children: ReactNode }) {
  const { productName } = useSite();
  return (
    <>
      <a href="#main" className="btn btn-primary btn-sm fixed left-4 top-2 z-[60] -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-base-300 bg-base-100/90 px-2 backdrop-blur sm:px-3">
        <Island name="SidebarTrigger" props={{ expanded: sidebarExpanded }} />
        <a href="/dashboard" className="flex min-w-0 items-center gap-2.5 rounded-field px-1 py-1">
          <LogoMark className="size-8 shrink-0" />
          <span className="min-w-0 leading-tight">
            <span className="block truncate font-bold tracking-tight">{productName}</span>
            <span className="block truncate text-xs text-base-content/70">AI Content Scheduler</span>
          </span>
        </a>
        <div className="ml-auto flex items-center">
          <Island name="ThemeToggle" props={{}} />
        </div>
      </header>
      <div className="flex min-h-[calc(100dvh-3.5rem)]">
        <Island name="AppSidebar" props={{ path, user, expanded: sidebarExpanded, productName }} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 bg-base-100 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
      <Island name="Toaster" props={{}} />
    </>
  );
}

/** A signed-in page's title block: the heading, a line under it, and the page's main actions. */
export function PageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
        {lead && <p className="mt-1.5 text-base-content/75">{lead}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** One of PageHeader's actions: a button-styled link, side by side with its sibling on phones. */
export function HeaderAction({ href, icon, label, outline = false }: { href: string; icon: string | readonly string[]; label: string; outline?: boolean }) {
  return (
    <a href={href} className={`btn ${outline ? "btn-outline" : "btn-primary"} max-sm:btn-sm max-sm:flex-1`}>
      <Icon d={icon} className="size-4" />
      {label}
    </a>
  );
}
