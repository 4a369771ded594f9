import { appIcons, Icon } from "../../islands/ui/icons";
import { MONTHLY_PRICE_WITH_PENCE, PRICE_LABEL } from "../../src/shared/pricing";
import { BillingLayout } from "../components/billing-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";
import { useSite } from "../site";

export const demoCheckoutMeta = (productName: string): PageMeta => ({
  title: `Demo checkout | ${productName}`,
  description: `A demo checkout for ${productName}: no card is charged.`,
  path: "/demo-checkout",
  noindex: true,
});

/**
 * /demo-checkout: what the demo billing provider sends the browser to instead of Stripe Checkout
 * (PRODUCT.md "Billing"). Laid out like a hosted checkout (the order on one side, the card on the
 * other), and labelled as a demo wherever a card is mentioned.
 */
export function DemoCheckoutPage({ email, trialEndsOn, trial, renewsOn }: { email: string; trialEndsOn: string; trial: boolean; renewsOn: string }) {
  const { productName } = useSite();
  // One free trial per person (PRODUCT.md "Billing"): a returning subscriber is told before the card form that this one is paid from today.
  const order = trial
    ? {
        kicker: `Try ${productName} Pro`,
        headline: "7 days free",
        lead: `Then ${PRICE_LABEL} starting `,
        date: trialEndsOn,
        line: "7-day free trial, then billed monthly",
        price: "7 days free",
        after: `${MONTHLY_PRICE_WITH_PENCE} / month after`,
        due: "£0.00",
        note: "We email you before the first charge, and you can cancel anytime from Settings.",
      }
    : {
        kicker: `Welcome back to ${productName} Pro`,
        headline: PRICE_LABEL,
        lead: "You have had your free trial, so this subscription starts today and renews on ",
        date: renewsOn,
        line: "Billed monthly, no trial",
        price: `${MONTHLY_PRICE_WITH_PENCE} / month`,
        after: "from today",
        due: `${MONTHLY_PRICE_WITH_PENCE} (demo: no card is charged)`,
        note: "Cancel anytime from Settings: you keep access to the end of the month you paid for.",
      };
  return (
    <BillingLayout width="wide" badge={<span className="badge badge-warning shrink-0 font-semibold">Demo checkout</span>}>
      <a href="/payment-setup" className="btn btn-ghost btn-sm -ml-3 mb-4">
        <Icon d={appIcons.arrowRight} className="size-4 rotate-180" />
        Back
      </a>
      <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-10">
        <section aria-labelledby="order-heading" className="flex flex-col gap-6 lg:pt-4">
          <div>
            <p className="text-base-content/75">{order.kicker}</p>
            <h1 id="order-heading" className="mt-1 text-4xl font-extrabold tracking-tight">
              {order.headline}
            </h1>
            <p className="mt-2 text-base-content/75">
              {order.lead}
              <strong className="font-semibold text-base-content">{order.date}</strong>
            </p>
          </div>
          <dl className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-5 text-sm">
            <div className="flex justify-between gap-4">
              <dt>
                <span className="block font-medium">{`${productName} Pro`}</span>
                <span className="text-base-content/70">{order.line}</span>
              </dt>
              <dd className="shrink-0 text-right">
                <span className="block font-medium">{order.price}</span>
                <span className="text-base-content/70">{order.after}</span>
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-base-300 pt-3">
              <dt className="font-semibold">Due today</dt>
              <dd className="font-semibold tabular-nums">{order.due}</dd>
            </div>
          </dl>
          <p className="flex items-start gap-2 text-sm text-base-content/70">
            <Icon d={appIcons.mail} className="size-5 shrink-0" />
            {order.note}
          </p>
        </section>

        <section aria-labelledby="card-heading" className="card border border-base-300 bg-base-100 shadow-xl">
          <div className="card-body gap-5 p-6 sm:p-8">
            <div>
              <h2 id="card-heading" className="text-lg font-semibold">
                Pay with card
              </h2>
              <p className="truncate text-sm text-base-content/70">{`Signed in as ${email}`}</p>
            </div>
            <Island name="DemoCheckout" props={{ trial }} />
            <a href="/payment-setup" className="link link-hover text-center text-sm text-base-content/75">
              Cancel and go back
            </a>
          </div>
        </section>
      </div>
    </BillingLayout>
  );
}
