import { addDays, addMonths } from "date-fns";
import { Elysia } from "elysia";
import type { ReactNode } from "react";
import { formatLongDate } from "../shared/format-date";
import { planFeatures } from "../shared/pricing";
import { type PageMeta, renderDocument } from "../../views/document";
import { DemoCheckoutPage, demoCheckoutMeta } from "../../views/pages/demo-checkout";
import { PaymentSetupPage, paymentSetupMeta } from "../../views/pages/payment-setup";
import { PaymentSuccessPage, paymentSuccessMeta } from "../../views/pages/payment-success";
import { AccountPage, accountMeta } from "../../views/pages/account";
import { SubscribePage, subscribeMeta } from "../../views/pages/subscribe";
import { SubscriptionExpiredPage, subscriptionExpiredMeta } from "../../views/pages/subscription-expired";
import type { Site } from "../../views/site";
import type { Clock } from "../clock";
import { contentSecurityPolicy } from "../plugins/security-headers";
import type { sessionPlugin } from "../plugins/session";
import { guardFields, type UserRow } from "../services/accounts";
import { TRIAL_DAYS, TRIAL_ENDING_NOTICE_DAYS } from "../services/billing/subscription";
import { guardRedirect } from "../shared/guard";
import type { TrialClaims } from "../services/billing/trial-claims";
import { htmlPage, seeOther } from "./responses";

type Deps = {
  session: ReturnType<typeof sessionPlugin>;
  site: Site;
  clock: Clock;
  provider: "stripe" | "demo";
  /** For the Payment Element on /subscribe (Stripe only). */
  stripePublishableKey: string | undefined;
  /** Whether the user may still have a free trial (one per person): the demo checkout says which. */
  trialClaims: Pick<TrialClaims, "eligible">;
  notFoundPage: () => Response;
};

/**
 * The billing pages of SPEC.md section 2: /payment-setup, /demo-checkout (demo billing only),
 * /payment-success, /subscribe and /subscription-expired. They sit outside the sign-in guard
 * (the guard sends people here), but all except the expired page need someone signed in.
 */
export function billingPageRoutes({ session, site, clock, provider, stripePublishableKey, trialClaims, notFoundPage }: Deps) {
  /** A page for `user` (null: signed out), whose header then offers Account and Log out. */
  const render = (user: UserRow | null, node: ReactNode, meta: PageMeta, headers?: Record<string, string>) =>
    htmlPage(renderDocument(node, meta, user ? { ...site, account: { email: user.email } } : site), { headers });
  /** The guard would let this user in: a payment method and a live subscription. */
  const isSetUp = (user: UserRow) => guardRedirect({ user: guardFields(user) }, clock.now()) === null;

  return (
    new Elysia({ name: "routes/billing-pages" })
      .use(session)
      .get("/payment-setup", async ({ currentUser }) => {
        const user = await currentUser();
        if (!user) return seeOther("/login");
        // The dates a trial started now would have, as the user's own calendar shows them.
        const trialEnd = addDays(clock.now(), TRIAL_DAYS);
        const trial = await trialClaims.eligible(user);
        return render(
          user,
          <PaymentSetupPage
            provider={provider}
            trialEndsOn={formatLongDate(trialEnd, user.timezone)}
            reminderOn={formatLongDate(addDays(trialEnd, -TRIAL_ENDING_NOTICE_DAYS), user.timezone)}
            features={planFeatures}
            alreadySetUp={isSetUp(user)}
            trial={trial}
            renewsOn={formatLongDate(addMonths(clock.now(), 1), user.timezone)}
          />,
          paymentSetupMeta(site.productName, trial),
        );
      })
      .get("/demo-checkout", async ({ currentUser }) => {
        if (provider !== "demo") return notFoundPage();
        const user = await currentUser();
        if (!user) return seeOther("/login");
        if (isSetUp(user)) return seeOther("/dashboard");
        return render(
          user,
          <DemoCheckoutPage
            email={user.email}
            trial={await trialClaims.eligible(user)}
            trialEndsOn={formatLongDate(addDays(clock.now(), TRIAL_DAYS), user.timezone)}
            renewsOn={formatLongDate(addMonths(clock.now(), 1), user.timezone)}
          />,
          demoCheckoutMeta(site.productName),
        );
      })
      .get("/payment-success", async ({ currentUser }) => {
        const user = await currentUser();
        if (!user) return seeOther("/login");
        // Checkout's webhook may not have landed yet: until it has, whether a trial is starting is whether this person may have one.
        const status = user.subscriptionStatus;
        const trial = status === "trialing" || (status !== "active" && (await trialClaims.eligible(user)));
        return render(user, <PaymentSuccessPage trial={trial} />, paymentSuccessMeta(site.productName));
      })
      .get("/subscribe", async ({ currentUser }) => {
        const user = await currentUser();
        if (!user) return seeOther("/login");
        return render(
          user,
          <SubscribePage provider={provider} publishableKey={provider === "stripe" ? (stripePublishableKey ?? null) : null} features={planFeatures} />,
          subscribeMeta(site.productName),
          // Stripe.js and the Payment Element's frames, on this page and only with Stripe billing.
          provider === "stripe" ? { "content-security-policy": contentSecurityPolicy({ stripe: true }) } : undefined,
        );
      })
      .get("/subscription-expired", async ({ currentUser }) => {
        const user = await currentUser();
        // Someone whose subscription has not ended belongs where the guard says (the dashboard when nothing is wrong).
        if (user) {
          const destination = guardRedirect({ user: guardFields(user) }, clock.now());
          if (destination !== "/subscription-expired") return seeOther(destination ?? "/dashboard");
        }
        // Signed out, nobody can tell: the page shows the offer a new subscriber gets.
        const trial = user ? await trialClaims.eligible(user) : true;
        return render(
          user,
          <SubscriptionExpiredPage features={planFeatures} trial={trial} signedIn={user !== null} />,
          subscriptionExpiredMeta(site.productName),
        );
      })
      // Whatever the subscription's state: the account's data, its deletion, and Log out (PRODUCT.md: posts are kept).
      .get("/account", async ({ currentUser }) => {
        const user = await currentUser();
        if (!user) return seeOther("/login");
        return render(user, <AccountPage email={user.email} name={user.name} live={isSetUp(user)} />, accountMeta(site.productName));
      })
  );
}
