import type { PageMeta } from "../document";

export const notFoundMeta: PageMeta = {
  title: "404 Page Not Found",
  description: "This page does not exist.",
  path: "/404",
  noindex: true,
};

/** The page for any path the router does not know. Texts from SPEC.md. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 px-4">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <div className="flex items-center gap-3">
            <svg className="size-8 shrink-0 text-error" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <circle cx="12" cy="12" r="9" />
              <path strokeLinecap="round" d="M12 8v5m0 3h.01" />
            </svg>
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="mt-3 text-sm text-base-content/75">Did you forget to add the page to the router?</p>
          <div className="card-actions mt-4">
            <a href="/" className="btn btn-primary btn-sm">
              Go to the home page
            </a>
          </div>
        </div>
      </div>
    </main>
  );
}
