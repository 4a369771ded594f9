import * as v from "valibot";
import { type Branded, EmailButton, EmailCallout, EmailHeading, EmailLayout, EmailText } from "./layout";
import { defineEmail, formatLongDate, instant, personName, timeZone } from "./schema";

/**
 * Sent when the subscription is cancelled. What it says depends on when (PRODUCT.md "Billing"):
 * a trial ends at once and is never charged; a paid subscription keeps access to the end of
 * the period already paid for.
 */
export const cancellationProps = v.variant("cancelledDuring", [
  v.object({ cancelledDuring: v.literal("trial"), name: personName }),
  v.object({
    cancelledDuring: v.literal("paid"),
    name: personName,
    /** The end of the paid period: access lasts until then. */
    accessEndsAt: instant,
    timeZone: v.optional(timeZone, "UTC"),
  }),
]);
export type CancellationProps = v.InferOutput<typeof cancellationProps>;

export const sampleProps: v.InferInput<typeof cancellationProps> = {
  cancelledDuring: "paid",
  name: "Priya Shah",
  accessEndsAt: "2026-04-09T09:00:00.000Z",
  timeZone: "Europe/London",
};

export const subject = (props: Branded<CancellationProps>) =>
  props.cancelledDuring === "trial"
    ? `Your ${props.brand.productName} trial has been cancelled`
    : `Your ${props.brand.productName} subscription has been cancelled`;

export function CancellationEmail(props: Branded<CancellationProps>) {
  const { brand, name } = props;
  if (props.cancelledDuring === "trial") {
    return (
      <EmailLayout brand={brand} preview="Your trial has ended and your card will not be charged.">
        <EmailHeading>Your trial has been cancelled</EmailHeading>
        <EmailText>{`Hi ${name}, we have cancelled your free trial as you asked.`}</EmailText>
        <EmailCallout>
          <strong>Your access has ended and your card will not be charged.</strong>
        </EmailCallout>
        <EmailText>
          {`Your account and the posts you saved are still here. If you want to plan with ${brand.productName} again, you can subscribe whenever you like.`}
        </EmailText>
        <EmailButton href={`${brand.appUrl}/subscribe`}>Subscribe again</EmailButton>
        <EmailText muted>{`Was something missing? Tell us at ${brand.supportEmail}: we read every reply.`}</EmailText>
      </EmailLayout>
    );
  }
  const endDate = formatLongDate(props.accessEndsAt, props.timeZone);
  return (
    <EmailLayout brand={brand} preview={`You keep full access until ${endDate}. You will not be charged again.`}>
      <EmailHeading>Your subscription has been cancelled</EmailHeading>
      <EmailText>{`Hi ${name}, we have cancelled your ${brand.productName} subscription as you asked.`}</EmailText>
      <EmailCallout>
        <strong>{`You keep full access until ${endDate}.`}</strong>
        {" You will not be charged again."}
      </EmailCallout>
      <EmailText>
        {`Until then you can keep generating plans and scheduling posts as usual. After ${endDate} your account stays, with your posts, and you can subscribe again at any time.`}
      </EmailText>
      <EmailButton href={`${brand.appUrl}/dashboard`}>Go to your dashboard</EmailButton>
      <EmailText muted>{`Was something missing? Tell us at ${brand.supportEmail}: we read every reply.`}</EmailText>
    </EmailLayout>
  );
}

export const cancellationEmail = defineEmail({ props: cancellationProps, Component: CancellationEmail, subject, sampleProps });
