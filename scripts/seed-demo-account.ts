import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { makePost, makeSource, makeUser, type PostRow, type UserRow } from "../db/factories";
import { users } from "../db/schema";
import { createLocalStrategist, type Plan } from "../src/strategist";
import { zonedTimeToInstant, wallTime } from "../src/shared/zoned-time";
import { parseClock } from "../src/shared/recommended-slots";

/**
 * A demo account with a month of posts, for trying the app and for benchmarks (`bun run seed`,
 * scripts/seed.ts). A script, not part of db/: it runs the strategist, which the database layer never imports.
 * Four plans made by the local strategist from articles the team wrote, one a week: the three
 * older weeks posted (most with results, so "Your best times" has something to learn), this
 * week's plan partly scheduled in the days to come and partly still drafts. Running it again
 * replaces the demo account.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export type SeedOptions = {
  email?: string;
  password?: string;
  timezone?: string;
  /** The articles, oldest week first (four give a month). */
  articles: { text: string; url?: string }[];
  now?: Date;
};

export type SeedResult = { user: UserRow; email: string; password: string; sources: number; posts: PostRow[] };

export async function seedDemoAccount(database: Database, options: SeedOptions): Promise<SeedResult> {
  const { db } = database;
  const email = options.email ?? "demo@cadence.test";
  const password = options.password ?? "cadence-demo";
  const timezone = options.timezone ?? "Europe/London";
  const now = options.now ?? new Date();
  const strategist = createLocalStrategist();

  // Plans first (they take a few milliseconds each), then one transaction: all of the account or none of it.
  const plans: Plan[] = [];
  for (const article of options.articles)
    plans.push(await strategist.createPlan({ contentText: article.text, contentUrl: article.url, contentType: "blog", timezone }));

  return db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.email, email)); // the previous demo account, and everything of it
    const user = await makeUser(tx, { billing: "active", email, name: "Demo Founder", password, timezone, now });
    const saved: PostRow[] = [];
    for (const [week, plan] of plans.entries()) {
      const weeksAgo = plans.length - 1 - week;
      // Each plan was made on the Monday of its week; this week's a few days ago, before the allowance's current week.
      const madeAt = new Date(now.getTime() - (weeksAgo * 7 + 4) * DAY_MS);
      const source = await makeSource(tx, user, {
        contentText: options.articles[week]!.text,
        contentUrl: options.articles[week]!.url ?? null,
        plan,
        createdAt: madeAt,
      });
      for (const [index, planned] of plan.posts.entries()) {
        const slot = slotInWeek(planned.recommendedDay, planned.recommendedTime, madeAt, timezone);
        const common = {
          content: planned.content,
          source,
          planned: {
            postOrder: planned.postOrder,
            postType: planned.postType,
            recommendedDay: planned.recommendedDay,
            recommendedTime: planned.recommendedTime,
            strategyExplanation: planned.strategyExplanation,
          },
          now: madeAt,
        };
        if (weeksAgo > 0) {
          // Older weeks went out at their slots; all but the last week's newest have results.
          const results =
            weeksAgo > 1 || index < 2
              ? { impressions: 600 + ((index * 337 + week * 151) % 1900), reactions: 8 + ((index * 7 + week * 5) % 40), comments: (index * 3 + week) % 12 }
              : undefined;
          saved.push(await makePost(tx, user, { ...common, status: "posted", postedAt: slot, results }));
        } else if (slot.getTime() > now.getTime() && index % 3 !== 2) {
          saved.push(await makePost(tx, user, { ...common, status: "scheduled", scheduledTime: slot }));
        } else {
          saved.push(await makePost(tx, user, { ...common, status: "draft" }));
        }
      }
    }
    return { user, email, password, sources: plans.length, posts: saved };
  });
}

/** The instant of a plan's "Tuesday", "10:00 AM" in the week starting at `weekStart`, on the user's clock. */
function slotInWeek(day: string, time: string, weekStart: Date, timezone: string): Date {
  const start = wallTime(weekStart, timezone);
  const startDay = (new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay() + 6) % 7;
  const ahead = (DAYS.indexOf(day) - startDay + 7) % 7;
  const date = new Date(Date.UTC(start.year, start.month - 1, start.day) + ahead * DAY_MS);
  const clock = parseClock(time) ?? { hour: 9, minute: 0 };
  return zonedTimeToInstant({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), ...clock }, timezone);
}
