import { BillingCard, BillingLayout, LogoutButton } from "../components/billing-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const accountMeta = (productName: string): PageMeta => ({
  title: `Your account | ${productName}`,
  description: `Your ${productName} account: your data, closing the account, logging out.`,
  path: "/account",
  noindex: true,
});

/**
 * /account: what a signed-in person can always do, whatever their subscription (an expired one
 * keeps its posts): download their data, delete the account, log out. Settings has the same
 * danger zone for subscribers; this page is outside the subscription guard.
 */
export function AccountPage({ email, name, live }: { email: string; name: string /** The app is open to them: offer the way back in. */; live: boolean }) {
  return (
    <BillingLayout>
      <BillingCard>
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Your account</h1>
          <p className="mt-1 text-base-content/75">{`${name}, signed in as ${email}.`}</p>
        </div>
        <Island name="DangerZone" props={{ email }} />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-base-300 pt-5">
          <a href={live ? "/dashboard" : "/subscription-expired"} className="link link-hover text-sm font-medium">
            {live ? "Back to your dashboard" : "Back to resubscribing"}
          </a>
          <LogoutButton className="btn btn-outline btn-sm" />
        </div>
      </BillingCard>
    </BillingLayout>
  );
}
