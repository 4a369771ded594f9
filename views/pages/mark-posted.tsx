import { CAROUSEL_ATTACH_NOTE } from "../../src/shared/linkedin-composer";
import type { MarkPostedLink } from "../../src/services/reminders";
import { formatDateTime } from "../../src/shared/format-date";
import { AuthLayout } from "../components/auth-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const markPostedMeta = (productName: string): PageMeta => ({
  title: `Mark as posted | ${productName}`,
  description: "Confirm that a scheduled post is on LinkedIn.",
  path: "/posted",
  noindex: true,
});

const ENDINGS: Record<Exclude<MarkPostedLink["state"], "valid" | "inactive">, { title: string; text: string }> = {
  done: { title: "Marked as posted", text: "Done: the post is marked as posted on your calendar and dashboard." },
  used: { title: "This link has already been used", text: "Each Mark as posted link works once. The post was marked as posted when it was first used." },
  expired: { title: "This link has expired", text: "Mark as posted links work for 7 days. Open the post in the app to mark it as posted." },
  closed: { title: "Nothing left to do", text: "This post is already marked as posted." },
  invalid: { title: "This link is not valid", text: "It may be incomplete, or the post was deleted. Open your posts in the app instead." },
};

/**
 * Where a reminder email's Mark as posted leads: a page that changes nothing on its own (mail
 * scanners open links), with a button that sends the POST. The link itself is the credential,
 * so no sign-in is needed; it works once, for one post.
 */
export function MarkPostedPage({ link, action, failure, carouselUrl }: { link: MarkPostedLink; action: string; failure?: string; carouselUrl?: string }) {
  if (link.state !== "valid") {
    // Not live: the API's own refusal, word for word (one rule for the link and the app).
    const ending = link.state === "inactive" ? { title: "Your subscription is not active", text: link.message } : ENDINGS[link.state];
    const href =
      link.state === "done"
        ? `/posts/${link.post.id}`
        : link.state === "inactive"
          ? link.paymentRequired
            ? "/payment-setup"
            : "/subscription-expired"
          : "/posts";
    const action =
      link.state === "done" ? "Open the post" : link.state === "inactive" ? (link.paymentRequired ? "Add a Payment Method" : "Resubscribe") : "Open My Posts";
    return (
      <AuthLayout>
        <div className="flex flex-col gap-3" role={link.state === "done" ? "status" : "alert"}>
          <h1 className="text-2xl font-bold">{ending.title}</h1>
          <p className="text-base-content/75">{ending.text}</p>
        </div>
        <a className="btn btn-primary" href={href}>
          {action}
        </a>
      </AuthLayout>
    );
  }
  const { post, timezone } = link;
  return (
    <AuthLayout>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Did you post it?</h1>
        <p className="text-sm text-base-content/75">
          {post.scheduledTime ? `Scheduled for ${formatDateTime(post.scheduledTime, timezone)} (${timezone}). ` : ""}
          Confirm once it is on LinkedIn, and your calendar and dashboard will show it as posted.
        </p>
      </div>
      <blockquote className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-box border border-base-300 bg-base-200/60 p-4 text-sm leading-relaxed">
        {post.content}
      </blockquote>
      <Island name="PostNowLanding" props={{ text: post.content, sourceUrl: post.sourceUrl }} />
      {carouselUrl && (
        <div className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
          <p className="text-sm">{CAROUSEL_ATTACH_NOTE}</p>
          <a className="btn btn-outline btn-sm self-start" href={carouselUrl} download>
            Download the carousel PDF
          </a>
        </div>
      )}
      <form method="post" action={action} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="linkedin-url" className="text-sm font-medium">
            LinkedIn post URL (optional)
          </label>
          <input
            id="linkedin-url"
            name="linkedinUrl"
            type="url"
            inputMode="url"
            maxLength={500}
            className="input w-full"
            placeholder="https://www.linkedin.com/feed/update/..."
            aria-describedby="linkedin-url-hint"
          />
          <p id="linkedin-url-hint" className="text-xs text-base-content/70">
            With it, we can ask how the post did and learn your best times.
          </p>
        </div>
        {failure && (
          <p role="alert" className="alert alert-error alert-soft text-sm">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full">
          Yes, mark as posted
        </button>
      </form>
    </AuthLayout>
  );
}
