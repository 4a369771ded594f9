import { eq, or } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Tx } from "../../../db/client";
import { paymentEvents, users } from "../../../db/schema";
import type { Clock } from "../../clock";
import { HttpError } from "../../http-error";
import type { Logger } from "../../logger";
import type { BillingEvent, BillingProvider } from "../../providers/billing/billing-provider";
import type { EmailService } from "../email";
import type { BillingEmails } from "./billing-emails";
import { isLive, type User } from "./customer";
import { checkoutSessionObject, invoiceObject, subscriptionChanges, subscriptionObject } from "./stripe-events";
import { startPaid, startTrial } from "./subscription";
import type { TrialClaims } from "./trial-claims";

/** Stripe's webhooks: each event verified, then applied once, in one transaction with the emails it triggers. */
export function createWebhooks(deps: {
  database: Database;
  clock: Clock;
  logger: Logger;
  provider: BillingProvider;
  email: EmailService;
  trialClaims: TrialClaims;
  emails: BillingEmails;
}) {
  const { database, clock, logger, provider, email, trialClaims } = deps;
  const { sendTrialStarted, sendCancellation } = deps.emails;
  const db = database.db;
  const live = (user: User) => isLive(user, clock.now());

  /** Verifies a Stripe webhook and applies it once, in one transaction. Unknown types are acknowledged and ignored. */
  async function handleWebhook(payload: string, signature: string | null): Promise<{ applied: boolean }> {
    if (!provider.verifyWebhook) throw new HttpError(404, "Webhooks are only used with Stripe billing.");
    if (!signature) throw new HttpError(400, "Missing Stripe-Signature header.");
    const event = await provider.verifyWebhook(payload, signature);
    return db.transaction(async (tx) => {
      const [first] = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
      if (!first) return { applied: false }; // delivered before: Stripe retries, we apply once
      try {
        await applyEvent(event, tx);
      } catch (error) {
        if (error instanceof v.ValiError) {
          logger.warn("payment event with an unexpected shape ignored", { eventId: event.id, type: event.type, error: error.message });
          return { applied: false };
        }
        throw error;
      }
      return { applied: true };
    });
  }

  async function applyEvent(event: BillingEvent, tx: Tx) {
    switch (event.type) {
      case "checkout.session.completed": {
        const session = v.parse(checkoutSessionObject, event.object);
        const user = await findUser(tx, { customerId: session.customer ?? null, userId: session.client_reference_id ?? null });
        if (!user) return;
        // The checkout had a trial only if the user was eligible when it was made; checked again here.
        const starts = live(user) ? undefined : (await trialClaims.eligible(user, tx)) ? "trial" : "paid";
        const changes: Partial<User> = {
          billingCustomerId: session.customer ?? user.billingCustomerId,
          billingSubscriptionId: session.subscription ?? user.billingSubscriptionId,
          paymentMethodAdded: true,
          ...(starts === "trial" ? startTrial(event.created) : starts === "paid" ? startPaid(event.created, user.billingPeriodStart) : {}),
        };
        const [updated] = await tx.update(users).set(changes).where(eq(users.id, user.id)).returning();
        if (starts === "trial") {
          await trialClaims.claim(tx, updated!.email, event.created);
          await sendTrialStarted(updated!, tx);
        }
        return;
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const subscription = v.parse(subscriptionObject, event.object);
        const user = await findUser(tx, { customerId: subscription.customer, userId: subscription.metadata.userId ?? null });
        if (!user || isStale(user, event)) return;
        const { billingPeriodStart, ...changes } = subscriptionChanges(subscription, event.type === "customer.subscription.deleted");
        // The allowance's week counts from the anchor set when the trial or the paid period began
        // (checkout) and moved by renewals (invoice.paid below). A new subscription's period start
        // is a resubscription's, which must not hand out a fresh week: only a user without an
        // anchor takes it.
        const anchor = user.billingPeriodStart === null && billingPeriodStart ? { billingPeriodStart } : {};
        const [updated] = await tx
          .update(users)
          .set({ ...changes, ...anchor, billingEventAt: event.created })
          .where(eq(users.id, user.id))
          .returning();
        const endedNow = (s: string | null) => s === "cancelled" || s === "pending_cancellation";
        if (endedNow(updated!.subscriptionStatus) && !endedNow(user.subscriptionStatus)) await sendCancellation(updated!, tx);
        return;
      }
      case "customer.subscription.trial_will_end": {
        const subscription = v.parse(subscriptionObject, event.object);
        const user = await findUser(tx, { customerId: subscription.customer, userId: subscription.metadata.userId ?? null });
        if (!user || !subscription.trial_end) return;
        await tx.update(users).set({ trialEndingNotifiedAt: clock.now() }).where(eq(users.id, user.id));
        await email.sendEmail("trial-ending", user.email, { name: user.name, chargeAt: subscription.trial_end, timeZone: user.timezone }, { on: tx });
        return;
      }
      case "invoice.paid":
      case "invoice.payment_failed": {
        const invoice = v.parse(invoiceObject, event.object);
        const user = await findUser(tx, { customerId: invoice.customer, userId: null });
        if (!user || isStale(user, event)) return;
        if (event.type === "invoice.payment_failed") {
          await tx.update(users).set({ subscriptionStatus: "past_due", billingEventAt: event.created }).where(eq(users.id, user.id));
          return;
        }
        const linePeriod = invoice.lines?.data[0]?.period;
        // A paid invoice makes the subscription active again, except one already set to end.
        const status = user.subscriptionStatus === "pending_cancellation" ? "pending_cancellation" : "active";
        await tx
          .update(users)
          .set({
            subscriptionStatus: status,
            paymentMethodAdded: true,
            billingEventAt: event.created,
            ...(linePeriod ? { currentPeriodEnd: linePeriod.end } : {}),
            // A new period (a renewal, or the first charge after the trial) starts a new week; the
            // first invoice of a resubscription does not.
            ...(linePeriod && (invoice.billing_reason === "subscription_cycle" || user.billingPeriodStart === null)
              ? { billingPeriodStart: linePeriod.start }
              : {}),
          })
          .where(eq(users.id, user.id));
        return;
      }
      default:
        logger.debug("payment event ignored", { eventId: event.id, type: event.type });
    }
  }

  /** Events can arrive out of order: one older than the last applied state change changes nothing. */
  const isStale = (user: User, event: BillingEvent) => user.billingEventAt !== null && event.created < user.billingEventAt;

  async function findUser(tx: Tx, by: { customerId: string | null; userId: string | null }): Promise<User | undefined> {
    const conditions = [
      ...(by.customerId ? [eq(users.billingCustomerId, by.customerId)] : []),
      ...(by.userId && /^[0-9a-f-]{36}$/i.test(by.userId) ? [eq(users.id, by.userId)] : []),
    ];
    if (conditions.length === 0) return undefined;
    const [user] = await tx
      .select()
      .from(users)
      .where(or(...conditions))
      .for("update");
    if (!user) logger.warn("payment event for an unknown customer", by);
    return user;
  }

  return { handleWebhook };
}
