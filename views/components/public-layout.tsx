import type { ReactNode } from "react";
import { PublicFooter } from "./public-footer";
import { PublicNav } from "./public-nav";

/** Navigation bar, main content and footer, shared by every public page. */
export function PublicLayout({ path, children }: { path: string; children: ReactNode }) {
  return (
    <>
      <a href="#main" className="btn btn-primary btn-sm fixed left-4 top-3 z-[60] -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      <PublicNav path={path} />
      <main id="main" className="pt-16">
        {children}
      </main>
      <PublicFooter />
    </>
  );
}
