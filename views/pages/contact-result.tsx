import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";

export const contactResultMeta: PageMeta = {
  title: "Contact",
  description: "The result of sending the contact form.",
  path: "/contact",
  noindex: true,
  scripts: ["public-site"],
};

/** What a browser without JavaScript sees after posting the contact form. */
export function ContactResultPage({ ok, message }: { ok: boolean; message: string }) {
  return (
    <PublicLayout path="/contact">
      <section className="mx-auto max-w-xl px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-bold">{ok ? "Message sent!" : "Failed to send message"}</h1>
        <p className="mt-4 text-lg text-base-content/80">{message}</p>
        {!ok && <p className="mt-2 text-base-content/75">Please try again later or email us directly.</p>}
        <a href={ok ? "/" : "/contact"} className="btn btn-primary mt-8">
          {ok ? "Back to the home page" : "Back to the contact form"}
        </a>
      </section>
    </PublicLayout>
  );
}
