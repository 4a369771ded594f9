import { PRICE_LABEL } from "../../src/shared/pricing";
import { BillingLayout } from "../components/billing-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";
import { useSite } from "../site";

export const subscribeMeta = (productName: string): PageMeta => ({
  title: `Subscribe | ${productName}`,
  description: `Subscribe to ${productName} Pro: ${PRICE_LABEL}, cancel anytime.`,
  path: "/subscribe",
  noindex: true,
});

/** /subscribe (SPEC.md "Subscribe (Upgrade)"): the heading here, the two cards in the island. */
export function SubscribePage({
  provider,
  publishableKey,
  features,
}: {
  provider: "stripe" | "demo";
  publishableKey: string | null;
  features: readonly string[];
}) {
  const { productName } = useSite();
  return (
    <BillingLayout width="wide">
      <div className="mb-6 text-center sm:mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{`Subscribe to ${productName} Pro`}</h1>
        <p className="mt-2 text-base-content/75">One plan, everything included. Cancel anytime from Settings.</p>
      </div>
      <Island name="Subscribe" props={{ provider, publishableKey, productName, features }} />
    </BillingLayout>
  );
}
