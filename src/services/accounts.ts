import { and, asc, count, eq, getTableColumns, gt, isNull, min, sql } from "drizzle-orm";
import * as v from "valibot";
import { personNameSchema } from "./person-name";
import { isValidTimezone } from "../shared/timezones";
import type { Database } from "../../db/client";
import { carousels, posts, sessions, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import type { EmailService } from "./email";
import { type Scheduling, upcomingScheduled } from "./scheduling";

/**
 * Accounts and sessions: sign up, sign in, sign out, the signed-in user, profile, export and
 * deletion. Passwords are argon2id hashes (Bun.password); a session is a row the cookie's JWT
 * names, so signing out or resetting a password really ends access.
 */

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

/** Trimmed and lower-cased, so one address means one account however it is typed. */
export const emailSchema = v.pipe(
  v.string("Email is required."),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("Email is required."),
  v.maxLength(254, "Email is too long."),
  v.email("Please enter a valid email address."),
);

// argon2 work grows with input: cap it so a megabyte "password" cannot tie up the server.
const MAX_PASSWORD = 200;

export const signupSchema = v.object({
  name: personNameSchema,
  email: emailSchema,
  /** The browser's zone (Intl), so times are right from the first page; one that is not an IANA zone is ignored (the default stays). */
  timezone: v.optional(v.pipe(v.string("Timezone must be text."), v.trim(), v.maxLength(64, "Timezone must be at most 64 characters."))),
  password: v.pipe(
    v.string("Password is required."),
    v.minLength(6, "Password must be at least 6 characters long."),
    v.maxLength(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters.`),
  ),
});

export const loginSchema = v.object({
  email: v.pipe(v.string("Email is required."), v.trim(), v.toLowerCase(), v.nonEmpty("Email is required."), v.maxLength(254, "Email is too long.")),
  password: v.pipe(v.string("Password is required."), v.nonEmpty("Password is required."), v.maxLength(MAX_PASSWORD, "Invalid email or password.")),
});

/**
 * A bare handle, or a linkedin.com/in/ URL reduced to its handle. Empty means "no handle" (null);
 * anything else that is not a handle is invalid (undefined).
 */
export function normaliseLinkedinHandle(input: string): string | null | undefined {
  const trimmed = input.trim();
  if (trimmed === "") return null;
  const fromUrl = trimmed.match(/^(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/in\/([^/?#]+)\/?(?:[?#].*)?$/i);
  let handle = fromUrl ? fromUrl[1]! : trimmed.replace(/^@/, "");
  try {
    handle = decodeURIComponent(handle).trim();
  } catch {
    return undefined;
  }
  return /^[\p{L}\p{N}_-]{3,100}$/u.test(handle) ? handle : undefined;
}

/** What a timezone change does to scheduled posts: keep their times of day in the new zone, or their moments. */
export const ZONE_CHANGE_CHOICES = ["sameTimeOfDay", "sameMoment"] as const;

export const profileSchema = v.object({
  name: personNameSchema,
  timezone: v.pipe(v.string("Timezone is required."), v.trim(), v.check(isValidTimezone, "Please choose a valid timezone.")),
  // Asked for only when the timezone changes and scheduled posts are ahead (409 without it).
  scheduledPosts: v.optional(v.picklist(ZONE_CHANGE_CHOICES, "scheduledPosts must be 'sameTimeOfDay' or 'sameMoment'.")),
  linkedinHandle: v.optional(
    v.nullable(
      v.pipe(
        v.string("LinkedIn handle must be text."),
        v.maxLength(200, "LinkedIn handle is too long."),
        v.check((value) => normaliseLinkedinHandle(value) !== undefined, "Please enter a LinkedIn handle or a linkedin.com/in/ address."),
        v.transform((value) => normaliseLinkedinHandle(value) ?? null),
      ),
    ),
    null,
  ),
});

export type PublicUser = ReturnType<typeof guardFields>;

/** GET /api/user: the fields the guard and the app need (PRODUCT.md "Accounts and sessions"). */
export function guardFields(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    paymentMethodAdded: user.paymentMethodAdded,
    subscriptionStatus: user.subscriptionStatus === "trial" ? "trialing" : user.subscriptionStatus,
    subscriptionEndDate: user.subscriptionEndDate?.toISOString() ?? null,
    trialEnd: user.trialEnd?.toISOString() ?? null,
    timezone: user.timezone,
    linkedinHandle: user.linkedinHandle,
  };
}

/** GET /api/auth/me: the profile view of the user. */
export function meFields(user: UserRow) {
  const { paymentMethodAdded: _p, trialEnd: _t, ...me } = guardFields(user);
  return me;
}

// Posts per read while streaming an export.
const EXPORT_BATCH = 500;

export function createAccountsService(deps: { database: Database; clock: Clock; email: EmailService; scheduling: Pick<Scheduling, "keepTimesOfDay"> }) {
  const { database, clock, email, scheduling } = deps;
  const db = database.db;
  // Verified against when an email is unknown, so a wrong address costs as long as a wrong password.
  // Hashed off the main thread while the app starts, not in its way (a synchronous hash held boot for ~0.1-0.2 s).
  const decoyHash = Bun.password.hash("decoy password for timing", { algorithm: "argon2id" });

  async function signup(input: v.InferOutput<typeof signupSchema>): Promise<{ user: UserRow; sessionId: string }> {
    const passwordHash = await Bun.password.hash(input.password, { algorithm: "argon2id" });
    return db
      .transaction(async (tx) => {
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
        if (existing) throw new HttpError(409, "An account with this email already exists. Please sign in instead.");
        const timezone = input.timezone && isValidTimezone(input.timezone) ? { timezone: input.timezone } : {};
        const [user] = await tx
          .insert(users)
          .values({ name: input.name, email: input.email, passwordHash, ...timezone })
          .returning();
        const [session] = await tx
          .insert(sessions)
          .values({ userId: user!.id, expiresAt: new Date(clock.now().getTime() + SESSION_DAYS * DAY_MS) })
          .returning({ id: sessions.id });
        await email.sendEmail("welcome", user!.email, { name: user!.name }, { on: tx });
        return { user: user!, sessionId: session!.id };
      })
      .catch((error: unknown) => {
        // Two signups racing for one address: the unique index decides, the loser gets the same 409.
        if (error instanceof Error && /unique|duplicate/i.test(error.message)) {
          throw new HttpError(409, "An account with this email already exists. Please sign in instead.");
        }
        throw error;
      });
  }

  async function login(input: v.InferOutput<typeof loginSchema>): Promise<{ user: UserRow; sessionId: string }> {
    const [user] = await db.select().from(users).where(eq(users.email, input.email));
    const ok = await Bun.password.verify(input.password, user?.passwordHash ?? (await decoyHash));
    if (!user || !ok) throw new HttpError(401, "Invalid email or password.");
    const [session] = await db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: new Date(clock.now().getTime() + SESSION_DAYS * DAY_MS) })
      .returning({ id: sessions.id });
    return { user, sessionId: session!.id };
  }

  async function logout(sessionId: string): Promise<void> {
    await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
  }

  /** The user a live session belongs to, or null when the session is unknown, revoked or expired. */
  // Every signed-in request asks this: built once, then only run with its two values.
  const sessionUserSelect = db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`${sql.placeholder("now")}::timestamptz`)));
  database.prepareText(sessionUserSelect.toSQL().sql); // PGlite too, not only PostgreSQL
  const sessionUserQuery = sessionUserSelect.prepare("session_user");

  async function sessionUser(sessionId: string): Promise<UserRow | null> {
    const [row] = await sessionUserQuery.execute({ sessionId, now: clock.now().toISOString() });
    return row?.user ?? null;
  }

  async function getUser(userId: string): Promise<UserRow | null> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    return user ?? null;
  }

  /**
   * Name, handle and timezone, in one transaction with what the timezone change does to the
   * user's scheduled posts: with posts ahead, the change must say whether they keep their times
   * of day in the new zone or their moments (a 409 with the count asks), never moved silently.
   */
  async function updateProfile(
    userId: string,
    input: v.InferOutput<typeof profileSchema>,
  ): Promise<{ user: UserRow; retimed?: { moved: number; kept: number } }> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!before) throw new HttpError(404, "Account not found.");
      let retimed: { moved: number; kept: number } | undefined;
      if (before.timezone !== input.timezone) {
        const [row] = await tx
          .select({ scheduled: count(), next: min(posts.scheduledTime) })
          .from(posts)
          .where(upcomingScheduled(userId, now));
        const scheduledCount = Number(row?.scheduled ?? 0);
        if (scheduledCount > 0 && !input.scheduledPosts) {
          const posts = scheduledCount === 1 ? "1 scheduled post" : `${scheduledCount} scheduled posts`;
          // The soonest one lets Settings show what each choice means for a real post.
          const next = row?.next ? new Date(row.next).toISOString() : null;
          throw new HttpError(409, `You have ${posts}. Choose whether they keep their times of day in the new timezone or the same moments.`, {
            scheduledCount,
            nextScheduledTime: next,
          });
        }
        if (scheduledCount > 0 && input.scheduledPosts === "sameTimeOfDay") retimed = await scheduling.keepTimesOfDay(tx, before, input.timezone, now);
        else if (scheduledCount > 0) retimed = { moved: 0, kept: scheduledCount };
      }
      const [user] = await tx
        .update(users)
        .set({ name: input.name, timezone: input.timezone, linkedinHandle: input.linkedinHandle ?? null, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      return { user: user!, retimed };
    });
  }

  // A post's carousel rides with it (null when none was made): slides, design, byline, version.
  const carouselExport = sql<unknown>`case when ${carousels.id} is null then null else json_build_object('slides', ${carousels.slides}, 'design', ${carousels.design}, 'author', ${carousels.author}, 'version', ${carousels.version}, 'updatedAt', ${carousels.updatedAt}) end`;

  /**
   * Everything we hold about the user that they gave us, their profile and every post, as the
   * chunks of one JSON document {exportedAt, profile, voicePosts, posts}: the posts are read a batch at a time
   * (oldest first, by keyset), so a long history never sits in memory whole.
   */
  async function exportData(userId: string): Promise<AsyncIterable<string>> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(404, "Account not found.");
    const head = {
      exportedAt: clock.now().toISOString(),
      profile: { ...guardFields(user), createdAt: user.createdAt.toISOString() },
      voicePosts: user.voicePosts,
    };
    return (async function* () {
      yield `${JSON.stringify(head).slice(0, -1)},"posts":[`;
      let after: { key: string; id: string } | undefined;
      let separator = "";
      for (;;) {
        const batch = await db
          .select({ ...getTableColumns(posts), key: sql<string>`${posts.createdAt}::text`, carousel: carouselExport })
          .from(posts)
          .leftJoin(carousels, eq(carousels.postId, posts.id))
          .where(and(eq(posts.userId, userId), after ? sql`(${posts.createdAt}, ${posts.id}) > (${after.key}::timestamptz, ${after.id}::uuid)` : undefined))
          .orderBy(asc(posts.createdAt), asc(posts.id))
          .limit(EXPORT_BATCH);
        for (const { userId: _u, key: _k, ...post } of batch) {
          yield separator + JSON.stringify(post);
          separator = ",";
        }
        const last = batch.at(-1);
        if (!last || batch.length < EXPORT_BATCH) break;
        after = { key: last.key, id: last.id };
      }
      yield "]}";
    })();
  }

  /** Deletes the account and, through the schema's cascades, its sessions, sources and posts. */
  async function deleteAccount(userId: string, confirmEmail: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(404, "Account not found.");
    if (confirmEmail.trim().toLowerCase() !== user.email) {
      throw new HttpError(400, "Type your account's email address to confirm.");
    }
    await db.delete(users).where(eq(users.id, userId));
    return user;
  }

  return { signup, login, logout, sessionUser, getUser, updateProfile, exportData, deleteAccount };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
