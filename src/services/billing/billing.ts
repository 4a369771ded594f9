import { eq, inArray, or } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Tx } from "../../../db/client";
import { paymentEvents, users } from "../../../db/schema";
import type { Clock } from "../../clock";
import { HttpError } from "../../http-error";
import type { Logger } from "../../logger";
import type { BillingCustomer, BillingEvent, BillingProvider } from "../../providers/billing/billing-provider";
import type { EmailService } from "../email";
import { checkoutSessionObject, invoiceObject, subscriptionChanges, subscriptionObject } from "./stripe-events";
import { guardRedirect } from "../../shared/guard";
import { type BillingFields, cancel, nextDemoStep, startPaid, startTrial } from "./subscription";
import type { TrialClaims } from "./trial-claims";

type User = typeof users.$inferSelect;

/**
 * The subscription lifecycle: checkout, the embedded payment form, cancellation, Stripe's
 * webhooks and the demo provider's clock. Every change to a user's billing fields happens in one
 * transaction with the emails it triggers (trial started, trial ending, cancellation).
 */
export function createBillingService(deps: { database: Database; clock: Clock; logger: Logger; provider: BillingProvider; email: EmailService; trialClaims: TrialClaims }) {
  const { database, clock, logger, provider, email, trialClaims } = deps;
  const db = database.db;

  const customerOf = (user: User): BillingCustomer => ({
    id: user.id,
    email: user.email,
    name: user.name,
    billingCustomerId: user.billingCustomerId,
    billingSubscriptionId: user.billingSubscriptionId,
  });

  // "Live" means what the guard means by it, so the API never refuses a checkout to someone the
  // guard has just sent to /subscription-expired (e.g. a trial past its end, awaiting a webhook).
  const live = (user: User) => guardRedirect({ user }, clock.now()) === null;

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
      const [resumed] = await db.update(users).set({ subscriptionStatus: "active", subscriptionEndDate: null, updatedAt: clock.now() }).where(eq(users.id, user.id)).returning();
      return resumed!;
    }
    if (live(user)) return user;
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
      if (!(await trialClaims.eligible(locked!, tx))) {
        const [paid] = await tx.update(users).set({ ...startPaid(now, locked!.billingPeriodStart), updatedAt: now }).where(eq(users.id, user.id)).returning();
        return paid!;
      }
      const [updated] = await tx.update(users).set({ ...startTrial(now), updatedAt: now }).where(eq(users.id, user.id)).returning();
      await trialClaims.claim(tx, updated!.email, now);
      await sendTrialStarted(updated!, tx);
      return updated!;
    });
  }

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
      const [updated] = await tx.update(users).set({ ...changes, updatedAt: clock.now() }).where(eq(users.id, user.id)).returning();
      await sendCancellation(updated!, tx);
      return updated!;
    });
  }

  /** Account deletion: stop any charge at the provider at once; the rows go with the account. */
  async function cancelForDeletion(user: User): Promise<void> {
    if (user.billingSubscriptionId && live(user)) await provider.cancelSubscription(customerOf(user), "now");
  }

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
        const [updated] = await tx.update(users).set({ ...changes, ...anchor, billingEventAt: event.created }).where(eq(users.id, user.id)).returning();
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
            ...(linePeriod && (invoice.billing_reason === "subscription_cycle" || user.billingPeriodStart === null) ? { billingPeriodStart: linePeriod.start } : {}),
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
    const [user] = await tx.select().from(users).where(or(...conditions)).for("update");
    if (!user) logger.warn("payment event for an unknown customer", by);
    return user;
  }

  /**
   * The demo provider's clock: ends trials (the "charge"), renews months, warns 3 days before
   * the first charge and ends cancelled subscriptions on their date. Pass a user id to advance
   * just that user (done whenever they load a page), or none for everyone (a timer in boot).
   */
  async function advanceDemo(userId?: string): Promise<number> {
    if (provider.name !== "demo") return 0;
    const candidates = await db
      .select()
      .from(users)
      .where(userId ? eq(users.id, userId) : inArray(users.subscriptionStatus, ["trialing", "trial", "active", "pending_cancellation"]));
    let steps = 0;
    for (const candidate of candidates) {
      if (!nextDemoStep(candidate, clock.now())) continue;
      steps += (await takeDemoSteps(candidate.id)).steps;
    }
    return steps;
  }

  /**
   * The signed-in user brought up to date on every request (the session's refresh): the demo
   * clock's next step is checked on the row already loaded, so a request with nothing to advance
   * (almost all of them) costs no query; otherwise the steps are taken and the updated row returned.
   */
  async function advanceDemoFor(user: User): Promise<User> {
    if (provider.name !== "demo" || !nextDemoStep(user, clock.now())) return user;
    return (await takeDemoSteps(user.id)).user ?? user;
  }

  /** Takes every due demo step for one user, under the row lock, so two instances cannot both take the same step. */
  async function takeDemoSteps(userId: string): Promise<{ steps: number; user: User | undefined }> {
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!user) return { steps: 0, user: undefined };
      let current = user;
      let steps = 0;
      for (let step = nextDemoStep(current, clock.now()); step; step = nextDemoStep(current, clock.now())) {
        const [updated] = await tx.update(users).set(step.changes).where(eq(users.id, current.id)).returning();
        if (step.event === "trial-ending") {
          await email.sendEmail("trial-ending", current.email, { name: current.name, chargeAt: current.trialEnd!, timeZone: current.timezone }, { on: tx });
        }
        current = updated!;
        steps++;
      }
      return { steps, user: current };
    });
  }

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

  return {
    provider: provider.name,
    createCheckoutSession,
    createSubscription,
    completeDemoCheckout,
    cancelSubscription,
    cancelForDeletion,
    handleWebhook,
    advanceDemo,
    advanceDemoFor,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
export type { BillingFields };
