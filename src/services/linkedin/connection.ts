import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Tx } from "../../../db/client";
import { linkedinConnections, linkedinOauthStates } from "../../../db/schema";
import type { Clock } from "../../clock";
import { HttpError, parseInput } from "../../http-error";
import type { Logger } from "../../logger";
import type { LinkedinProvider } from "../../providers/linkedin";
import type { ConnectionRow, ConnectionStore } from "./connection-store";
import { linkedinFailure } from "./failure";
import type { TokenCipher } from "./token-crypto";

/**
 * Connecting one LinkedIn profile to an account (issue #15): the OAuth authorization code flow
 * with a server-side `state` (bound to the user, single-use, 10 minutes), the code exchanged for
 * a token, the member read from userinfo, and the token kept encrypted. Nothing of a token is
 * ever returned, logged or put in an error: callers get the member's name, picture and dates.
 */

export const STATE_MINUTES = 10;
/** Without this scope LinkedIn would refuse every post: connecting is refused instead. */
const POST_SCOPE = "w_member_social";

export const connectQuerySchema = v.object({
  replace: v.optional(v.picklist(["1"], "replace must be 1.")),
  from: v.optional(v.picklist(["dashboard", "settings"], "from must be dashboard or settings."), "settings"),
});

const callbackQuerySchema = v.object({
  code: v.optional(v.pipe(v.string(), v.maxLength(2_000))),
  state: v.optional(v.pipe(v.string(), v.maxLength(200))),
  error: v.optional(v.pipe(v.string(), v.maxLength(200))),
  error_description: v.optional(v.pipe(v.string(), v.maxLength(1_000))),
});

export type LinkedinConnectionView = { name: string; pictureUrl: string | null; connectedAt: string; expiresAt: string };
export type CallbackOutcome =
  | { ok: true; returnTo: "dashboard" | "settings" }
  | { ok: false; title: string; message: string; returnTo: "dashboard" | "settings" };

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

export type { ConnectionRow };

