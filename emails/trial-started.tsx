import * as v from "valibot";
import { type Branded, EmailButton, EmailCallout, EmailHeading, EmailLayout, EmailText } from "./layout";
import { defineEmail, formatLongDate, instant, MONTHLY_PRICE, personName, timeZone, TRIAL_DAYS } from "./schema";

/** Sent once a payment method is added: the trial is running and nothing is charged until it ends. */
export const trialStartedProps = v.object({
  name: personName,
  /** When the trial ends and the first charge is taken. */
  trialEndsAt: instant,
  /** The user's time zone, so the date is the one on their calendar. */
  timeZone: v.optional(timeZone, "UTC"),
});
export type TrialStartedProps = v.InferOutput<typeof trialStartedProps>;

export const sampleProps: v.InferInput<typeof trialStartedProps> = {
  name: "Priya Shah",
  trialEndsAt: "2026-03-09T09:00:00.000Z",
  timeZone: "Europe/London",
};

export const subject = ({ brand }: Branded<TrialStartedProps>) => `Your ${brand.productName} free trial has started`;

export function TrialStartedEmail({ brand, name, trialEndsAt, timeZone }: Branded<TrialStartedProps>) {
  const endDate = formatLongDate(trialEndsAt, timeZone);
  return (
    <EmailLayout brand={brand} preview={`Nothing is charged until ${endDate}. Here is how to make the most of your ${TRIAL_DAYS} days.`}>
      <EmailHeading>Your free trial has started</EmailHeading>
      <EmailText>{`Thanks, ${name}. Your payment method is saved and your ${TRIAL_DAYS}-day free trial of ${brand.productName} is active, with full access to everything.`}</EmailText>
      <EmailCallout>
        <strong>{`Nothing is charged until ${endDate}.`}</strong>
        {` On that day your card will be charged ${MONTHLY_PRICE}, and then ${MONTHLY_PRICE} every month until you cancel.`}
      </EmailCallout>
      <EmailText>
        {`We will email you 3 days before the first charge. If ${brand.productName} is not for you, cancel from Settings before ${endDate} and you will not be charged at all.`}
      </EmailText>
      <EmailText>Best first step: paste your most recent article or newsletter and see the week of posts it becomes.</EmailText>
      <EmailButton href={`${brand.appUrl}/generate`}>Create your first plan</EmailButton>
    </EmailLayout>
  );
}

export const trialStartedEmail = defineEmail({ props: trialStartedProps, Component: TrialStartedEmail, subject, sampleProps });
