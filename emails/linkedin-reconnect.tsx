import type * as v from "valibot";
import { type Branded, EmailButton, EmailCallout, EmailDivider, EmailHeading, EmailLayout, EmailLink, EmailText } from "./layout";
import { failedPostProps, PostBox } from "./post-parts";
import { markPostedUrl } from "./post-reminder";
import { defineEmail } from "./schema";

/**
 * LinkedIn refused the member's token (401, or it expired): a post failed because of it. Asks
 * to reconnect, and carries the post with Post it yourself so nothing waits on the reconnect.
 */
export const linkedinReconnectProps = failedPostProps;
export type LinkedinReconnectProps = v.InferOutput<typeof linkedinReconnectProps>;

export const sampleProps: v.InferInput<typeof linkedinReconnectProps> = {
  name: "Priya Shah",
  content: "We cut our onboarding from 14 steps to 3.",
  postId: "00000000-0000-4000-8000-000000000000",
  reason: "LinkedIn said: The token used in the request has expired",
  actionToken: "sample-token-for-preview-only",
};

export const subject = () => "Reconnect LinkedIn: your post was not published";

export function LinkedinReconnectEmail({ brand, name, content, postId, reason, actionToken }: Branded<LinkedinReconnectProps>) {
  return (
    <EmailLayout brand={brand} preview="LinkedIn no longer accepts your connection. Reconnect to keep publishing automatically.">
      <EmailHeading>Reconnect LinkedIn</EmailHeading>
      <EmailText>{`Hi ${name}, LinkedIn no longer accepts ${brand.productName}'s connection to your profile, so this post was not published.`}</EmailText>
      <EmailCallout>{reason}</EmailCallout>
      <EmailButton href={`${brand.appUrl}/settings`}>Reconnect LinkedIn</EmailButton>
      <PostBox content={content} />
      <EmailButton href={markPostedUrl(brand.appUrl, actionToken)}>Post it yourself</EmailButton>
      <EmailDivider />
      <EmailText muted>
        {"After reconnecting, "}
        <EmailLink href={`${brand.appUrl}/posts/${postId}`}>Retry</EmailLink>
        {" the post, or schedule it again."}
      </EmailText>
    </EmailLayout>
  );
}

export const linkedinReconnectEmail = defineEmail({ props: linkedinReconnectProps, Component: LinkedinReconnectEmail, subject, sampleProps });
