import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import type { Clock } from "../../clock";
import type { BillingProvider } from "../../providers/billing/billing-provider";
import type { EmailService } from "../email";
import type { User } from "./customer";
import { nextDemoStep } from "./subscription";

/** The demo provider's clock: trials end and months renew by the app's own clock, with nothing configured. */
export function createDemoClock(deps: { database: Database; clock: Clock; provider: BillingProvider; email: EmailService }) {
  const { database, clock, provider, email } = deps;
  const db = database.db;

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

  return { advanceDemo, advanceDemoFor };
}
