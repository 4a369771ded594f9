import { appIcons, Icon } from "../../islands/ui/icons";
import { PlanFeatureList } from "../../islands/billing/plan-display";
import { PRICE_LABEL } from "../../src/shared/pricing";
import { BillingCard, BillingLayout } from "../components/billing-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";
import { useSite } from "../site";

export const subscriptionExpiredMeta = (productName: string): PageMeta => ({
  title: `Subscription expired | ${productName}`,
  description: `Your ${productName} subscription has ended. Resubscribe to continue.`,
  path: "/subscription-expired",
  noindex: true,
});

/**
 * /subscription-expired (SPEC.md "Subscription expired"). The plan's features are what the user
 * is missing; PRODUCT.md settles the allowance there as everywhere: 7 posts per week.
 */
export function SubscriptionExpiredPage({
  features,
  trial,
  signedIn = false,
}: {
  features: readonly string[] /** Never had a trial (one per person); false for a returning subscriber. */;
  trial: boolean;
  signedIn?: boolean;
}) {
  const { productName } = useSite();
  return (
    <BillingLayout>
      <BillingCard>
        <div className="text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-warning/20 text-warning-content dark:text-warning">
            <Icon d={appIcons.clock} className="size-6" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Subscription Expired</h1>
          <p className="mt-2 text-base-content/80 text-pretty">{`Your subscription has ended. Resubscribe to continue using ${productName}.`}</p>
        </div>
        <Island name="ExpiredGreeting" props={{}} />
        <div className="rounded-box border border-base-300 bg-base-200/60 p-4 sm:p-5">
          <h2 className="text-sm font-semibold">What you're missing</h2>
          <PlanFeatureList
            features={features}
            className="mt-3 flex flex-col gap-2 text-sm"
            itemClassName="flex gap-2.5 text-base-content/80"
            icon="lock"
            iconClassName="size-5 shrink-0 text-base-content/55"
          />
        </div>
        <div className="flex flex-col items-center gap-3">
          <a href="/payment-setup" className="btn btn-primary btn-lg w-full">
            Resubscribe Now
          </a>
          <p className="text-sm text-base-content/70">
            {trial ? `${PRICE_LABEL}, 7-day free trial, Cancel anytime` : `${PRICE_LABEL}, billed from today (you have had your free trial), Cancel anytime`}
          </p>
          {signedIn && (
            <a href="/account" className="link link-hover text-sm">
              Download your data or delete your account
            </a>
          )}
          <a href="/" className="link link-hover text-sm font-medium">
            Back to Home
          </a>
        </div>
      </BillingCard>
    </BillingLayout>
  );
}
