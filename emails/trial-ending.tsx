import * as v from "valibot";
import { type Branded, EmailButton, EmailCallout, EmailHeading, EmailLayout, EmailText } from "./layout";
import { defineEmail, formatLongDate, instant, MONTHLY_PRICE, personName, timeZone } from "./schema";

/**
 * Sent 3 days before the first charge: the promise made at payment setup that the user is
 * emailed before being charged (SPEC.md "Plan", PRODUCT.md "Billing").
 */
export const trialEndingProps = v.object({
  name: personName,
  /** When the trial ends and the first charge is taken. */
  chargeAt: instant,
  timeZone: v.optional(timeZone, "UTC"),
});
export type TrialEndingProps = v.InferOutput<typeof trialEndingProps>;

export const sampleProps: v.InferInput<typeof trialEndingProps> = {
  name: "Priya Shah",
  chargeAt: "2026-03-09T09:00:00.000Z",
  timeZone: "Europe/London",
};

export const subject = ({ brand, chargeAt, timeZone }: Branded<TrialEndingProps>) =>
  `Your ${brand.productName} trial ends on ${formatLongDate(chargeAt, timeZone)}`;

export function TrialEndingEmail({ brand, name, chargeAt, timeZone }: Branded<TrialEndingProps>) {
  const chargeDate = formatLongDate(chargeAt, timeZone);
  return (
    <EmailLayout brand={brand} preview={`You will be charged ${MONTHLY_PRICE} on ${chargeDate} unless you cancel before then.`}>
      <EmailHeading>Your free trial ends in 3 days</EmailHeading>
      <EmailText>{`Hi ${name}, as promised, here is your reminder before we charge anything.`}</EmailText>
      <EmailCallout>
        <strong>{`You will be charged ${MONTHLY_PRICE} on ${chargeDate}.`}</strong>
        {` After that, ${MONTHLY_PRICE} every month until you cancel.`}
      </EmailCallout>
      <EmailText>To keep planning your LinkedIn week, you do not need to do anything: your subscription continues on its own.</EmailText>
      <EmailText>
        {`To cancel, sign in, open Settings and choose Cancel subscription in the Subscription card. Cancel before ${chargeDate} and you will not be charged; your access ends when you cancel.`}
      </EmailText>
      <EmailButton href={`${brand.appUrl}/settings`}>Manage your subscription</EmailButton>
    </EmailLayout>
  );
}

export const trialEndingEmail = defineEmail({ props: trialEndingProps, Component: TrialEndingEmail, subject, sampleProps });
