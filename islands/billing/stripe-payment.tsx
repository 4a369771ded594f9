import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
// The "pure" entry loads Stripe.js only when loadStripe is called; the main entry would add
// the script to every page this chunk reaches the moment it is imported.
import { loadStripe } from "@stripe/stripe-js/pure";
import { type FormEvent, useEffect, useState } from "react";
import { guardRedirect } from "../../src/shared/guard";
import { fetchUser } from "../api";
import { appIcons, Icon } from "../ui/icons";
import { toast, toastAfterNavigation, type ToastInput } from "../ui/toast-store";

/**
 * The Stripe half of /subscribe: loads Stripe.js, mounts the Payment Element with the
 * subscription's clientSecret, and confirms the payment in the browser (return_url /dashboard).
 * When Stripe.js cannot load (offline, a blocker, js.stripe.com unreachable) it says so plainly
 * instead of leaving an empty box.
 */

type Loaded = { state: "loading" } | { state: "ready"; stripe: Stripe } | { state: "failed" };

// Stripe reports the payment by webhook, usually within seconds. Going to the dashboard before
// that lands would bounce a returning subscriber to /subscription-expired, so we wait a little.
const ACTIVATION_POLLS = 10;
const ACTIVATION_POLL_MS = 1_500;

export function StripePayment({ publishableKey, clientSecret, success }: { publishableKey: string | null; clientSecret: string; success: ToastInput }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: Try again loads Stripe.js anew
  useEffect(() => {
    if (!publishableKey) return;
    let current = true;
    setLoaded({ state: "loading" });
    loadStripe(publishableKey)
      .then((stripe) => current && setLoaded(stripe ? { state: "ready", stripe } : { state: "failed" }))
      .catch(() => current && setLoaded({ state: "failed" }));
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  // The PaymentIntent's id (the secret's part before "_secret_") names what this form pays, without exposing the secret.
  const intent = clientSecret.split("_secret_")[0];
  return (
    <div data-payment-element={intent} className="min-h-56">
      {!publishableKey ? (
        <PaymentUnavailable
          title="Card payments are not available right now"
          text="The payment form has not been set up on this server yet. Please try again later or contact support."
        />
      ) : loaded.state === "failed" ? (
        <PaymentUnavailable
          title="The secure payment form could not load"
          text="We could not reach Stripe, our payment provider, so the card form cannot be shown. Check your internet connection, allow js.stripe.com if a content blocker is on, then try again."
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : loaded.state === "loading" ? (
        <PaymentSkeleton />
      ) : (
        <Elements stripe={loaded.stripe} options={{ clientSecret, appearance: { theme: isDark() ? "night" : "stripe" } }}>
          <PaymentForm success={success} />
        </Elements>
      )}
    </div>
  );
}

function isDark(): boolean {
  return typeof document !== "undefined" && document.documentElement.dataset.theme === "dark";
}

function PaymentForm({ success }: { success: ToastInput }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: new URL("/dashboard", window.location.origin).href },
      // Cards settle here; methods that need a bank's page go there and come back to return_url.
      redirect: "if_required",
    });
    if (error) {
      setBusy(false);
      toast({ title: "Payment Failed", description: error.message ?? "Your payment could not be completed.", variant: "destructive" });
      return;
    }
    await waitForActivation();
    toastAfterNavigation(success);
    window.location.assign("/dashboard");
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={submit}>
      <PaymentElement onReady={() => setReady(true)} />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={!stripe || !ready || busy} aria-busy={busy || undefined}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon d={appIcons.lock} className="size-5" />}
        {busy ? "Processing payment..." : "Subscribe"}
      </button>
    </form>
  );
}

async function waitForActivation() {
  for (let poll = 0; poll < ACTIVATION_POLLS; poll++) {
    try {
      if (guardRedirect({ user: await fetchUser() }, new Date()) === null) return;
    } catch {
      return; // the dashboard's own guard will deal with it
    }
    await new Promise((resolve) => setTimeout(resolve, ACTIVATION_POLL_MS));
  }
}

function PaymentSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4" aria-label="Loading the secure payment form">
      <div className="skeleton h-4 w-24" />
      <div className="skeleton h-11 w-full" />
      <div className="grid grid-cols-2 gap-4">
        <div className="skeleton h-11" />
        <div className="skeleton h-11" />
      </div>
      <div className="skeleton mt-2 h-12 w-full" />
    </div>
  );
}

function PaymentUnavailable({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-box border border-dashed border-error/50 bg-error/5 px-5 py-8 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-error/15 text-error">
        <Icon d={appIcons.alert} className="size-6" />
      </span>
      <h3 className="mt-4 font-semibold">{title}</h3>
      <p className="mt-1 max-w-sm text-sm text-base-content/75 text-pretty">{text}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        {onRetry && (
          <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
            Try again
          </button>
        )}
        <a href="/contact" className="btn btn-ghost btn-sm">
          Contact support
        </a>
      </div>
    </div>
  );
}
