import { createHmac } from "node:crypto";
import { inArray, lt } from "drizzle-orm";
import type { Database, Db, Tx } from "../../../db/client";
import { trialClaims } from "../../../db/schema";
import { appSecret } from "../secrets";

/**
 * One free trial per person (PRODUCT.md "Billing"): an account that had a trial, or an email
 * address that did (even on an account since deleted), subscribes without one. Addresses are
 * kept only as an HMAC under a key of the app's own, so the table cannot be read back into a
 * mailing list, and for TRIAL_CLAIM_YEARS (the privacy page says so).
 */

export const TRIAL_CLAIM_YEARS = 2;

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, as far as we can know it: lower case, without a plus tag
 * (x+1@ reaches x@ at nearly every provider), and for Gmail without dots and on gmail.com
 * (x.y@googlemail.com is xy@gmail.com). Other providers may treat dots as significant: kept.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

type TrialUser = { email: string; trialEnd: Date | null };

export function createTrialClaims(deps: { database: Database }) {
  const { database } = deps;
  let key: string | undefined;
  const emailKey = async (text: string, on: Db | Tx) => {
    key ??= await appSecret(database, "trial-claims", on);
    return createHmac("sha256", key).update(text).digest("hex");
  };

  /** Whether this user may start a free trial: never had one, on this account or this mailbox. */
  async function eligible(user: TrialUser, on: Db | Tx = database.db): Promise<boolean> {
    // trialEnd is set when a trial starts and kept after it ends or is cancelled.
    if (user.trialEnd) return false;
    // Claims made before addresses were normalised hold the lower-cased address: they count too.
    const keys = [...new Set([await emailKey(mailboxOf(user.email), on), await emailKey(user.email.trim().toLowerCase(), on)])];
    const [claim] = await on.select({ key: trialClaims.emailKey }).from(trialClaims).where(inArray(trialClaims.emailKey, keys)).limit(1);
    return !claim;
  }

  /** Records that this mailbox has had its trial (inside the transaction that starts it). */
  async function claim(tx: Tx, email: string, at: Date): Promise<void> {
    await tx
      .insert(trialClaims)
      .values({ emailKey: await emailKey(mailboxOf(email), tx), createdAt: at })
      .onConflictDoNothing();
  }

  /** Forgets claims older than the retention the privacy page states. Answers how many. */
  async function prune(now: Date): Promise<number> {
    const before = new Date(now);
    before.setUTCFullYear(before.getUTCFullYear() - TRIAL_CLAIM_YEARS);
    const removed = await database.db.delete(trialClaims).where(lt(trialClaims.createdAt, before)).returning({ key: trialClaims.emailKey });
    return removed.length;
  }

  return { eligible, claim, prune };
}

export type TrialClaims = ReturnType<typeof createTrialClaims>;
