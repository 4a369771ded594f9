import type { Me } from "../../islands/api";
import { appIcons, Icon } from "../../islands/ui/icons";
import type { CalendarPost } from "../../src/services/calendar";
import { parseMonth } from "../../src/shared/calendar-month";
import { formatMonthTitle } from "../../src/shared/format-date";
import { AppShell, HeaderAction, PageHeader } from "../components/app-shell";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const calendarMeta = (productName: string): PageMeta => ({
  title: `Calendar | ${productName}`,
  description: `Your scheduled LinkedIn posts, month by month, in ${productName}.`,
  path: "/calendar",
  noindex: true,
});

export type CalendarProps = {
  user: Me;
  sidebarExpanded: boolean;
  /** The month shown, the ones either side (for the buttons), and today, as 'yyyy-MM' / 'yyyy-MM-dd' in the user's timezone. */
  month: string;
  previous: string;
  next: string;
  today: string;
  posts: CalendarPost[];
};

const chevronLeft = "m15 6-6 6 6 6";
const chevronRight = "m9 6 6 6-6 6";

/** 'March 2026' for '2026-03'. */
function monthTitle(month: string): string {
  const parsed = parseMonth(month);
  if (!parsed) return month;
  return formatMonthTitle(parsed);
}

/**
 * /calendar (SPEC.md "Calendar"). The server picks the month (?month=yyyy-MM, else today's in the
 * profile timezone) and its scheduled posts; the month buttons are plain links, so every month
 * is server-rendered and linkable. The CalendarBoard island draws the grid and the day panel.
 */
export function CalendarPage({ user, sidebarExpanded, month, previous, next, today, posts }: CalendarProps) {
  const title = monthTitle(month);
  const thisMonth = today.slice(0, 7);
  return (
    <AppShell path="/calendar" user={user} sidebarExpanded={sidebarExpanded}>
      <PageHeader
        title="Calendar"
        lead={
          <>
            {"Your scheduled and posted posts by day. "}
            {/* Touch screens cannot drag a bar: there the day panel moves posts. */}
            <span data-lead="drag" className="max-sm:hidden pointer-coarse:hidden">
              Drag a post to another day to reschedule it at the same time, or click a day to open, edit or move its posts.
            </span>
            <span data-lead="tap" className="hidden max-sm:inline pointer-coarse:inline">
              Tap a day to open, edit or move its posts.
            </span>
          </>
        }
        actions={<HeaderAction href="/generate" icon={appIcons.sparkles} label="Generate Posts" />}
      />
      <nav aria-label="Month" className="mt-6 mb-4 flex items-center justify-between gap-3 sm:mt-8">
        <h2 className="text-xl font-semibold tracking-tight" aria-live="polite" data-calendar-month={month}>
          {title}
        </h2>
        <div className="join">
          <a href={`/calendar?month=${previous}`} className="btn btn-outline btn-sm join-item" aria-label="Previous month" title="Previous month">
            <Icon d={chevronLeft} className="size-4" />
          </a>
          <a href={`/calendar?month=${thisMonth}`} className="btn btn-outline btn-sm join-item" aria-current={month === thisMonth ? "date" : undefined}>
            Today
          </a>
          <a href={`/calendar?month=${next}`} className="btn btn-outline btn-sm join-item" aria-label="Next month" title="Next month">
            <Icon d={chevronRight} className="size-4" />
          </a>
        </div>
      </nav>
      <Island name="CalendarBoard" props={{ month, today, timezone: user.timezone, posts }} />
    </AppShell>
  );
}
