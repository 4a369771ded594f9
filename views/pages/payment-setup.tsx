import { appIcons, Icon } from "../../islands/ui/icons";
import { MonthlyPrice, PlanFeatureList } from "../../islands/billing/plan-display";
import { MONTHLY_PRICE, PRICE_LABEL } from "../../src/shared/pricing";
import { BillingCard, BillingLayout } from "../components/billing-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";
import { useSite } from "../site";

export const paymentSetupMeta = (productName: string, trial = true): PageMeta => ({
  title: trial ? `Start your free trial | ${productName}` : `Resubscribe | ${productName}`,
  description: trial
    ? `Add a card to start your 7-day ${productName} trial. Nothing is charged until it ends.`
    : `Resubscribe to ${productName} Pro: ${PRICE_LABEL} from today.`,
  path: "/payment-setup",
  noindex: true,
});

export type PaymentSetupProps = {
  provider: "stripe" | "demo";
  /** The trial's last day and the reminder email's day, as the user reads them (en-GB long, their timezone). */
  trialEndsOn: string;
  reminderOn: string;
  features: readonly string[];
  /** A payment method is on file and the subscription is live: nothing to do here. */
  alreadySetUp: boolean;
  /** This person has never had a trial (one per person, PRODUCT.md "Billing"); a returning subscriber pays from today. */
  trial: boolean;
  /** A subscription started today renews on this day (en-GB long, their timezone). */
  renewsOn: string;
};

/** /payment-setup (SPEC.md "Payment setup"): what the trial includes, when it ends, what it costs, and on to checkout. */
export function PaymentSetupPage(props: PaymentSetupProps) {
  return <BillingLayout>{props.alreadySetUp ? <AlreadySetUp /> : <SetUp {...props} />}</BillingLayout>;
}

function AlreadySetUp() {
  return (
    <BillingCard className="text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
        <Icon d={appIcons.check} className="size-6" />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Already set up</h1>
        <p className="mt-2 text-base-content/75">Your payment method is on file and your subscription is running.</p>
      </div>
      <Island name="PaymentSetupAction" props={{ alreadySetUp: true }} />
      <a href="/dashboard" className="btn btn-primary">
        Go to Dashboard
      </a>
    </BillingCard>
  );
}

function SetUp({ provider, trialEndsOn, reminderOn, features, trial, renewsOn }: PaymentSetupProps) {
  const { productName } = useSite();
  const page = trial
    ? {
        badge: "Last step",
        heading: "Start your 7-day free trial",
        lead: `Add a card to unlock ${productName} Pro. You will not be charged until your trial ends.`,
        dateLabel: "Free until ",
        date: trialEndsOn,
        stepsLabel: "How your trial works",
        steps: [
          { when: "Today", what: "Your trial starts. Nothing is charged today." },
          { when: reminderOn, what: "We email you a reminder before your first charge." },
          { when: trialEndsOn, what: `Your first ${MONTHLY_PRICE} charge. Cancel before then and you pay nothing.` },
        ],
      }
    : {
        badge: "Welcome back",
        heading: `Resubscribe to ${productName} Pro`,
        lead: `You have had your free trial, so your subscription starts today: ${MONTHLY_PRICE} now, then monthly.`,
        dateLabel: "Renews on ",
        date: renewsOn,
        stepsLabel: "How your subscription works",
        steps: [
          { when: "Today", what: `Your subscription starts and your first ${MONTHLY_PRICE} is charged.` },
          { when: renewsOn, what: `It renews at ${MONTHLY_PRICE}. Cancel before then and you keep access until this day.` },
        ],
      };
  return (
    <BillingCard>
      <div className="text-center">
        <span className="badge badge-primary badge-soft font-medium">{page.badge}</span>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{page.heading}</h1>
        <p className="mt-2 text-base-content/75 text-pretty">{page.lead}</p>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-200/60 p-4 sm:p-5">
        <MonthlyPrice amountClassName="text-4xl" />
        <p className="text-sm text-base-content/75 sm:text-right">
          {page.dateLabel}
          <strong className="font-semibold text-base-content" data-trial-end={trial ? "" : undefined} data-renews-on={trial ? undefined : ""}>
            {page.date}
          </strong>
        </p>
      </div>

      <ol className="relative flex flex-col gap-4 border-l-2 border-base-300 pl-5" aria-label={page.stepsLabel}>
        {page.steps.map((step) => (
          <li key={step.when} className="relative">
            <span className="absolute -left-[1.6rem] top-1.5 size-2.5 rounded-full bg-primary ring-4 ring-base-100" aria-hidden="true" />
            <p className="text-sm font-semibold">{step.when}</p>
            <p className="text-sm text-base-content/75">{step.what}</p>
          </li>
        ))}
      </ol>

      <div>
        <h2 className="text-sm font-semibold">What's included</h2>
        <PlanFeatureList features={features} className="mt-3 flex flex-col gap-2 text-sm" />
      </div>

      <div className="flex flex-col gap-3">
        <Island name="PaymentSetupAction" props={{ alreadySetUp: false }} />
        <p className="flex items-start gap-2 text-xs text-base-content/70">
          <Icon d={appIcons.lock} className="size-4 shrink-0" />
          {provider === "stripe"
            ? "Secure payment through Stripe. Your card details go straight to Stripe and never reach our servers."
            : "Demo billing: this installation has no payment provider, so the next page is a demo checkout where no card is charged."}
        </p>
      </div>
    </BillingCard>
  );
}
