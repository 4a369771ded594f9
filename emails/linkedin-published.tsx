import * as v from "valibot";
import { openingLine } from "../src/strategist";
import { type Branded, EmailButton, EmailCallout, EmailHeading, EmailLayout, EmailLink, EmailText } from "./layout";
import { PostBox, postContent, postIdSchema, reasonSchema } from "./post-parts";
import { defineEmail, oneLine, personName } from "./schema";

/** Auto-posting worked: the post is live, with its LinkedIn link; says so when the first comment could not be added. */
export const linkedinPublishedProps = v.object({
  name: personName,
  content: postContent,
  postId: postIdSchema,
  linkedinUrl: v.pipe(v.string(), v.url("must be a URL")),
  /** The link meant for the first comment, when the post had one. */
  commentUrl: v.optional(v.nullable(v.pipe(v.string(), v.url("must be a URL")))),
  /** LinkedIn's reason when the comment was refused; null when it was added (or none was due). */
  commentFailure: v.optional(v.nullable(reasonSchema)),
});
export type LinkedinPublishedProps = v.InferOutput<typeof linkedinPublishedProps>;

export const sampleProps: v.InferInput<typeof linkedinPublishedProps> = {
  name: "Priya Shah",
  content: "We cut our onboarding from 14 steps to 3.\n\nActivation went from 22% to 41% in six weeks.",
  postId: "00000000-0000-4000-8000-000000000000",
  linkedinUrl: "https://www.linkedin.com/feed/update/urn:li:share:7300000000000000001",
  commentUrl: "https://example.com/blog/onboarding",
  commentFailure: null,
};

export const subject = ({ content }: Branded<LinkedinPublishedProps>) => {
  const line = oneLine(openingLine(content));
  return `Published on LinkedIn: ${line.length > 60 ? `${line.slice(0, 57).trimEnd()}…` : line}`;
};

export function LinkedinPublishedEmail({ brand, name, content, postId, linkedinUrl, commentUrl, commentFailure }: Branded<LinkedinPublishedProps>) {
  return (
    <EmailLayout brand={brand} preview="Your post is live on LinkedIn.">
      <EmailHeading>Your post is live on LinkedIn</EmailHeading>
      <EmailText>{`Hi ${name}, ${brand.productName} published this post on your LinkedIn profile at its scheduled time.`}</EmailText>
      <PostBox content={content} />
      <EmailButton href={linkedinUrl}>View it on LinkedIn</EmailButton>
      {commentUrl && commentFailure ? (
        <EmailCallout>
          {`LinkedIn did not let us add the link in the first comment (LinkedIn said: ${commentFailure}). Add it yourself as the first comment: `}
          <EmailLink href={commentUrl}>{commentUrl}</EmailLink>
        </EmailCallout>
      ) : null}
      {commentUrl && !commentFailure ? <EmailText muted>{`The link is in the first comment: ${commentUrl}`}</EmailText> : null}
      <EmailText muted>
        {"See it in "}
        <EmailLink href={`${brand.appUrl}/posts/${postId}`}>{brand.productName}</EmailLink>
        {"."}
      </EmailText>
    </EmailLayout>
  );
}

export const linkedinPublishedEmail = defineEmail({ props: linkedinPublishedProps, Component: LinkedinPublishedEmail, subject, sampleProps });
