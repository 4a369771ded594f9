import type { MarkPostedLink } from "../../src/services/reminders";
import { formatPostTime } from "../../emails/post-reminder";
import { AuthLayout } from "../components/auth-layout";
import type { PageMeta } from "../document";

export const markPostedMeta = (productName: string): PageMeta => ({
  title: `Mark as posted | ${productName}`,
  description: "Confirm that a scheduled post is on LinkedIn.",
  path: "/posted",
  noindex: true,
});

/** The form's id, so the Post now island can submit it once the user says they posted. */
export const MARK_POSTED_FORM_ID = "mark-posted-form";

const ENDINGS: Record<Exclude<MarkPostedLink["state"], "valid">, { title: string; text: string }> = {
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
export function MarkPostedPage({ link, action, postNow }: { link: MarkPostedLink; action: string; postNow?: React.ReactNode }) {
  if (link.state !== "valid") {
    const ending = ENDINGS[link.state];
    const href = link.state === "done" ? `/posts/${link.post.id}` : "/posts";
    return (
      <AuthLayout>
        <div className="flex flex-col gap-3" role={link.state === "done" ? "status" : "alert"}>
          <h1 className="text-2xl font-bold">{ending.title}</h1>
          <p className="text-base-content/75">{ending.text}</p>
        </div>
        <a className="btn btn-primary" href={href}>
          {link.state === "done" ? "Open the post" : "Open My Posts"}
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
          {post.scheduledTime ? `Scheduled for ${formatPostTime(post.scheduledTime, timezone)} (${timezone}). ` : ""}
          Confirm once it is on LinkedIn, and your calendar and dashboard will show it as posted.
        </p>
      </div>
      <blockquote className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-box border border-base-300 bg-base-200/60 p-4 text-sm leading-relaxed">{post.content}</blockquote>
      {postNow}
      <form id={MARK_POSTED_FORM_ID} method="post" action={action}>
        <button type="submit" className="btn btn-primary w-full">
          Yes, mark as posted
        </button>
      </form>
    </AuthLayout>
  );
}
