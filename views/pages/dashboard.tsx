import type { Me } from "../../islands/api";
import { appIcons, Icon } from "../../islands/ui/icons";
import { PostStatusBadge } from "../../islands/posts/post-status";
import type { DashboardStats, UpcomingPost } from "../../src/services/dashboard";
import type { AwaitingResult, BestTimes } from "../../src/services/results";
import { formatRatio } from "../../src/strategist";
import { formatDateTime, formatLongDate } from "../../src/shared/format-date";
import { AppShell, HeaderAction, PageHeader } from "../components/app-shell";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const dashboardMeta = (productName: string): PageMeta => ({
  title: `Dashboard | ${productName}`,
  description: `Your ${productName} dashboard: this week's posts and what is scheduled next.`,
  path: "/dashboard",
  noindex: true,
});

/** PRODUCT.md "The weekly allowance", as GET /api/posts/allowance answers it. */
export type DashboardAllowance = { limit: number; remaining: number; resetsAt: string };

export type DashboardProps = {
  user: Me;
  sidebarExpanded: boolean;
  stats: DashboardStats;
  upcoming: UpcomingPost[];
  allowance: DashboardAllowance;
  /** Posts out for two days or more with no results yet: "How did it do?". */
  awaitingResults: AwaitingResult[];
  /** LinkedIn is configured and this account has not connected a profile: a small card invites it. */
  linkedinInvite?: boolean;
  bestTimes: BestTimes;
};

