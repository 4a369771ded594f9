import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { fetchMe, logout, type Me, queryKeys } from "../api";
import { LogoMark } from "../../views/components/logo";
import { appIcons, Icon } from "../ui/icons";
import { QueryProvider } from "../query-client";
import { setMobileOpen, toggleSidebar, useIsMobile, useSidebarState } from "./sidebar-store";
import { toast, toastAfterNavigation } from "../ui/toast-store";

export const appNavigation = [
  { href: "/dashboard", label: "Dashboard", icon: appIcons.dashboard },
  { href: "/generate", label: "Generate Posts", icon: appIcons.sparkles },
  { href: "/plans", label: "Plans", icon: appIcons.inbox },
  { href: "/calendar", label: "Calendar", icon: appIcons.calendar },
  { href: "/posts", label: "My Posts", icon: appIcons.document },
  { href: "/settings", label: "Settings", icon: appIcons.settings },
] as const;

/** The item a path belongs to: /posts/{id} is under My Posts. */
export function isCurrentSection(href: string, path: string): boolean {
  return path === href || path.startsWith(`${href}/`);
}

/** Up to two initials from the name (first and last word), else the email's first letter. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? Array.from(word)[0]!.toUpperCase() : "");
  if (words.length === 0) return first(email) || "U";
  return words.length === 1 ? first(words[0]) : first(words[0]) + first(words[words.length - 1]);
}

/**
 * The signed-in shell's sidebar (SPEC.md "Signed-in shell"): navigation with the current page
 * marked, and the user with a Logout button. 16rem wide, 3rem collapsed (Ctrl+B or Cmd+B, kept
 * in a cookie); below 768 px an 18rem slide-over that behaves as a modal dialog.
 */
type SidebarProps = { path: string; user: Me; expanded: boolean; productName: string };

export default function AppSidebar(props: SidebarProps) {
  return (
    <QueryProvider>
      <Sidebar {...props} />
    </QueryProvider>
  );
}