export function connectionView(row: ConnectionRow): LinkedinConnectionView {
  return { name: row.name, pictureUrl: row.pictureUrl, connectedAt: row.connectedAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

export function createLinkedinConnectionService(deps: {
  database: Database;
  clock: Clock;
  logger: Logger;
  provider: LinkedinProvider | null;
  cipher: () => Promise<TokenCipher>;
  /** The connections' rows and tokens, shared with publishing. */
  store: ConnectionStore;
  redirectUri: string;
  /** Runs in disconnect's transaction: the posts waiting to be published are handed to the posting assistant. */
  afterDisconnect: (tx: Tx, userId: string) => Promise<unknown>;
}) {
  const { database, clock, logger, provider, cipher, redirectUri } = deps;
  const { connectionOf, accessToken } = deps.store;
  const db = database.db;

  /** GET /api/linkedin: whether auto-posting exists here, and the profile connected (never a token). */
  async function status(userId: string) {
    const row = provider ? await connectionOf(userId) : undefined;
    return { available: provider !== null, connection: row ? connectionView(row) : null };
  }

  /** GET /linkedin/connect: stores a fresh state for this user and answers LinkedIn's authorization URL. */
  async function startConnect(userId: string, query: unknown): Promise<string> {
    if (!provider) throw new HttpError(404, "LinkedIn auto-posting is not available on this server.");
    const input = parseInput(connectQuerySchema, query);
    const existing = await connectionOf(userId);
    if (existing && input.replace !== "1") {
      throw new HttpError(409, `A LinkedIn profile (${existing.name}) is already connected. Confirm that you want to replace it.`);
    }
    // 256 random bits; the database keeps only its hash, so the state is compared by hash lookup.
    const state = randomBytes(32).toString("base64url");
    const now = clock.now();
    await db.insert(linkedinOauthStates).values({
      userId,
      stateHash: hashState(state),
      returnTo: input.from,
      replace: input.replace === "1",
      expiresAt: new Date(now.getTime() + STATE_MINUTES * 60_000),
      createdAt: now,
    });
    return provider.authorizationUrl({ state, redirectUri });
  }

  const refuse = (title: string, message: string, returnTo: "dashboard" | "settings" = "settings"): CallbackOutcome => ({
    ok: false,
    title,
    message,
    returnTo,
  });

  /**
   * GET /linkedin/callback: every check before anything is written; the state is spent in the
   * same statement that checks it is unspent, so a replayed callback finds it used.
   */
  async function completeCallback(userId: string | null, query: unknown): Promise<CallbackOutcome> {
    if (!provider) return refuse("LinkedIn is not available", "Auto-posting to LinkedIn is not set up on this server.");
    const parsed = v.safeParse(callbackQuerySchema, query);
    if (!parsed.success) return refuse("LinkedIn was not connected", "LinkedIn sent back something we could not read. Nothing was changed.");
    const { code, state, error } = parsed.output;
    if (!userId) return refuse("Sign in first", "You were signed out while connecting LinkedIn. Sign in and connect again. Nothing was changed.");
    if (error) {
      // Anyone can link a member here with an error of their choosing and no valid state: the
      // page says our own words, never the query's (error_description is not shown).
      const cancelled = error.startsWith("user_cancelled");
      return refuse(
        cancelled ? "LinkedIn was not connected" : "LinkedIn refused the connection",
        cancelled
          ? "You cancelled on LinkedIn. Nothing was changed."
          : "LinkedIn did not connect your profile. Start again from Settings. Nothing was changed.",
      );
    }
    if (!state) return refuse("LinkedIn was not connected", "This link is missing its security check (state). Start again from Settings. Nothing was changed.");
    const now = clock.now();
    const [row] = await db
      .select()
      .from(linkedinOauthStates)
      .where(eq(linkedinOauthStates.stateHash, hashState(state)));
    // Another account's state is answered like an unknown one: nothing tells the two apart.
    if (!row || row.userId !== userId)
      return refuse("LinkedIn was not connected", "This link does not belong to a connection you started. Start again from Settings. Nothing was changed.");
    const returnTo = row.returnTo === "dashboard" ? "dashboard" : "settings";
    if (row.usedAt)
      return refuse("This link was already used", "Each LinkedIn sign-in link works once. Start again from Settings. Nothing was changed.", returnTo);
    if (row.expiresAt.getTime() <= now.getTime())
      return refuse("This link has expired", `LinkedIn sign-in links last ${STATE_MINUTES} minutes. Start again from Settings. Nothing was changed.`, returnTo);
    const spent = await db
      .update(linkedinOauthStates)
      .set({ usedAt: now })
      .where(and(eq(linkedinOauthStates.id, row.id), isNull(linkedinOauthStates.usedAt)))
      .returning({ id: linkedinOauthStates.id });
    if (spent.length === 0)
      return refuse("This link was already used", "Each LinkedIn sign-in link works once. Start again from Settings. Nothing was changed.", returnTo);
    if (!code)
      return refuse("LinkedIn was not connected", "LinkedIn did not send an authorization code. Start again from Settings. Nothing was changed.", returnTo);

    let token: Awaited<ReturnType<LinkedinProvider["exchangeCode"]>>;
    let member: Awaited<ReturnType<LinkedinProvider["member"]>>;
    try {
      token = await provider.exchangeCode({ code, redirectUri });
      member = await provider.member(token.accessToken);
    } catch (failure) {
      const known = linkedinFailure(failure);
      if (!known) throw failure;
      logger.warn("linkedin connect failed", { kind: known.kind, status: known.status, reason: known.reason });
      return refuse("LinkedIn was not connected", `LinkedIn said: ${known.reason}. Nothing was changed.`, returnTo);
    }
    if (!token.scopes.includes(POST_SCOPE)) {
      return refuse(
        "LinkedIn did not allow posting",
        "LinkedIn did not grant the permission to post for you (w_member_social). Nothing was changed.",
        returnTo,
      );
    }
    const seal = await cipher();
    const values = {
      memberSub: member.sub,
      personUrn: member.personUrn,
      name: member.name || "LinkedIn member",
      pictureUrl: member.pictureUrl,
      accessTokenEncrypted: seal.encrypt(token.accessToken),
      refreshTokenEncrypted: token.refreshToken ? seal.encrypt(token.refreshToken) : null,
      scopes: token.scopes.join(" "),
      expiresAt: token.expiresAt,
      expiryNotice7SentAt: null,
      expiryNotice1SentAt: null,
      connectedAt: now,
      updatedAt: now,
    };
    const outcome = await db.transaction(async (tx) => {
      const existing = await connectionOf(userId, tx);
      // Connected elsewhere meanwhile (another tab): replacing needs this flow's confirmation.
      if (existing && !row.replace && existing.memberSub !== member.sub) return "needs-confirm" as const;
      if (existing) await tx.update(linkedinConnections).set(values).where(eq(linkedinConnections.userId, userId));
      else await tx.insert(linkedinConnections).values({ userId, ...values, createdAt: now });
      return "saved" as const;
    });
    if (outcome === "needs-confirm")
      return refuse(
        "Another profile is connected",
        "A LinkedIn profile is already connected to your account. Use Reconnect in Settings to replace it. Nothing was changed.",
        returnTo,
      );
    logger.info("linkedin connected", { userId });
    return { ok: true, returnTo };
  }

  /** DELETE /api/linkedin: the tokens are deleted with the row. */
  /** Deletes the tokens; posts set to publish automatically become Remind me, in the same transaction. */
  async function disconnect(userId: string): Promise<{ disconnected: boolean }> {
    return db.transaction(async (tx) => {
      const removed = await tx.delete(linkedinConnections).where(eq(linkedinConnections.userId, userId)).returning({ id: linkedinConnections.id });
      await deps.afterDisconnect(tx, userId);
      return { disconnected: removed.length > 0 };
    });
  }

  return { status, startConnect, completeCallback, disconnect, connectionOf, accessToken, available: provider !== null };
}

export type LinkedinConnectionService = ReturnType<typeof createLinkedinConnectionService>;
