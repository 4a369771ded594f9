import type { users } from "../../../db/schema";
import type { BillingCustomer } from "../../providers/billing/billing-provider";
import { guardRedirect } from "../../shared/guard";

export type User = typeof users.$inferSelect;

/** The user as the billing provider knows them. */
export const customerOf = (user: User): BillingCustomer => ({
  id: user.id,
  email: user.email,
  name: user.name,
  billingCustomerId: user.billingCustomerId,
  billingSubscriptionId: user.billingSubscriptionId,
});

// "Live" means what the guard means by it, so the API never refuses a checkout to someone the
// guard has just sent to /subscription-expired (e.g. a trial past its end, awaiting a webhook).
export const isLive = (user: User, now: Date) => guardRedirect({ user }, now) === null;
