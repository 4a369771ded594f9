import type * as v from "valibot";
import { openingLine } from "../src/strategist";
import { type Branded, EmailButton, EmailCallout, EmailDivider, EmailHeading, EmailLayout, EmailLink, EmailText } from "./layout";
import { failedPostProps, PostBox } from "./post-parts";
import { markPostedUrl } from "./post-reminder";
import { defineEmail, oneLine } from "./schema";

/**
 * Auto-posting failed: the whole post, LinkedIn's reason, Post it yourself (the posting
 * assistant's page, through a single-purpose link) and Retry (the post in the app).
 */
export const linkedinFailedProps = failedPostProps;
export type LinkedinFailedProps = v.InferOutput<typeof linkedinFailedProps>;

export const sampleProps: v.InferInput<typeof linkedinFailedProps> = {
  name: "Priya Shah",
  content: "We cut our onboarding from 14 steps to 3.\n\nActivation went from 22% to 41% in six weeks.",
  postId: "00000000-0000-4000-8000-000000000000",
  reason: "LinkedIn said: Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
  actionToken: "sample-token-for-preview-only",
};

export const subject = ({ content }: Branded<LinkedinFailedProps>) => {
  const line = oneLine(openingLine(content));
  return `Not published on LinkedIn: ${line.length > 55 ? `${line.slice(0, 52).trimEnd()}…` : line}`;
};

export function LinkedinFailedEmail({ brand, name, content, postId, reason, actionToken }: Branded<LinkedinFailedProps>) {
  return (
    <EmailLayout brand={brand} preview="Your post was not published on LinkedIn. Post it yourself or retry.">
      <EmailHeading>Your post was not published</EmailHeading>
      <EmailText>{`Hi ${name}, ${brand.productName} could not publish this post on LinkedIn at its scheduled time.`}</EmailText>
      <EmailCallout>{reason}</EmailCallout>
      <PostBox content={content} />
      <EmailButton href={markPostedUrl(brand.appUrl, actionToken)}>Post it yourself</EmailButton>
      <EmailDivider />
      <EmailText muted>
        <EmailLink href={`${brand.appUrl}/posts/${postId}`}>Retry</EmailLink>
        {" from the post in "}
        {brand.productName}
        {" once the problem is solved."}
      </EmailText>
    </EmailLayout>
  );
}

export const linkedinFailedEmail = defineEmail({ props: linkedinFailedProps, Component: LinkedinFailedEmail, subject, sampleProps });