/** /dashboard (SPEC.md "Dashboard"), rendered on the server from the posts table. */
export function DashboardPage({ user, sidebarExpanded, stats, upcoming, allowance, awaitingResults, bestTimes, linkedinInvite = false }: DashboardProps) {
  const cards = [
    { label: "Posts This Week", value: stats.thisWeek, hint: "Scheduled or posted, Mon to Sun", icon: appIcons.chart },
    { label: "Scheduled Posts", value: stats.scheduled, hint: "Waiting for their time", icon: appIcons.clock },
    { label: "Total Generated", value: stats.total, hint: "Posts saved to your library", icon: appIcons.sparkles },
  ];
  return (
    <AppShell path="/dashboard" user={user} sidebarExpanded={sidebarExpanded}>
      <PageHeader
        // "Welcome back" once there is something to come back to; a brand-new account is simply welcomed.
        title={`${stats.total > 0 ? "Welcome back" : "Welcome"}, ${user.name.trim() || "there"}!`}
        lead="Here is how your LinkedIn week is shaping up."
        actions={
          <>
            <HeaderAction href="/generate" icon={appIcons.sparkles} label="Generate New Posts" />
            <HeaderAction href="/calendar" icon={appIcons.calendar} label="View Calendar" outline />
          </>
        }
      />

      {/* Three across at every width: on a phone the numbers matter, the hints and icons do not. */}
      <section aria-label="Your numbers" className="mt-6 grid grid-cols-3 gap-2 sm:mt-8 sm:gap-4">
        {cards.map((card) => (
          <div key={card.label} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body flex-row items-start justify-between gap-4 p-3 sm:p-5">
              <div className="min-w-0">
                <h2 className="text-xs font-medium text-base-content/75 sm:text-sm">{card.label}</h2>
                <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{card.value}</p>
                <p className="mt-1 hidden text-xs text-base-content/65 sm:block">{card.hint}</p>
              </div>
              <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary lg:flex">
                <Icon d={card.icon} className="size-5" />
              </span>
            </div>
          </div>
        ))}
      </section>

      {/* PRODUCT.md "The weekly allowance": saves left in this 7-day window of the billing period. */}
      <section aria-label="Weekly allowance" className="card mt-4 border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-2 p-4 sm:flex-row sm:items-center sm:gap-6 sm:p-5">
          <div className="min-w-0 flex-1">
            <p className="font-semibold" data-allowance>{`${allowance.remaining} of ${allowance.limit} posts left this week`}</p>
            <progress
              className="progress progress-primary mt-2 h-2 w-full"
              value={allowance.remaining}
              max={allowance.limit}
              aria-label={`${allowance.remaining} of ${allowance.limit} posts left this week`}
            />
          </div>
          {/* grow-0: daisyUI's card-body lets every paragraph grow, which would push the meter aside. */}
          <p className="shrink-0 grow-0 text-sm text-base-content/70">
            {"Resets "}
            <time dateTime={allowance.resetsAt}>{formatLongDate(allowance.resetsAt, user.timezone)}</time>
          </p>
        </div>
      </section>

      {linkedinInvite && (
        <section aria-labelledby="linkedin-invite-heading" data-linkedin-invite className="card mt-4 border border-primary/30 bg-base-100 shadow-sm">
          <div className="card-body flex-row flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
            <div>
              <h2 id="linkedin-invite-heading" className="font-semibold">
                Publish on LinkedIn automatically
              </h2>
              <p className="text-sm text-base-content/75">Connect your LinkedIn profile and scheduled posts go out at their time.</p>
            </div>
            <a href="/linkedin/connect?from=dashboard" className="btn btn-primary btn-sm">
              Connect LinkedIn
            </a>
          </div>
        </section>
      )}

      {awaitingResults.length > 0 && (
        <section aria-labelledby="results-heading" className="card mt-8 border border-primary/30 bg-base-100 shadow-sm">
          <div className="card-body gap-4 p-5 sm:p-6">
            <div>
              <h2 id="results-heading" className="text-lg font-semibold">
                How did it do?
              </h2>
              <p className="text-sm text-base-content/70">
                The numbers under each post on LinkedIn. They teach your plans your own best times; skip any you would rather not track.
              </p>
            </div>
            <Island name="PostResults" props={{ posts: awaitingResults, timezone: user.timezone }} />
          </div>
        </section>
      )}

      <section aria-labelledby="upcoming-heading" className="card mt-8 border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-5 sm:p-6">
          <div className="flex items-center justify-between gap-4">
            <div>
              <h2 id="upcoming-heading" className="text-lg font-semibold">
                Upcoming Posts
              </h2>
              <p className="text-sm text-base-content/70">{`Times in ${user.timezone.replaceAll("_", " ")}`}</p>
            </div>
            <a href="/posts" className="btn btn-ghost btn-sm">
              View All
              <Icon d={appIcons.arrowRight} className="size-4" />
            </a>
          </div>
          {upcoming.length === 0 ? (
            <div className="flex flex-col items-center rounded-box border border-dashed border-base-300 px-6 py-10 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-base-200 text-base-content/60">
                <Icon d={appIcons.calendar} className="size-6" />
              </span>
              <h3 className="mt-4 font-semibold">No upcoming posts</h3>
              <p className="mt-1 max-w-sm text-sm text-base-content/70">Turn your latest article into a week of posts, then schedule them here.</p>
              <a href="/generate" className="btn btn-primary btn-sm mt-5">
                Generate Posts
              </a>
            </div>
          ) : (
            <ul className="-mx-2 flex flex-col">
              {upcoming.map((post) => (
                <li key={post.id}>
                  <a href={`/posts/${post.id}`} className="block rounded-box px-3 py-3 transition-colors hover:bg-base-200 focus-visible:bg-base-200">
                    <span className="block truncate font-medium">{post.firstLine}</span>
                    <span className="mt-1 flex items-center justify-between gap-3 text-sm text-base-content/70">
                      <span className="flex min-w-0 items-center gap-1.5">
                        <Icon d={appIcons.clock} className="size-4 shrink-0" />
                        <time dateTime={post.scheduledTime}>{formatDateTime(post.scheduledTime, user.timezone)}</time>
                      </span>
                      <PostStatusBadge status={post.status} />
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <BestTimesCard bestTimes={bestTimes} />
    </AppShell>
  );
}

/** "Your best times": what the user's own results say, once there are enough of them to weigh against the research. */
function BestTimesCard({ bestTimes }: { bestTimes: BestTimes }) {
  return (
    <section aria-labelledby="best-times-heading" className="card mt-8 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5 sm:p-6">
        <h2 id="best-times-heading" className="text-lg font-semibold">
          Your best times
        </h2>
        {bestTimes.needed > 0 ? (
          <p className="text-sm text-base-content/75" data-best-times="learning">
            {`Add results for ${bestTimes.needed} more ${bestTimes.needed === 1 ? "post" : "posts"} to see your best times. Until then, plans follow the published LinkedIn research (Tuesday to Thursday mornings lead).`}
          </p>
        ) : bestTimes.best.length === 0 ? (
          <p className="text-sm text-base-content/75" data-best-times="even">
            {`From your results on ${bestTimes.results} posts, no day or time stands out yet: your plans keep following the research, adjusted by your numbers.`}
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-2" data-best-times="learned">
              {bestTimes.best.map((entry) => (
                <li key={entry.label} className="flex items-baseline justify-between gap-4 rounded-box bg-base-200/60 px-3 py-2">
                  <span className="font-medium">{entry.label}</span>
                  <span className="text-sm text-base-content/75 tabular-nums">{`${formatRatio(entry.ratio)} your other posts · ${entry.posts} posts`}</span>
                </li>
              ))}
            </ul>
            <p className="text-xs text-base-content/70">{`From your results on ${bestTimes.results} posts (reactions plus twice the comments, per impression). New plans lean towards these times.`}</p>
          </>
        )}
      </div>
    </section>
  );
}
