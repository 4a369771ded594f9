import { appIcons, Icon } from "../../islands/ui/icons";
import { BillingCard, BillingLayout } from "../components/billing-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";
import { useSite } from "../site";

export const paymentSuccessMeta = (productName: string): PageMeta => ({
  title: `Payment successful | ${productName}`,
  description: `Your ${productName} subscription has started.`,
  path: "/payment-success",
  noindex: true,
});

/** /payment-success (SPEC.md "Payment success"): where checkout returns; the island waits for the card to be on file. */
export function PaymentSuccessPage({ trial }: { /** A trial started (or is starting); false for a returning subscriber, paid from today. */ trial: boolean }) {
  const { productName } = useSite();
  return (
    <BillingLayout>
      <BillingCard className="text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
          <Icon d={appIcons.check} className="size-7" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payment Successful!</h1>
          <p className="mt-2 text-base-content/75 text-pretty">
            {trial
              ? `Your 7-day free trial of ${productName} Pro has started. Nothing is charged until it ends, and we email you before then.`
              : `Your ${productName} Pro subscription has started. It renews monthly, and you can cancel anytime from Settings.`}
          </p>
        </div>
        <Island name="PaymentSuccess" props={{}} />
      </BillingCard>
    </BillingLayout>
  );
}
