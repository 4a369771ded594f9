import { useMutation } from "@tanstack/react-query";
import { PRICE_LABEL } from "../../src/shared/pricing";
import { completeDemoCheckout } from "../api";
import { useHydrated } from "../ui/auth-ui";
import { DemoCardForm } from "./demo-card-form";
import { failureToast } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { QueryProvider } from "../query-client";
import { toast } from "../ui/toast-store";

/**
 * The demo provider's stand-in for a hosted checkout (PRODUCT.md "Billing"): confirming starts
 * the 7-day trial, then the browser goes where a real checkout returns to, /payment-success.
 */
export default function DemoCheckout({ trial = true }: { trial?: boolean }) {
  return (
    <QueryProvider>
      <Checkout trial={trial} />
    </QueryProvider>
  );
}

/** trial: false for a returning subscriber (one trial per person), whose subscription starts paid. */
function Checkout({ trial }: { trial: boolean }) {
  const hydrated = useHydrated();
  const complete = useMutation({
    mutationFn: completeDemoCheckout,
    onSuccess: () => window.location.assign("/payment-success"),
    onError: async (error) => {
      if (await followGuard(error)) return;
      // The checkout failures of SPEC.md section 8, as on /payment-setup.
      toast(failureToast(error, "Setup failed", "Failed to initialize payment. Please try again."));
    },
  });

  return (
    <DemoCardForm
      label={trial ? "Start 7-day trial" : `Subscribe for ${PRICE_LABEL}`}
      busyLabel={trial ? "Starting your trial..." : "Starting your subscription..."}
      busy={complete.isPending || complete.isSuccess}
      disabled={!hydrated}
      onSubmit={() => complete.mutate()}
    />
  );
}
