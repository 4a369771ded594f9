import { useSyncExternalStore } from "react";

/**
 * The signed-in shell's sidebar state, shared by the AppSidebar and SidebarTrigger islands
 * (separate React roots, one module). Expanded or collapsed is kept in the sidebar_state cookie
 * for 7 days (SPEC.md section 9), which the server reads so the first paint is already right;
 * the mobile slide-over's open state is not kept.
 */

export const SIDEBAR_COOKIE = "sidebar_state";
const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
// SPEC.md section 9: below 768 px the sidebar is a slide-over.
export const MOBILE_QUERY = "(max-width: 767.98px)";

export type SidebarState = { expanded: boolean; mobileOpen: boolean };

/** The cookie's value as a state: anything but "false" (including no cookie) means expanded. */
export function expandedFromCookie(value: unknown): boolean {
  return !(value === false || value === "false");
}

const SERVER_EXPANDED: SidebarState = { expanded: true, mobileOpen: false };
const SERVER_COLLAPSED: SidebarState = { expanded: false, mobileOpen: false };

let state: SidebarState | undefined;
const listeners = new Set<() => void>();

function readState(): SidebarState {
  // Read from the same cookie the server rendered from, so hydration and the store agree.
  state ??= {
    expanded: expandedFromCookie(document.cookie.match(/(?:^|;\s*)sidebar_state=([^;]*)/)?.[1]),
    mobileOpen: false,
  };
  return state;
}

function update(next: Partial<SidebarState>) {
  state = { ...readState(), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setExpanded(expanded: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie to render the sidebar; the Cookie Store API is not in every browser we support
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
  update({ expanded });
}

export function setMobileOpen(mobileOpen: boolean) {
  update({ mobileOpen });
}

/** The trigger button and Ctrl/Cmd+B: collapse or expand on wide screens, open or close the slide-over on narrow ones. */
export function toggleSidebar() {
  if (window.matchMedia(MOBILE_QUERY).matches) setMobileOpen(!readState().mobileOpen);
  else setExpanded(!readState().expanded);
}

/** `serverExpanded` is what the server rendered (from the cookie), used while hydrating. */
export function useSidebarState(serverExpanded: boolean): SidebarState {
  return useSyncExternalStore(subscribe, readState, () => (serverExpanded ? SERVER_EXPANDED : SERVER_COLLAPSED));
}

/** Whether the viewport is below the mobile breakpoint; false on the server and while hydrating. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(MOBILE_QUERY);
      query.addEventListener("change", listener);
      return () => query.removeEventListener("change", listener);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
