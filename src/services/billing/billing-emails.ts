import type { Tx } from "../../../db/client";
import type { EmailService } from "../email";
import type { User } from "./customer";

/** The emails a subscription change sends, on the transaction of the change (checkout, webhooks, cancelling). */
export function createBillingEmails(email: EmailService) {
  async function sendTrialStarted(user: User, tx: Tx) {
    if (!user.trialEnd) return;
    await email.sendEmail("trial-started", user.email, { name: user.name, trialEndsAt: user.trialEnd, timeZone: user.timezone }, { on: tx });
  }

  async function sendCancellation(user: User, tx: Tx) {
    const props =
      user.subscriptionStatus === "pending_cancellation" && user.subscriptionEndDate
        ? ({ cancelledDuring: "paid", name: user.name, accessEndsAt: user.subscriptionEndDate, timeZone: user.timezone } as const)
        : ({ cancelledDuring: "trial", name: user.name } as const);
    await email.sendEmail("cancellation", user.email, props, { on: tx });
  }

  return { sendTrialStarted, sendCancellation };
}

export type BillingEmails = ReturnType<typeof createBillingEmails>;
