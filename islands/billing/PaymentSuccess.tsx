import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, fetchUser, queryKeys } from "../api";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { QueryProvider } from "../query-client";

// SPEC.md section 9: the user is polled every 2 s; once the card is on file, 2 s more and on to the dashboard.
export const POLL_INTERVAL_MS = 2_000;
export const REDIRECT_DELAY_MS = 2_000;

/**
 * /payment-success (SPEC.md "Payment success"). The provider tells us about the new payment
 * method on its own schedule (Stripe's webhook), so the page asks GET /api/user until it shows.
 */
export default function PaymentSuccess() {
  return (
    <QueryProvider>
      <Confirmation />
    </QueryProvider>
  );
}

function Confirmation() {
  const user = useQuery({
    queryKey: queryKeys.user,
    queryFn: fetchUser,
    refetchInterval: (query) => (query.state.data?.paymentMethodAdded ? false : POLL_INTERVAL_MS),
  });
  const confirmed = user.data?.paymentMethodAdded === true;

  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(() => window.location.assign("/dashboard"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [confirmed]);

  useEffect(() => {
    // Signed out (or the session ended) while waiting: the guard says where to go.
    if (user.error instanceof ApiError && user.error.status === 401) void followGuard(user.error);
  }, [user.error]);

  return (
    <div className="flex flex-col items-center gap-5">
      <p role="status" className="flex min-h-6 items-center gap-2 text-sm text-base-content/75">
        {confirmed ? (
          <>
            <Icon d={appIcons.check} className="size-4 text-success" />
            Redirecting to dashboard...
          </>
        ) : (
          <>
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            {user.isError ? "Still confirming your payment method. Checking again shortly..." : "Confirming your payment method..."}
          </>
        )}
      </p>
      <a href="/dashboard" className="btn btn-primary w-full sm:w-auto">
        Go to Dashboard Now
        <Icon d={appIcons.arrowRight} className="size-4" />
      </a>
    </div>
  );
}