function Sidebar({ path, user: signedIn, expanded: serverExpanded, productName }: SidebarProps) {
  // The cache entry Settings updates, so a changed name shows here at once.
  const { data: user } = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, initialData: signedIn });
  const { expanded, mobileOpen } = useSidebarState(serverExpanded);
  const isMobile = useIsMobile();
  const slideOver = isMobile && mobileOpen;
  const panelRef = useRef<HTMLDivElement>(null);

  const signOut = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toastAfterNavigation({ title: "Logged out" });
      window.location.assign("/login");
    },
    onError: () => toast({ title: "Error", description: "Failed to log out. Please try again.", variant: "destructive" }),
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // Growing past the breakpoint with the slide-over open leaves the ordinary sidebar.
  useEffect(() => {
    if (!isMobile && mobileOpen) setMobileOpen(false);
  }, [isMobile, mobileOpen]);

  // The open slide-over is modal: focus moves in and stays in, Escape closes it, the page behind
  // does not scroll, and focus goes back to the trigger afterwards.
  useEffect(() => {
    if (!slideOver) return;
    const panel = panelRef.current!;
    const focusable = () => [...panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
    focusable()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setMobileOpen(false);
      } else if (event.key === "Tab") {
        const items = focusable();
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      document.querySelector<HTMLElement>("[data-sidebar-trigger]")?.focus();
    };
  }, [slideOver]);

  const displayName = user.name.trim() || "User";
  // Only the wide layout has a collapsed form; the slide-over always shows labels.
  const hide = "md:group-data-[state=collapsed]/sidebar:sr-only";

  return (
    <>
      {slideOver && <div className="fixed inset-0 z-40 bg-black/50 md:hidden" aria-hidden="true" onClick={() => setMobileOpen(false)} />}
      {/* A plain element, not <aside>: as a slide-over it is a dialog, a role <aside> may not take;
          otherwise the navigation inside is the landmark. */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is set only with role=dialog (both follow slideOver) */}
      <div
        id="app-sidebar"
        ref={panelRef}
        data-state={expanded ? "expanded" : "collapsed"}
        data-mobile-open={mobileOpen}
        role={slideOver ? "dialog" : undefined}
        aria-modal={slideOver || undefined}
        aria-label={slideOver ? "Sidebar" : undefined}
        className={[
          "group/sidebar flex flex-col border-r border-base-300 bg-base-200",
          // Below 768 px: an 18rem slide-over, hidden (and out of the tab order) until opened.
          "max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-50 max-md:w-72 max-md:shadow-2xl",
          // Opening shows it at once (focus can move in straight away) and slides it in; closing
          // keeps it visible until it has slid out. The after-change style's transition decides.
          "max-md:invisible max-md:-translate-x-full max-md:transition-[transform,visibility] max-md:duration-200",
          "data-[mobile-open=true]:max-md:visible data-[mobile-open=true]:max-md:translate-x-0 data-[mobile-open=true]:max-md:transition-transform",
          // From 768 px: beside the page under the header, 16rem, 3rem when collapsed.
          "md:sticky md:top-14 md:h-[calc(100dvh-3.5rem)] md:w-64 md:shrink-0 md:transition-[width] md:duration-200 md:data-[state=collapsed]:w-12",
          "motion-reduce:transition-none",
        ].join(" ")}
      >
        <div className="flex h-14 items-center justify-between border-b border-base-300 pl-4 pr-2 md:hidden">
          <span className="flex items-center gap-2 font-bold tracking-tight">
            <LogoMark className="size-7" />
            {productName}
          </span>
          <button type="button" className="btn btn-ghost btn-square btn-sm" aria-label="Close menu" onClick={() => setMobileOpen(false)}>
            <Icon d={appIcons.close} />
          </button>
        </div>

        <nav
          aria-label="Main"
          className="flex-1 overflow-y-auto p-2 md:group-data-[state=collapsed]/sidebar:overflow-visible md:group-data-[state=collapsed]/sidebar:px-1.5"
        >
          <ul className="flex flex-col gap-1">
            {appNavigation.map((item) => {
              const current = isCurrentSection(item.href, path);
              return (
                <li key={item.href}>
                  <a
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    className={`group/item relative flex h-10 items-center gap-3 rounded-field px-3 text-sm font-medium outline-offset-2 transition-colors md:group-data-[state=collapsed]/sidebar:justify-center md:group-data-[state=collapsed]/sidebar:px-0 ${
                      current ? "bg-primary/12 text-primary" : "text-base-content/80 hover:bg-base-300/70 hover:text-base-content"
                    }`}
                  >
                    <Icon d={item.icon} className="size-5 shrink-0" />
                    <span className={`truncate ${hide}`}>{item.label}</span>
                    {/* The collapsed rail's tooltip (SPEC.md section 9: 700 ms delay); the label above already names the link. */}
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute left-full top-1/2 z-50 ml-3 hidden -translate-y-1/2 whitespace-nowrap rounded-field bg-neutral px-2.5 py-1.5 text-xs font-medium text-neutral-content opacity-0 shadow-md transition-opacity group-hover/item:opacity-100 group-hover/item:delay-700 group-focus-visible/item:opacity-100 md:group-data-[state=collapsed]/sidebar:block"
                    >
                      {item.label}
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="border-t border-base-300 p-2 md:group-data-[state=collapsed]/sidebar:px-1.5">
          <div className="flex items-center gap-3 px-1 py-2 md:group-data-[state=collapsed]/sidebar:justify-center md:group-data-[state=collapsed]/sidebar:px-0">
            <span
              aria-hidden="true"
              title={expanded ? undefined : `${displayName} (${user.email})`}
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-content"
            >
              {initialsOf(user.name, user.email)}
            </span>
            <div className={`min-w-0 flex-1 ${hide}`}>
              <p className="truncate text-sm font-semibold">{displayName}</p>
              <p className="truncate text-xs text-base-content/70">{user.email}</p>
            </div>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm mt-1 w-full justify-start gap-3 px-3 text-sm font-medium md:group-data-[state=collapsed]/sidebar:justify-center md:group-data-[state=collapsed]/sidebar:px-0"
            disabled={signOut.isPending || signOut.isSuccess}
            onClick={() => signOut.mutate()}
          >
            {signOut.isPending ? (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            ) : (
              <Icon d={appIcons.logout} className="size-5 shrink-0" />
            )}
            <span className={hide}>Logout</span>
          </button>
        </div>
      </div>
    </>
  );
}
