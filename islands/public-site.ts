/**
 * The public pages' only script, a few hundred bytes and no React (public pages must stay light):
 * the navigation bar gets its blurred, shadowed look once the page is scrolled past 50 px, and
 * the mobile menu closes when a choice is made or Escape is pressed.
 */
const SCROLL_THRESHOLD_PX = 50;

const nav = document.querySelector<HTMLElement>("[data-public-nav]");
if (nav) {
  const update = () => {
    nav.dataset.scrolled = String(window.scrollY > SCROLL_THRESHOLD_PX);
  };
  update();
  window.addEventListener("scroll", update, { passive: true });

  const menu = nav.querySelector<HTMLDetailsElement>("details[data-mobile-menu]");
  if (menu) {
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
}
