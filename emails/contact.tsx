import { Column, Row, Section, Text } from "@react-email/components";
import { Fragment } from "react";
import * as v from "valibot";
import { type Branded, colors, EmailHeading, EmailLayout, EmailLink, EmailText } from "./layout";
import { defineEmail, oneLine } from "./schema";

/**
 * A contact form message, sent to SUPPORT_EMAIL with Reply-To set to the visitor, so support
 * answers with a plain reply. Limits from PRODUCT.md "Contact".
 */
export const contactSubjects = { general: "General inquiry", support: "Support", sales: "Sales", feedback: "Feedback" } as const;

export const contactProps = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty("must not be blank"), v.maxLength(100, "must be at most 100 characters")),
  email: v.pipe(v.string(), v.trim(), v.email("must be an email address")),
  subject: v.picklist(Object.keys(contactSubjects) as (keyof typeof contactSubjects)[], "must be general, support, sales or feedback"),
  message: v.pipe(v.string(), v.trim(), v.nonEmpty("must not be blank"), v.maxLength(5_000, "must be at most 5,000 characters")),
});
export type ContactProps = v.InferOutput<typeof contactProps>;

export const sampleProps: ContactProps = {
  name: "Tom Becker",
  email: "tom.becker@example.com",
  subject: "sales",
  message:
    "Hello,\n\nWe are a team of four consultants who each write a monthly newsletter. Is there a way to manage all four accounts under one invoice?\n\nThanks,\nTom",
};

export const subject = ({ name, subject }: Branded<ContactProps>) => oneLine(`[Contact] ${contactSubjects[subject]} from ${name}`);

export const replyTo = (props: ContactProps) => props.email;

const label = { margin: 0, fontSize: "13px", lineHeight: "20px", color: colors.muted, width: "90px", verticalAlign: "top" } as const;
const value = { margin: 0, fontSize: "15px", lineHeight: "20px", color: colors.text } as const;

export function ContactEmail({ brand, name, email, subject, message }: Branded<ContactProps>) {
  const fields = [
    ["Name", name],
    [
      "Email",
      <EmailLink key="email" href={`mailto:${email}`}>
        {email}
      </EmailLink>,
    ],
    ["Subject", contactSubjects[subject]],
  ] as const;
  return (
    <EmailLayout brand={brand} preview={oneLine(message).slice(0, 120)} internalNote={`Sent by the contact form at ${brand.appUrl}/contact.`}>
      <EmailHeading>New contact message</EmailHeading>
      <Section style={{ margin: "0 0 20px" }}>
        {fields.map(([field, content]) => (
          <Row key={field} style={{ marginBottom: "8px" }}>
            <Column style={label}>{field}</Column>
            <Column>
              <Text style={value}>{content}</Text>
            </Column>
          </Row>
        ))}
      </Section>
      <Section style={{ backgroundColor: colors.page, borderRadius: "8px", padding: "16px 20px", margin: "0 0 20px" }}>
        {/* Line breaks as <br>, so both the HTML and the plain-text part keep the visitor's paragraphs. */}
        <Text style={{ margin: 0, fontSize: "15px", lineHeight: "24px", color: colors.text }}>
          {message.split(/\r?\n/).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a sent message, never reordered
            <Fragment key={i}>
              {i > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      </Section>
      <EmailText
        muted
      >{`Reply to this email to answer ${name} directly: the reply goes to ${email}. The contact page promises an answer within 24 hours.`}</EmailText>
    </EmailLayout>
  );
}

export const contactEmail = defineEmail({ props: contactProps, Component: ContactEmail, subject, sampleProps, replyTo });
