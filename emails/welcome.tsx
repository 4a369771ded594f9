import * as v from "valibot";
import { type Branded, EmailButton, EmailHeading, EmailLayout, EmailText } from "./layout";
import { defineEmail, MONTHLY_PRICE, personName, TRIAL_DAYS } from "./schema";

/** Sent right after signup. The next step is the payment setup that starts the trial. */
export const welcomeProps = v.object({ name: personName });
export type WelcomeProps = v.InferOutput<typeof welcomeProps>;

export const sampleProps: WelcomeProps = { name: "Priya Shah" };

export const subject = ({ brand }: Branded<WelcomeProps>) => `Welcome to ${brand.productName}`;

export function WelcomeEmail({ brand, name }: Branded<WelcomeProps>) {
  return (
    <EmailLayout brand={brand} preview={`Your account is ready. Here is how to get your first week of LinkedIn posts.`}>
      <EmailHeading>{`Welcome to ${brand.productName}, ${name}`}</EmailHeading>
      <EmailText>
        {`Your account is ready. ${brand.productName} reads the long-form writing you already do (a blog post, a newsletter, an article) and turns it into a week of 5 to 7 LinkedIn posts, each with a recommended day, time and the reasoning behind it.`}
      </EmailText>
      <EmailText>Three steps to your first plan:</EmailText>
      <EmailText>
        {`1. Start your ${TRIAL_DAYS}-day free trial by adding a payment method. Nothing is charged until the trial ends, and we email you before the first charge.`}
        <br />
        {"2. Paste a piece you have already written, or its link."}
        <br />
        {"3. Review the plan, edit any post you like, and schedule the week on your calendar."}
      </EmailText>
      <EmailButton href={`${brand.appUrl}/payment-setup`}>Start your free trial</EmailButton>
      <EmailText muted>{`After the trial it is ${MONTHLY_PRICE}/month for everything, and you can cancel at any time from Settings.`}</EmailText>
    </EmailLayout>
  );
}

export const welcomeEmail = defineEmail({ props: welcomeProps, Component: WelcomeEmail, subject, sampleProps });
