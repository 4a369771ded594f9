/**
 * The sign-in guard of SPEC.md section 4, in one place: the server applies it before rendering
 * a signed-in page, and the islands apply it when an API call fails. Pure: no I/O, no imports,
 * so both the server and the browser bundle use this same file.
 */

export type GuardUser = {
  paymentMethodAdded: boolean;
  subscriptionStatus: string | null;
  subscriptionEndDate: string | Date | null;
  trialEnd: string | Date | null;
};

/** What loading the user gave: the user, or the failure (its message and subscriptionExpired flag). */
export type GuardInput = { user: GuardUser | null } | { error: { message?: string; subscriptionExpired?: boolean } };

/** Where a signed-in page must send the visitor instead, or null to let them in. Rules in the spec's order. */
export function guardRedirect(input: GuardInput, now: Date): string | null {
  if ("error" in input) {
    const message = (input.error.message ?? "").toLowerCase();
    // 1. A failure about the subscription
    if (input.error.subscriptionExpired || message.includes("subscription") || message.includes("expired")) return "/subscription-expired";
    // 2. Any other failure
    return "/login";
  }
  const user = input.user;
  if (!user) return "/login"; // 2. No user
  if (!user.paymentMethodAdded) return "/payment-setup"; // 3.
  const status = normaliseStatus(user.subscriptionStatus);
  if (status === "cancelled") return "/subscription-expired"; // 4.
  if (status === "pending_cancellation" && isPast(user.subscriptionEndDate, now)) return "/subscription-expired"; // 5.
  if (status === "trialing" && isPast(user.trialEnd, now)) return "/subscription-expired"; // 6.
  if (status === "past_due" || status === "unpaid") return "/subscription-expired"; // 7.
  return null;
}

/** Legacy 'trial' reads as 'trialing' (SPEC.md section 4). */
export function normaliseStatus(status: string | null): string | null {
  return status === "trial" ? "trialing" : status;
}

function isPast(date: string | Date | null, now: Date): boolean {
  if (!date) return false;
  return new Date(date).getTime() <= now.getTime();
}
