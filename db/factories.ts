import { eq } from "drizzle-orm";
import type { Db, Tx } from "./client";
import { postSaves, posts, sources, users } from "./schema";

/**
 * Rows as the app itself would have made them, for tests and for `bun run seed`: a user in each
 * billing state, a source with its plan, a post in each status. They write straight to the
 * database (the services' rules are what the tests are for), but every row is one the services
 * could have produced: a saved post has its save counted, a scheduled post a future time, a
 * posted one a posting time.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The billing states SPEC.md's guard tells apart: `new` (no payment method yet), `trialing`,
 * `active`, `cancelling` (cancelled, paid until the end of the period), `expired` (access ended)
 * and `past_due` (a failed renewal: access stops until it is paid).
 */
export const BILLING_STATES = ["new", "trialing", "active", "cancelling", "expired", "past_due"] as const;
export type BillingState = (typeof BILLING_STATES)[number];

export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type SourceRow = typeof sources.$inferSelect;

/** The billing columns of a user in `state` at `now`, as the demo provider would have left them. */
export function billingFields(state: BillingState, now: Date): Partial<typeof users.$inferInsert> {
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  switch (state) {
    case "new":
      return { paymentMethodAdded: false, subscriptionStatus: null };
    case "trialing":
      return {
        paymentMethodAdded: true,
        subscriptionStatus: "trialing",
        billingPeriodStart: daysFromNow(-2),
        trialEnd: daysFromNow(5),
        currentPeriodEnd: daysFromNow(5),
      };
    case "active":
      return { paymentMethodAdded: true, subscriptionStatus: "active", billingPeriodStart: daysFromNow(-10), currentPeriodEnd: daysFromNow(20) };
    case "cancelling":
      return {
        paymentMethodAdded: true,
        subscriptionStatus: "pending_cancellation",
        billingPeriodStart: daysFromNow(-10),
        currentPeriodEnd: daysFromNow(20),
        subscriptionEndDate: daysFromNow(20),
      };
    case "expired":
      return {
        paymentMethodAdded: true,
        subscriptionStatus: "cancelled",
        billingPeriodStart: daysFromNow(-40),
        currentPeriodEnd: daysFromNow(-10),
        subscriptionEndDate: daysFromNow(-10),
      };
    case "past_due":
      return { paymentMethodAdded: true, subscriptionStatus: "past_due", billingPeriodStart: daysFromNow(-31), currentPeriodEnd: daysFromNow(-1) };
  }
}

export type UserOptions = Partial<typeof users.$inferInsert> & {
  billing?: BillingState;
  /** A real password (argon2id, as signup stores it); without one the account cannot log in. */
  password?: string;
  now?: Date;
};

/** A user in a billing state (`active` unless told), with a unique address unless one is given. */
export async function makeUser(db: Db | Tx, options: UserOptions = {}): Promise<UserRow> {
  const { billing = "active", password, now = new Date(), ...overrides } = options;
  const passwordHash = password ? await Bun.password.hash(password, { algorithm: "argon2id" }) : "no password: made by a factory";
  const [user] = await db
    .insert(users)
    .values({
      email: `writer-${crypto.randomUUID()}@example.com`,
      name: "Wren Writer",
      passwordHash,
      createdAt: new Date(now.getTime() - 30 * DAY_MS),
      ...billingFields(billing, now),
      ...overrides,
    })
    .returning();
  return user!;
}

/**
 * A pasted article and the plan made from it (a finished generation), or a source still waiting for its plan.
 * `plan` is the column's own type (a strategist Plan, as the generate-plan job stores it): db/ imports nothing from src/.
 */
export async function makeSource(
  db: Db | Tx,
  user: Pick<UserRow, "id">,
  options: { contentText?: string; contentUrl?: string | null; plan?: SourceRow["plan"]; createdAt?: Date } = {},
): Promise<SourceRow> {
  const [source] = await db
    .insert(sources)
    .values({
      userId: user.id,
      contentText: options.contentText ?? "An article the plan was made from.",
      contentUrl: options.contentUrl ?? null,
      contentType: "blog",
      plan: options.plan ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return source!;
}

export type PostOptions = {
  status?: "draft" | "scheduled" | "posted";
  content?: string;
  source?: Pick<SourceRow, "id">;
  /** Which post of its plan, with the plan's recommendation and reasoning. */
  planned?: { postOrder: string; postType: string; recommendedDay: string; recommendedTime: string; strategyExplanation: string };
  /** Scheduled posts: when (a day ahead unless told). */
  scheduledTime?: Date;
  /** Posted posts: when it went out (a day ago unless told), and the user's results if recorded. */
  postedAt?: Date;
  results?: { impressions: number; reactions: number; comments: number };
  linkedinUrl?: string | null;
  now?: Date;
};

/** A saved post in a status (a draft unless told), its save counted in the allowance as Save does. */
export async function makePost(db: Db | Tx, user: Pick<UserRow, "id">, options: PostOptions = {}): Promise<PostRow> {
  const { status = "draft", now = new Date() } = options;
  const content = options.content ?? "Ship small, ship often.\nWhy small releases win, and what they cost.";
  const savedAt = options.postedAt && options.postedAt < now ? new Date(options.postedAt.getTime() - DAY_MS) : now;
  const [post] = await db
    .insert(posts)
    .values({
      userId: user.id,
      sourceId: options.source?.id ?? null,
      content,
      hook: content.split("\n")[0]!.slice(0, 200),
      ...(options.planned ?? {}),
      status,
      scheduledTime: status === "scheduled" ? (options.scheduledTime ?? new Date(now.getTime() + DAY_MS)) : null,
      postedAt: status === "posted" ? (options.postedAt ?? new Date(now.getTime() - DAY_MS)) : null,
      linkedinUrl: status === "posted" ? (options.linkedinUrl ?? null) : null,
      ...(status === "posted" && options.results ? { ...options.results, resultsRecordedAt: now } : {}),
      createdAt: savedAt,
      updatedAt: savedAt,
    })
    .returning();
  await db.insert(postSaves).values({ userId: user.id, createdAt: savedAt });
  return post!;
}

/** The user as stored now (after factories or the app changed it). */
export async function reloadUser(db: Db | Tx, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user!;
}
