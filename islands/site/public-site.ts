/**
 * The public pages' one shared script, a couple of KB and no React (public pages must stay light):
 * - the navigation bar gets its blurred, shadowed look once the page scrolls past 50 px;
 * - the mobile menu closes on a choice, on Escape and on a click outside;
 * - the theme toggle switches and remembers light/dark;
 * - FAQ accordions open one item at a time, with Arrow Up/Down, Home and End between headers.
 */
import { THEME_STORAGE_KEY } from "../ui/theme";

const SCROLL_THRESHOLD_PX = 50;

function navigationBar() {
  const nav = document.querySelector<HTMLElement>("[data-public-nav]");
  if (!nav) return;
  const update = () => {
    const scrolled = String(window.scrollY > SCROLL_THRESHOLD_PX);
    // Written only on a change: each write restyles the whole bar, and scroll events come often.
    if (nav.dataset.scrolled !== scrolled) nav.dataset.scrolled = scrolled;
  };
  update();
  window.addEventListener("scroll", update, { passive: true });

  // Signed in (the session's readable hint): Dashboard instead of Sign In and Sign Up.
  if (document.cookie.split("; ").includes("cadence_signed_in=1")) {
    for (const element of nav.querySelectorAll<HTMLElement>("[data-signed-out]")) element.hidden = true;
    for (const element of nav.querySelectorAll<HTMLElement>("[data-signed-in]")) element.hidden = false;
  }

  const menu = nav.querySelector<HTMLDetailsElement>("details[data-mobile-menu]");
  if (!menu) return;
  // The summary is announced as a button; its state follows the menu.
  const summary = menu.querySelector("summary");
  menu.addEventListener("toggle", () => summary?.setAttribute("aria-expanded", String(menu.open)));
  menu.addEventListener("click", (event) => {
    if ((event.target as HTMLElement).closest("a")) menu.open = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
}

function themeToggles() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-theme-toggle]")) {
    const sync = () => button.setAttribute("aria-pressed", String(document.documentElement.dataset.theme === "dark"));
    sync();
    button.addEventListener("click", () => {
      const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
      document.documentElement.dataset.theme = next;
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Storage can be refused (private browsing); the switch still applies to this page.
      }
      sync();
    });
  }
}

function accordions() {
  for (const accordion of document.querySelectorAll<HTMLElement>("[data-accordion]")) {
    const headers = [...accordion.querySelectorAll<HTMLButtonElement>("[data-accordion-header]")];
    const panelOf = (header: HTMLButtonElement) => document.getElementById(header.getAttribute("aria-controls") ?? "");
    const setOpen = (header: HTMLButtonElement, open: boolean) => {
      header.setAttribute("aria-expanded", String(open));
      panelOf(header)?.toggleAttribute("data-closed", !open);
    };
    for (const header of headers) {
      header.addEventListener("click", () => {
        const opening = header.getAttribute("aria-expanded") !== "true";
        // Single mode: opening one closes the rest; the open one may be closed (collapsible).
        for (const other of headers) setOpen(other, opening && other === header);
      });
      header.addEventListener("keydown", (event) => {
        const index = headers.indexOf(header);
        const target =
          event.key === "ArrowDown"
            ? headers[(index + 1) % headers.length]
            : event.key === "ArrowUp"
              ? headers[(index - 1 + headers.length) % headers.length]
              : event.key === "Home"
                ? headers[0]
                : event.key === "End"
                  ? headers[headers.length - 1]
                  : undefined;
        if (!target) return;
        event.preventDefault();
        target.focus();
      });
    }
  }
}

navigationBar();
themeToggles();
accordions();
