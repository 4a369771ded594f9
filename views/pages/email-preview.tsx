import { emailPreviews } from "../../emails/previews";
import type { EmailPreviewTab } from "../../islands/dev/EmailPreview";
import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";
import { useSite } from "../site";

// A tool for people checking the emails, not a page for search results.
export const emailPreviewMeta = (productName: string): PageMeta => ({
  title: "Email Preview",
  description: `The emails ${productName} sends, rendered with sample data.`,
  path: "/email-preview",
  noindex: true,
  scripts: ["public-site"],
});

const tabs: EmailPreviewTab[] = Object.entries(emailPreviews).map(([kind, preview]) => ({
  kind,
  label: preview.label,
  description: preview.description,
}));

/** /email-preview (SPEC.md "Email preview"): one tab per email, each loaded on demand into a frame. */
export function EmailPreviewPage({
  outboxKey,
}: {
  /** Development, opened through the secret address: the Outbox tab with the emails actually sent. */ outboxKey?: string;
}) {
  const { productName } = useSite();
  return (
    <PublicLayout path="/email-preview">
      <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Email preview</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{`The emails ${productName} sends`}</h1>
        <p className="mt-4 max-w-2xl text-base-content/80">
          Each tab renders one email exactly as it goes out, filled with sample data. Nothing is sent from this page.
        </p>
        <div className="mt-10">
          <Island name="EmailPreview" props={outboxKey ? { tabs, outboxKey } : { tabs }} />
        </div>
      </section>
    </PublicLayout>
  );
}
