import ThemeToggle from "../../islands/ui/ThemeToggle";
import { Logo } from "./logo";

const mainLinks = [
  { href: "/", label: "Home" },
  { href: "/features", label: "Features" },
  { href: "/pricing", label: "Pricing" },
  { href: "/contact", label: "Contact" },
];

/**
 * The public navigation bar: fixed, transparent at the top, blurred with a shadow once the page
 * scrolls past 50 px (data-scrolled, set by islands/site/public-site.ts). Below 768 px the links move
 * into a menu that works without JavaScript (<details>).
 */
export function PublicNav({ path }: { path: string }) {
  const linkClass = (href: string) =>
    `rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:text-primary ${
      href === path ? "text-primary" : "text-base-content/80 group-data-[scrolled=true]:text-base-content"
    }`;
  return (
    <header
      data-public-nav
      data-scrolled="false"
      className="group fixed inset-x-0 top-0 z-50 border-b border-transparent transition-all duration-300 data-[scrolled=true]:border-base-300/60 data-[scrolled=true]:bg-base-100/80 data-[scrolled=true]:shadow-md data-[scrolled=true]:backdrop-blur-md"
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <ul className="hidden items-center gap-1 md:flex">
          {mainLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={linkClass(link.href)} aria-current={link.href === path ? "page" : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          {/* Rendered as plain HTML here: islands/site/public-site.ts drives it, so public pages ship no React. */}
          <ThemeToggle />
          {/* For someone signed in (a cookie hint the public script reads) Dashboard takes the place of Sign In and Sign Up. */}
          <a href="/login" data-signed-out className={`hidden md:inline-flex ${linkClass("/login")}`} aria-current={path === "/login" ? "page" : undefined}>
            Sign In
          </a>
          <a href="/signup" data-signed-out className="btn btn-primary btn-sm hidden md:inline-flex" aria-current={path === "/signup" ? "page" : undefined}>
            Sign Up
          </a>
          <a href="/dashboard" data-signed-in hidden className="btn btn-primary btn-sm hidden md:inline-flex">
            Dashboard
          </a>
          <details data-mobile-menu className="relative md:hidden">
            {/* biome-ignore lint/a11y/useSemanticElements: the <details> menu's toggle: role=button makes the aria-expanded the nav script keeps valid */}
            <summary
              role="button"
              aria-expanded="false"
              className="btn btn-ghost btn-square btn-sm list-none [&::-webkit-details-marker]:hidden"
              aria-label="Menu"
            >
              <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              </svg>
            </summary>
            <ul className="menu absolute right-0 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl">
              {[
                ...mainLinks,
                { href: "/login", label: "Sign In", auth: "out" },
                { href: "/signup", label: "Sign Up", auth: "out" },
                { href: "/dashboard", label: "Dashboard", auth: "in" },
              ].map((link) => (
                <li
                  key={link.href}
                  data-signed-out={"auth" in link && link.auth === "out" ? "" : undefined}
                  data-signed-in={"auth" in link && link.auth === "in" ? "" : undefined}
                  hidden={"auth" in link && link.auth === "in"}
                >
                  <a href={link.href} className={link.href === path ? "menu-active" : ""} aria-current={link.href === path ? "page" : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </div>
      </nav>
    </header>
  );
}
