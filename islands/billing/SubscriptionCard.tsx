import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { guardRedirect, normaliseStatus } from "../../src/shared/guard";
import { formatLongDate } from "../../src/shared/format-date";
import { cancelSubscription, type CurrentUser, fetchUser, queryKeys } from "../api";
import { useHydrated } from "../ui/auth-ui";
import { ConfirmDialog, DismissButton } from "../ui/confirm-dialog";
import { subscriptionBadge, subscriptionDateLine } from "./billing";
import { failureToastWithTitle } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { MonthlyPrice, PlanFeatureList } from "./plan-display";
import { QueryProvider } from "../query-client";
import { type ToastInput, toast, toastAfterNavigation } from "../ui/toast-store";

export type SubscriptionCardProps = {
  user: CurrentUser;
  /** End of the paid period (the next charge) for an active subscription; GET /api/user does not carry it. */
  renewsAt: string | null;
  features: readonly string[];
  productName: string;
};

/**
 * Settings' Subscription card (SPEC.md "Settings", section 4): price, status badge, date line,
 * what the plan includes, and Cancel Subscription (trialing or active only) behind a confirm dialog.
 */
export default function SubscriptionCard(props: SubscriptionCardProps) {
  return (
    <QueryProvider>
      <Subscription {...props} />
    </QueryProvider>
  );
}

/** What the date line means for the user's money, under it. */
function dateNote(status: string | null): string | null {
  if (status === "trialing") return "Your first charge is on that date. We email you before it, and you can cancel until then.";
  if (status === "active") return "Billed monthly on the card you added. Cancel anytime; you keep access to the end of the month you paid for.";
  if (status === "pending_cancellation") return "Your subscription is cancelled and you will not be charged again. Everything works until then.";
  return null;
}

function Subscription({ user: initialUser, renewsAt, features, productName }: SubscriptionCardProps) {
  const id = useId();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const { data: user } = useQuery({ queryKey: queryKeys.user, queryFn: fetchUser, initialData: initialUser });
  const status = normaliseStatus(user.subscriptionStatus);
  const badge = subscriptionBadge(status);
  const dateLine = subscriptionDateLine({ ...user, renewsAt: status === "active" ? renewsAt : null }, user.timezone);
  const note = dateNote(status);
  const canCancel = status === "trialing" || status === "active";
  const trial = status === "trialing";

  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: ({ user: updated }) => {
      dialog.current?.close();
      queryClient.setQueryData(queryKeys.user, updated);
      // SPEC.md section 7: after a subscription change the posts, stats, upcoming and me data are refreshed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      const ended = updated.subscriptionEndDate ? formatLongDate(updated.subscriptionEndDate, updated.timezone) : null;
      const done: ToastInput = {
        title: "Subscription cancelled",
        description:
          updated.subscriptionStatus === "pending_cancellation" && ended
            ? `You keep access until ${ended}. You will not be charged again.`
            : "Your trial has ended and you will not be charged.",
      };
      // A cancelled trial ends access at once: the guard sends the user on, and the toast goes with them.
      const destination = guardRedirect({ user: updated }, new Date());
      if (destination) {
        toastAfterNavigation(done);
        window.location.assign(destination);
        return;
      }
      toast(done);
    },
    onError: async (error) => {
      // Closed first: while the modal dialog is open the toast region is inert and unheard.
      dialog.current?.close();
      if (await followGuard(error)) return;
      toast(failureToastWithTitle(error, "Error", "Failed to cancel subscription. Please try again."));
    },
  });
  const busy = cancel.isPending;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-4 rounded-box border border-base-300 bg-base-200/60 p-4 sm:p-5">
        <div>
          <p className="font-semibold">{`${productName} Pro`}</p>
          <MonthlyPrice amountClassName="text-3xl" className="mt-1 flex items-baseline gap-1" />
        </div>
        <span className={`badge shrink-0 font-medium ${badge.className}`} data-subscription-status={status ?? ""}>
          {badge.label}
        </span>
      </div>

      {dateLine && (
        <div className="flex gap-3">
          <Icon d={appIcons.calendar} className="mt-0.5 size-5 shrink-0 text-base-content/70" />
          <div>
            <p className="font-medium" data-subscription-date>
              {dateLine}
            </p>
            {note && <p className="mt-0.5 text-sm text-base-content/70">{note}</p>}
          </div>
        </div>
      )}

      <div>
        <h3 className="text-sm font-medium text-base-content/75">Your plan includes</h3>
        <PlanFeatureList
          features={features}
          className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2"
          itemClassName="flex gap-2"
          iconClassName="size-4 shrink-0 translate-y-0.5 text-success"
        />
      </div>

      {canCancel && (
        <div className="flex flex-col gap-3 border-t border-base-300 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-base-content/70">
            {trial ? "Cancelling a trial ends it now, with no charge." : "Cancelling stops renewal; you keep access to the end of this month."}
          </p>
          <button type="button" className="btn btn-outline btn-sm shrink-0" disabled={!hydrated} onClick={() => dialog.current?.showModal()}>
            Cancel Subscription
          </button>
        </div>
      )}

      <ConfirmDialog
        dialogRef={dialog}
        id={id}
        question="Cancel your subscription?"
        explanation={
          trial
            ? `Your free trial ends now and you lose access to ${productName} straight away. You will not be charged.`
            : `You keep access until ${renewsAt ? formatLongDate(renewsAt, user.timezone) : "the end of this billing period"}, and you will not be charged again. Partial months are not refunded.`
        }
      >
        <div className="modal-action">
          <DismissButton dialogRef={dialog} label="Keep Subscription" disabled={busy} />
          <button type="button" className="btn btn-error" onClick={() => cancel.mutate()} disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {busy ? "Cancelling..." : "Cancel Subscription"}
          </button>
        </div>
      </ConfirmDialog>
    </div>
  );
}
