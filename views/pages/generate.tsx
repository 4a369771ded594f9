import type { Allowance, Me } from "../../islands/api";
import { AppShell, PageHeader } from "../components/app-shell";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const generateMeta = (productName: string): PageMeta => ({
  title: `LinkedIn Content Strategist | ${productName}`,
  description: `Turn an article into a week of LinkedIn posts with ${productName}.`,
  path: "/generate",
  noindex: true,
});

export type GenerateProps = { user: Me; sidebarExpanded: boolean; allowance: Allowance };

/**
 * /generate (SPEC.md "Generate (LinkedIn Content Strategist)"). The server renders the page
 * with this week's allowance; the planner island does the rest in the browser, including
 * bringing back the plan this tab was working on.
 */
export function GeneratePage({ user, sidebarExpanded, allowance }: GenerateProps) {
  return (
    <AppShell path="/generate" user={user} sidebarExpanded={sidebarExpanded}>
      <PageHeader
        title="LinkedIn Content Strategist"
        lead="Paste something you have written. Get a week of LinkedIn posts, each with its day, its time and the reason for both."
        actions={<Island name="AllowanceMeter" props={{ allowance, timezone: user.timezone }} />}
      />
      <div className="mt-6 sm:mt-8">
        <Island name="ContentPlanner" props={{ allowance, timezone: user.timezone, authorName: user.name }} />
      </div>
    </AppShell>
  );
}
