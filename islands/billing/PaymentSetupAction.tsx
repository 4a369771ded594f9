import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { createCheckoutSession } from "../api";
import { useHydrated } from "../ui/auth-ui";
import { failureToastWithTitle } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { QueryProvider } from "../query-client";
import { toast } from "../ui/toast-store";

// SPEC.md section 9 gives payment success 2 s before it moves on; "Already set up" waits as long,
// so the message can be read before the dashboard replaces it.
const ALREADY_SET_UP_DELAY_MS = 2_000;

/**
 * /payment-setup's action (SPEC.md "Payment setup"): Continue to Payment asks for a checkout
 * session and sends the browser to it. A user who is already set up is taken to the dashboard.
 */
export default function PaymentSetupAction(props: { alreadySetUp: boolean }) {
  return <QueryProvider>{props.alreadySetUp ? <AlreadySetUp /> : <ContinueToPayment />}</QueryProvider>;
}

function AlreadySetUp() {
  useEffect(() => {
    const timer = setTimeout(() => window.location.replace("/dashboard"), ALREADY_SET_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-sm text-base-content/75">
      <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      Taking you to your dashboard...
    </p>
  );
}

function ContinueToPayment() {
  const hydrated = useHydrated();
  const checkout = useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ sessionUrl }) => {
      if (sessionUrl) {
        window.location.assign(sessionUrl);
        return;
      }
      toast({ title: "Checkout error", description: "Failed to create checkout session. Please try again.", variant: "destructive" });
    },
    onError: async (error) => {
      if (await followGuard(error)) return;
      toast(failureToastWithTitle(error, "Setup failed", "Failed to initialize payment. Please try again."));
    },
  });
  // Busy until the browser has left for the checkout page, not just until the answer came.
  const busy = checkout.isPending || (checkout.isSuccess && Boolean(checkout.data?.sessionUrl));

  return (
    <button
      type="button"
      className="btn btn-primary btn-lg w-full"
      disabled={busy || !hydrated}
      aria-busy={busy || undefined}
      onClick={() => checkout.mutate()}
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon d={appIcons.lock} className="size-5" />}
      {busy ? "Redirecting to checkout..." : "Continue to Payment"}
    </button>
  );
}
