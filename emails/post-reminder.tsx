import * as v from "valibot";
import { CAROUSEL_ATTACH_NOTE, FIRST_COMMENT_NOTE, linkedinComposerUrl } from "../src/shared/linkedin-composer";
import { openingLine } from "../src/strategist";
import { formatDateTime } from "../src/shared/format-date";
import { type Branded, EmailButton, EmailDivider, EmailHeading, EmailLayout, EmailLink, EmailText } from "./layout";
import { actionTokenSchema, PostBox, postContent, postIdSchema } from "./post-parts";
import { defineEmail, instant, oneLine, personName, timeZone } from "./schema";

/**
 * The posting assistant's reminder, sent at a scheduled post's time (or the lead the user chose
 * in Settings): the whole post, LinkedIn's composer with the text filled in, and a
 * single-purpose link that marks the post as posted after a confirmation page. The action
 * token is the only copy of that secret (the database keeps its hash).
 */
export const postReminderProps = v.object({
  name: personName,
  content: postContent,
  scheduledTime: instant,
  timeZone: v.optional(timeZone, "UTC"),
  /** The article the post came from, when it had an address: it belongs in the first comment. */
  sourceUrl: v.optional(v.nullable(v.pipe(v.string(), v.url("must be a URL"), v.maxLength(2_048, "must be at most 2,048 characters")))),
  postId: postIdSchema,
  actionToken: actionTokenSchema,
  /** The post has a carousel: the email links its PDF (through the action token) and says how to attach it. */
  hasCarousel: v.optional(v.boolean(), false),
});
export type PostReminderProps = v.InferOutput<typeof postReminderProps>;

export const sampleProps: v.InferInput<typeof postReminderProps> = {
  name: "Priya Shah",
  content:
    "We cut our onboarding from 14 steps to 3.\n\nActivation went from 22% to 41% in six weeks.\n\nThe steps we removed were the ones we were proudest of: the tour, the checklist, the welcome video. New users did not need them to reach the moment the product was useful.\n\nWhat did you remove that made things better?",
  scheduledTime: "2026-03-03T09:00:00.000Z",
  timeZone: "Europe/London",
  sourceUrl: "https://example.com/blog/onboarding",
  postId: "00000000-0000-4000-8000-000000000000",
  actionToken: "sample-token-for-preview-only",
  hasCarousel: true,
};

/** The confirmation page the email's Mark as posted opens (a GET that changes nothing). */
export function markPostedUrl(appUrl: string, token: string): string {
  return `${appUrl}/posted/${encodeURIComponent(token)}`;
}

export const subject = ({ content }: Branded<PostReminderProps>) => {
  const line = oneLine(openingLine(content));
  return `Time to post: ${line.length > 60 ? `${line.slice(0, 57).trimEnd()}…` : line}`;
};

export function PostReminderEmail({ brand, name, content, scheduledTime, timeZone, sourceUrl, postId, actionToken, hasCarousel }: Branded<PostReminderProps>) {
  const when = formatDateTime(scheduledTime, timeZone);
  return (
    <EmailLayout brand={brand} preview={`Your LinkedIn post for ${when} is ready to go.`}>
      <EmailHeading>Your post is ready to go</EmailHeading>
      <EmailText>{`Hi ${name}, this is the post you scheduled for ${when} (${timeZone}). Open LinkedIn with the text filled in, check it, and post.`}</EmailText>
      <PostBox content={content} />
      <EmailButton href={linkedinComposerUrl(content)}>Post it on LinkedIn</EmailButton>
      {hasCarousel ? (
        <EmailText>
          {`${CAROUSEL_ATTACH_NOTE} `}
          <EmailLink href={`${markPostedUrl(brand.appUrl, actionToken)}/carousel.pdf`}>Download the carousel PDF</EmailLink>
        </EmailText>
      ) : null}
      {sourceUrl ? (
        <EmailText muted>
          {`${FIRST_COMMENT_NOTE} `}
          <EmailLink href={sourceUrl}>{sourceUrl}</EmailLink>
        </EmailText>
      ) : null}
      <EmailDivider />
      <EmailText muted>
        {"Posted it? "}
        <EmailLink href={markPostedUrl(brand.appUrl, actionToken)}>Mark as posted</EmailLink>
        {" so your calendar and dashboard stay right. Or open it in "}
        <EmailLink href={`${brand.appUrl}/posts/${postId}`}>{brand.productName}</EmailLink>
        {"."}
      </EmailText>
      <EmailText muted>
        {"You get this email for each scheduled post. Change when, or turn reminders off, in "}
        <EmailLink href={`${brand.appUrl}/settings`}>Settings</EmailLink>
        {"."}
      </EmailText>
    </EmailLayout>
  );
}

export const postReminderEmail = defineEmail({ props: postReminderProps, Component: PostReminderEmail, subject, sampleProps });
