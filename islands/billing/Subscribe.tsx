import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { PRICE_LABEL, TRIAL_DAYS } from "../../src/shared/pricing";
import { ApiError, completeDemoCheckout, createSubscription, isNetworkError, queryKeys, serverMessageOf } from "../api";
import { useHydrated } from "../ui/auth-ui";
import { DemoCardForm } from "./demo-card-form";
import { failureToastWithTitle } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { MonthlyPrice, PlanFeatureList } from "./plan-display";
import { QueryProvider } from "../query-client";
import { StripePayment } from "./stripe-payment";
import { toast, toastAfterNavigation, type ToastInput } from "../ui/toast-store";

export type SubscribeProps = {
  provider: "stripe" | "demo";
  publishableKey: string | null;
  productName: string;
  features: readonly string[];
};

/**
 * /subscribe (SPEC.md "Subscribe (Upgrade)"): the plan card and the Payment Details card. The
 * subscription is created on arrival (POST /api/create-subscription); its clientSecret mounts
 * Stripe's Payment Element, or on demo billing the demo card form takes its place. A setup
 * failure replaces both cards with the Subscription Error card.
 */
export default function Subscribe(props: SubscribeProps) {
  return (
    <QueryProvider>
      <SubscribeCards {...props} />
    </QueryProvider>
  );
}

/** The words for a setup failure (SPEC.md section 8): the server's own, or the catalogue's. */
function setupFailure(error: unknown): ToastInput {
  if (isNetworkError(error)) return { title: "Connection Error", description: "Failed to connect to server. Please try again later.", variant: "destructive" };
  // create-subscription answers {error: {message}} (SPEC.md section 3) as well as the usual {message}.
  const nested = error instanceof ApiError ? (error.body?.error as { message?: unknown } | undefined)?.message : undefined;
  const message = typeof nested === "string" && nested !== "" ? nested : serverMessageOf(error);
  return { title: "Subscription Setup Failed", description: message ?? "Failed to setup subscription", variant: "destructive" };
}

function SubscribeCards({ provider, publishableKey, productName, features }: SubscribeProps) {
  // A POST, but one per visit: the query client never refetches, and a reload starts afresh.
  const setup = useQuery({ queryKey: queryKeys.subscriptionSetup, queryFn: createSubscription });
  const success: ToastInput = { title: "Payment Successful", description: `You are subscribed to ${productName} Pro!` };

  useEffect(() => {
    if (!setup.error) return;
    void followGuard(setup.error).then((leaving) => {
      if (!leaving) toast(setupFailure(setup.error));
    });
  }, [setup.error]);

  if (setup.isError) {
    const failure = setupFailure(setup.error);
    return (
      <section aria-labelledby="subscription-error" className="card mx-auto w-full max-w-lg border border-error/40 bg-base-100 shadow-sm">
        <div className="card-body items-center gap-4 p-6 text-center sm:p-8">
          <span className="flex size-12 items-center justify-center rounded-full bg-error/15 text-error">
            <Icon d={appIcons.alert} className="size-6" />
          </span>
          <h2 id="subscription-error" className="text-xl font-bold">
            Subscription Error
          </h2>
          <p className="text-base-content/75 text-pretty">{failure.description}</p>
          <a href="/dashboard" className="btn btn-primary mt-2">
            Return to Dashboard
          </a>
        </div>
      </section>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <PlanCard productName={productName} features={features} provider={provider} />
      <section aria-labelledby="payment-details" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5 p-5 sm:p-7">
          <div>
            <h2 id="payment-details" className="text-lg font-semibold">
              Payment Details
            </h2>
            <p className="text-sm text-base-content/70">
              {provider === "stripe"
                ? "Paid securely through Stripe. Your card details never reach our servers."
                : "This installation uses demo billing: nothing is charged."}
            </p>
          </div>
          {setup.data === undefined ? (
            <div role="status" className="flex min-h-56 items-center justify-center gap-2 text-sm text-base-content/70">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              Preparing your subscription...
            </div>
          ) : setup.data.provider === "stripe" ? (
            <StripePayment publishableKey={publishableKey} clientSecret={setup.data.clientSecret} success={success} />
          ) : (
            <DemoSubscribe success={success} />
          )}
        </div>
      </section>
    </div>
  );
}

function PlanCard({ productName, features, provider }: { productName: string; features: readonly string[]; provider: "stripe" | "demo" }) {
  return (
    <section aria-labelledby="plan-heading" className="card border-2 border-primary bg-base-100 shadow-sm">
      <div className="card-body gap-5 p-5 sm:p-7">
        <div>
          <h2 id="plan-heading" className="text-lg font-semibold">{`${productName} Pro`}</h2>
          <p className="text-sm text-base-content/70">Everything you need to show up on LinkedIn every week.</p>
        </div>
        <MonthlyPrice amountClassName="text-5xl" />
        <p className="text-sm text-base-content/75">
          {provider === "stripe"
            ? "Charged today, then every month. Cancel anytime; no refunds for partial months."
            : `A ${TRIAL_DAYS}-day free trial, then ${PRICE_LABEL}. Cancel anytime.`}
        </p>
        <PlanFeatureList features={features} className="space-y-2.5 text-sm" />
      </div>
    </section>
  );
}

/** Demo billing: the demo card form stands in for the Payment Element and starts the subscription's trial. */
function DemoSubscribe({ success }: { success: ToastInput }) {
  const hydrated = useHydrated();
  const complete = useMutation({
    mutationFn: completeDemoCheckout,
    onSuccess: () => {
      toastAfterNavigation(success);
      window.location.assign("/dashboard");
    },
    onError: async (error) => {
      if (await followGuard(error)) return;
      toast(failureToastWithTitle(error, "Payment Failed", "Your payment could not be completed."));
    },
  });
  return (
    <DemoCardForm
      label="Subscribe"
      busyLabel="Subscribing..."
      busy={complete.isPending || complete.isSuccess}
      disabled={!hydrated}
      onSubmit={() => complete.mutate()}
    />
  );
}
