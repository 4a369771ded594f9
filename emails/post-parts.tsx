import { Section, Text } from "@react-email/components";
import { Fragment } from "react";
import * as v from "valibot";
import { colors } from "./layout";
import { personName } from "./schema";

/** What the emails about one post share (the reminder, and the auto-posting ones): its fields' schemas and the post shown whole. */
export const postContent = v.pipe(v.string(), v.nonEmpty("must not be blank"), v.maxLength(3_000, "must be at most 3,000 characters"));
export const postIdSchema = v.pipe(v.string(), v.uuid("must be an id"));
export const actionTokenSchema = v.pipe(v.string(), v.nonEmpty("must not be blank"), v.maxLength(200, "must be at most 200 characters"));
export const reasonSchema = v.pipe(v.string(), v.nonEmpty("must not be blank"), v.maxLength(1_000, "must be at most 1,000 characters"));

/** The props of an email about a post LinkedIn did not publish (failed, or reconnect needed). */
export const failedPostProps = v.object({
  name: personName,
  content: postContent,
  postId: postIdSchema,
  reason: reasonSchema,
  actionToken: actionTokenSchema,
});

export function PostBox({ content }: { content: string }) {
  return (
    <Section style={{ border: `1px solid ${colors.border}`, borderRadius: "8px", padding: "16px 20px", margin: "0 0 20px" }}>
      {/* Line by line, so the plain-text part keeps the post's line breaks too. */}
      <Text style={{ margin: 0, fontSize: "15px", lineHeight: "23px", color: colors.text }}>
        {content.split("\n").map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a post's text, never reordered
          <Fragment key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </Text>
    </Section>
  );
}
