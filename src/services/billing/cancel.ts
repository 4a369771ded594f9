import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import type { Clock } from "../../clock";
import { HttpError } from "../../http-error";
import type { BillingProvider } from "../../providers/billing/billing-provider";
import type { BillingEmails } from "./billing-emails";
import { customerOf, isLive, type User } from "./customer";
import { cancel } from "./subscription";

/** Cancelling: by the user (Settings), or at once when the account is deleted. */
export function createCancelling(deps: { database: Database; clock: Clock; provider: BillingProvider; emails: BillingEmails }) {
  const { database, clock, provider } = deps;
  const { sendCancellation } = deps.emails;
  const db = database.db;
  const live = (user: User) => isLive(user, clock.now());

  /**
   * Idempotent: the row is locked while the provider is told, so of several cancels at once (a
   * double click, two tabs) one cancels and sends the email; the others find it done and answer
   * the same. The provider's call sits inside the lock so it is made once too.
   */
  async function cancelSubscription(user: User): Promise<User> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
      const status = locked!.subscriptionStatus === "trial" ? "trialing" : locked!.subscriptionStatus;
      if (status === "cancelled" || status === "pending_cancellation") return locked!;
      if (status !== "trialing" && status !== "active") throw new HttpError(409, "Only a trial or an active subscription can be cancelled.");
      const changes = cancel(locked!, clock.now());
      await provider.cancelSubscription(customerOf(locked!), status === "trialing" ? "now" : "period-end");
      const [updated] = await tx
        .update(users)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(users.id, user.id))
        .returning();
      await sendCancellation(updated!, tx);
      return updated!;
    });
  }

  /** Account deletion: stop any charge at the provider at once; the rows go with the account. */
  async function cancelForDeletion(user: User): Promise<void> {
    if (user.billingSubscriptionId && live(user)) await provider.cancelSubscription(customerOf(user), "now");
  }

  return { cancelSubscription, cancelForDeletion };
}
