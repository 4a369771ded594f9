import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";

export const linkedinResultMeta: PageMeta = {
  title: "LinkedIn connection",
  description: "The result of connecting LinkedIn.",
  path: "/linkedin/callback",
  noindex: true,
  scripts: ["public-site"],
};

/** What the LinkedIn connect flow shows when it stops: what happened, and the way back. Nothing was changed. */
export function LinkedinResultPage({ title, message, back }: { title: string; message: string; back: "dashboard" | "settings" }) {
  return (
    <PublicLayout path="/linkedin/callback">
      <section className="mx-auto max-w-xl px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-4 text-lg text-base-content/80" data-linkedin-result>
          {message}
        </p>
        <a href={`/${back}`} className="btn btn-primary mt-8">
          {back === "dashboard" ? "Back to the dashboard" : "Back to Settings"}
        </a>
      </section>
    </PublicLayout>
  );
}
