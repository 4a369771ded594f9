import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import type { Clock } from "../../clock";
import { HttpError } from "../../http-error";
import type { BillingProvider } from "../../providers/billing/billing-provider";
import type { BillingEmails } from "./billing-emails";
import { customerOf, isLive, type User } from "./customer";
import { startPaid, startTrial } from "./subscription";
import type { TrialClaims } from "./trial-claims";

/** Subscribing: Stripe's checkout, the embedded payment form, and the demo provider's local checkout. */
export function createSubscribing(deps: { database: Database; clock: Clock; provider: BillingProvider; trialClaims: TrialClaims; emails: BillingEmails }) {
  const { database, clock, provider, trialClaims } = deps;
  const { sendTrialStarted } = deps.emails;
  const db = database.db;
  const live = (user: User) => isLive(user, clock.now());

  async function createCheckoutSession(user: User): Promise<{ sessionUrl: string }> {
    if (live(user)) throw new HttpError(409, "Your payment method is already set up.");
    // One trial per person: a returning subscriber's checkout has none and charges at once.
    const { sessionUrl, customerId } = await provider.createCheckoutSession(customerOf(user), { trial: await trialClaims.eligible(user) });
    if (customerId && customerId !== user.billingCustomerId) await db.update(users).set({ billingCustomerId: customerId }).where(eq(users.id, user.id));
    return { sessionUrl };
  }

  async function createSubscription(user: User): Promise<{ clientSecret: string; provider: "stripe" | "demo" }> {
    if (live(user) && user.subscriptionStatus !== "pending_cancellation") throw new HttpError(409, "You already have an active subscription.");
    const result = await provider.createSubscription(customerOf(user));
    if (result.customerId || result.subscriptionId) {
      await db
        .update(users)
        .set({ billingCustomerId: result.customerId ?? user.billingCustomerId, billingSubscriptionId: result.subscriptionId ?? user.billingSubscriptionId })
        .where(eq(users.id, user.id));
    }
    return { clientSecret: result.clientSecret, provider: provider.name };
  }

  /** Demo provider only: the local checkout was confirmed, so the trial starts now. */
  async function completeDemoCheckout(user: User): Promise<User> {
    if (provider.name !== "demo") throw new HttpError(404, "There is no demo checkout while real billing is on.");
    if (user.subscriptionStatus === "pending_cancellation" && live(user)) {
      // Subscribing again before the paid period ends simply takes back the cancellation.
      const [resumed] = await db
        .update(users)
        .set({ subscriptionStatus: "active", subscriptionEndDate: null, updatedAt: clock.now() })
        .where(eq(users.id, user.id))
        .returning();
      return resumed!;
    }
    if (live(user)) return user;
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
      if (!(await trialClaims.eligible(locked!, tx))) {
        const [paid] = await tx
          .update(users)
          .set({ ...startPaid(now, locked!.billingPeriodStart), updatedAt: now })
          .where(eq(users.id, user.id))
          .returning();
        return paid!;
      }
      const [updated] = await tx
        .update(users)
        .set({ ...startTrial(now), updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      await trialClaims.claim(tx, updated!.email, now);
      await sendTrialStarted(updated!, tx);
      return updated!;
    });
  }

  return { createCheckoutSession, createSubscription, completeDemoCheckout };
}
