import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { jobs, posts, sources } from "../../db/schema";
import type { GenerationService } from "./generation";
import { checkPlan } from "../strategist";
import { countWords } from "../shared/words";

/**
 * The plan library (/plans): every article the user pasted, newest first, with how much of its
 * plan is saved, scheduled and posted; and one plan in its own order with each post's state.
 * A plan lives on the server (its source), so it opens in any tab or on any device.
 */

export type PlanSummary = {
  id: string;
  title: string;
  createdAt: string;
  words: number;
  status: "pending" | "completed" | "failed";
  /** Posts in the plan the strategist wrote (0 while pending or failed). */
  planPosts: number;
  saved: number;
  scheduled: number;
  posted: number;
};

const TITLE_CHARS = 90;

/** The article's own first line (its title, as pasted), without Markdown marks; else its address. */
export function planTitle(contentText: string, contentUrl: string | null): string {
  const line = contentText
    .split("\n")
    .map((candidate) => candidate.replace(/^[#>*\-\s]+|[*_`]+/g, "").trim())
    .find((candidate) => candidate.length > 0);
  const title = line ?? contentUrl ?? "Untitled";
  return title.length > TITLE_CHARS ? `${title.slice(0, TITLE_CHARS - 1).trimEnd()}…` : title;
}

export function createPlanLibraryService(deps: { database: Database; generation: Pick<GenerationService, "getSource"> }) {
  const db = deps.database.db;

  async function list(userId: string): Promise<PlanSummary[]> {
    const rows = await db
      .select({
        id: sources.id,
        contentText: sources.contentText,
        contentUrl: sources.contentUrl,
        createdAt: sources.createdAt,
        plan: sources.plan,
        jobStatus: jobs.status,
        saved: sql<number>`(select count(*)::int from ${posts} where ${posts.sourceId} = ${sources.id})`,
        scheduled: sql<number>`(select count(*)::int from ${posts} where ${posts.sourceId} = ${sources.id} and ${posts.status} = 'scheduled')`,
        posted: sql<number>`(select count(*)::int from ${posts} where ${posts.sourceId} = ${sources.id} and ${posts.status} = 'posted')`,
      })
      .from(sources)
      .leftJoin(jobs, eq(jobs.id, sources.jobId))
      .where(eq(sources.userId, userId))
      .orderBy(desc(sources.createdAt), desc(sources.id));
    return rows.map((row) => {
      const plan = row.plan ? checkPlan(row.plan) : undefined;
      const status = plan?.ok ? "completed" : row.jobStatus === "failed" || row.jobStatus === null ? "failed" : "pending";
      return {
        id: row.id,
        title: planTitle(row.contentText, row.contentUrl),
        createdAt: row.createdAt.toISOString(),
        words: countWords(row.contentText),
        status,
        planPosts: plan?.ok ? plan.plan.posts.length : 0,
        saved: Number(row.saved),
        scheduled: Number(row.scheduled),
        posted: Number(row.posted),
      };
    });
  }

  /** One plan with the saved post behind each of its posts (by postOrder), or null when it is not the user's. */
  async function get(userId: string, sourceId: string) {
    const source = await deps.generation.getSource(userId, sourceId);
    if (!source) return null;
    const saved = await db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, userId), eq(posts.sourceId, sourceId)));
    return { source, title: planTitle(source.contentText, source.contentUrl), words: countWords(source.contentText), saved };
  }

  return { list, get };
}

export type PlanLibraryService = ReturnType<typeof createPlanLibraryService>;
