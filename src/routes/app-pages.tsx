import { Elysia } from "elysia";
import type { ReactNode } from "react";
import { expandedFromCookie, SIDEBAR_COOKIE } from "../../islands/shell/sidebar-store";
import type { TimezoneChoices } from "../../islands/account/ProfileForm";
import { type PageMeta, renderDocument } from "../../views/document";
import {
  ForgotPasswordPage,
  forgotPasswordMeta,
  LoginPage,
  loginMeta,
  ResetPasswordPage,
  resetPasswordMeta,
  SignupPage,
  signupMeta,
} from "../../views/pages/auth-pages";
import { CalendarPage, calendarMeta } from "../../views/pages/calendar";
import { DashboardPage, dashboardMeta } from "../../views/pages/dashboard";
import { GeneratePage, generateMeta } from "../../views/pages/generate";
import { PlanPage, planMeta, PlansPage, plansMeta } from "../../views/pages/plans";
import { PostPage, postMeta, PostsPage, postsMeta } from "../../views/pages/posts";
import { CarouselPage, carouselMeta } from "../../views/pages/carousel";
import type { CarouselService } from "../services/carousels";
import { SettingsPage, settingsMeta } from "../../views/pages/settings";
import { SubscriptionSettings } from "../../views/components/subscription-settings";
import type { Site } from "../../views/site";
import type { Clock } from "../clock";
import type { sessionPlugin } from "../plugins/session";
import { guardFields, meFields, type UserRow } from "../services/accounts";
import { isValidTimezone, timezoneOptions } from "../shared/timezones";
import type { CalendarService } from "../services/calendar";
import type { CalendarFeedService } from "../services/calendar-feed";
import { addMonths, monthKey, parseMonth, todayIn } from "../shared/calendar-month";
import type { DashboardService } from "../services/dashboard";
import type { LinkedinConnectionService } from "../services/linkedin/connection";
import { guardRedirect } from "../shared/guard";
import type { PlanLibraryService } from "../services/plan-library";
import { DEFAULT_PAGE_SIZE, type PostListsService } from "../services/post-lists";
import { postFields, type PostsService } from "../services/posts";
import { POST_TABS } from "../shared/post-status";
import { reminderFields } from "../services/reminders";
import { htmlPage, seeOther } from "./responses";

type Deps = {
  session: ReturnType<typeof sessionPlugin>;
  site: Site;
  clock: Clock;
  dashboard: DashboardService;
  calendar: CalendarService;
  /** The weekly allowance the dashboard and the Generate page show (services.posts.allowance). */
  allowance: (user: UserRow) => Promise<{ limit: number; used: number; remaining: number; resetsAt: string }>;
  /** /posts/:id reads its post through it. */
  posts: Pick<PostsService, "getPost">;
  /** My Posts: the Scheduled tab's first page and every tab's count. */
  postLists: PostListsService;
  planLibrary: PlanLibraryService;
  /** Settings shows the private calendar feed address. */
  calendarFeed: Pick<CalendarFeedService, "feedUrl">;
  /** Auto-posting's connection (Settings card, dashboard invitation); null status when no LinkedIn app is configured. */
  linkedin: Pick<LinkedinConnectionService, "status">;
  /** /posts/:id/carousel reads the post's carousel through it. */
  carousels: Pick<CarouselService, "get">;
  /** The ordinary 404 page, for signed-in paths whose pages other issues build. */
  notFoundPage: () => Response;
};

/**
 * The Settings timezone select: SPEC.md section 9's seven first, then every zone the profile
 * accepts. Built when Settings is first asked for, not at start: checking 445 zones took a
 * noticeable part of the start.
 */
let timezones: TimezoneChoices | undefined;
const timezoneChoices = (): TimezoneChoices =>
  (timezones ??= {
    common: [...timezoneOptions],
    others: Intl.supportedValuesOf("timeZone").filter((zone) => isValidTimezone(zone) && !(timezoneOptions as readonly string[]).includes(zone)),
  });

// A reset token is 43 characters; anything far longer is not one of ours and is not echoed into the page.
const MAX_TOKEN_LENGTH = 200;

/**
 * The account pages (/login, /signup, /forgot-password, /reset-password) and the signed-in pages
 * behind SPEC.md section 4's guard, which runs here before any HTML is sent.
 */
export function appPageRoutes({
  session,
  site,
  clock,
  dashboard,
  calendar,
  calendarFeed,
  allowance,
  posts,
  postLists,
  planLibrary,
  linkedin,
  carousels,
  notFoundPage,
}: Deps) {
  const render = (node: ReactNode, meta: PageMeta) => htmlPage(renderDocument(node, meta, site));

  /** Lets the user in, or answers the redirect the guard names (signed out: /login). */
  async function guarded(currentUser: () => Promise<UserRow | null>, show: (user: UserRow) => Response | Promise<Response>) {
    const user = await currentUser();
    const destination = guardRedirect({ user: user ? guardFields(user) : null }, clock.now());
    if (destination || !user) return seeOther(destination ?? "/login");
    return show(user);
  }

  const sidebarExpanded = (cookie: Record<string, { value?: unknown } | undefined>) => expandedFromCookie(cookie[SIDEBAR_COOKIE]?.value);

  return (
    new Elysia({ name: "routes/app-pages" })
      .use(session)
      // A signed-in visitor has nothing to do on these two; the dashboard (or the guard) takes over.
      .get("/login", async ({ currentUser }) => ((await currentUser()) ? seeOther("/dashboard") : render(<LoginPage />, loginMeta(site.productName))))
      .get("/signup", async ({ currentUser }) => ((await currentUser()) ? seeOther("/dashboard") : render(<SignupPage />, signupMeta(site.productName))))
      .get("/forgot-password", () => render(<ForgotPasswordPage />, forgotPasswordMeta(site.productName)))
      .get("/reset-password", ({ query }) => {
        const token = typeof query.token === "string" && query.token.trim() !== "" && query.token.length <= MAX_TOKEN_LENGTH ? query.token.trim() : null;
        return render(<ResetPasswordPage token={token} />, resetPasswordMeta(site.productName));
      })
      .get("/dashboard", ({ currentUser, cookie }) =>
        guarded(currentUser, async (user) => {
          const { stats, upcoming, allowance: left, awaitingResults, bestTimes, linkedinInvite } = await dashboard.overview(user);
          return render(
            <DashboardPage
              user={meFields(user)}
              sidebarExpanded={sidebarExpanded(cookie)}
              stats={stats}
              upcoming={upcoming}
              allowance={left}
              awaitingResults={awaitingResults}
              bestTimes={bestTimes}
              linkedinInvite={linkedinInvite}
            />,
            dashboardMeta(site.productName),
          );
        }),
      )
      .get("/settings", ({ currentUser, cookie, query }) =>
        guarded(currentUser, async (user) => {
          const status = await linkedin.status(user.id);
          return render(
            <SettingsPage
              user={meFields(user)}
              sidebarExpanded={sidebarExpanded(cookie)}
              timezones={timezoneChoices()}
              reminders={reminderFields(user)}
              voicePosts={user.voicePosts}
              calendarFeedUrl={await calendarFeed.feedUrl(user)}
              subscription={<SubscriptionSettings user={guardFields(user)} renewsAt={user.currentPeriodEnd?.toISOString() ?? null} />}
              linkedin={status.available ? { connection: status.connection, justConnected: query.linkedin === "connected" } : null}
            />,
            settingsMeta(site.productName),
          );
        }),
      )
      .get("/generate", ({ currentUser, cookie }) =>
        guarded(currentUser, async (user) =>
          render(
            <GeneratePage user={meFields(user)} sidebarExpanded={sidebarExpanded(cookie)} allowance={await allowance(user)} />,
            generateMeta(site.productName),
          ),
        ),
      )
      // ?month=2026-03 makes any month linkable; without it (or with a bad one) the month of today
      // in the user's timezone.
      .get("/calendar", ({ currentUser, cookie, query }) =>
        guarded(currentUser, async (user) => {
          const { month: current, today } = todayIn(clock.now(), user.timezone);
          const month = parseMonth(query.month) ?? current;
          const posts = await calendar.postsInMonth(user, month);
          return render(
            <CalendarPage
              user={meFields(user)}
              sidebarExpanded={sidebarExpanded(cookie)}
              month={monthKey(month)}
              previous={monthKey(addMonths(month, -1))}
              next={monthKey(addMonths(month, 1))}
              today={today}
              posts={posts}
            />,
            calendarMeta(site.productName),
          );
        }),
      )
      .get("/posts", ({ currentUser, cookie }) =>
        guarded(currentUser, async (user) => {
          const [first, counts] = await Promise.all([
            postLists.page(user.id, { status: [...POST_TABS.scheduled], limit: DEFAULT_PAGE_SIZE }),
            postLists.counts(user.id),
          ]);
          return render(
            <PostsPage
              user={meFields(user)}
              sidebarExpanded={sidebarExpanded(cookie)}
              firstPage={{ posts: first.posts.map(postFields), nextCursor: first.nextCursor }}
              counts={counts}
            />,
            postsMeta(site.productName),
          );
        }),
      )
      // The plan library: every source, and one plan with each post's state (another user's is the 404 page).
      .get("/plans", ({ currentUser, cookie }) =>
        guarded(currentUser, async (user) =>
          render(
            <PlansPage user={meFields(user)} sidebarExpanded={sidebarExpanded(cookie)} plans={await planLibrary.list(user.id)} />,
            plansMeta(site.productName),
          ),
        ),
      )
      .get("/plans/:id", ({ currentUser, cookie, params }) =>
        guarded(currentUser, async (user) => {
          const found = await planLibrary.get(user.id, params.id);
          if (!found) return notFoundPage();
          const { source, title, words, saved } = found;
          return render(
            <PlanPage
              user={meFields(user)}
              sidebarExpanded={sidebarExpanded(cookie)}
              id={source.id}
              title={title}
              createdAt={source.createdAt.toISOString()}
              words={words}
              contentUrl={source.contentUrl}
              overview={source.plan?.strategyOverview ?? null}
              status={source.status}
              posts={source.plan?.posts ?? []}
              saved={saved.map(postFields)}
            />,
            planMeta(site.productName, source.id, title),
          );
        }),
      )
      // Another user's post, or an id that names none, is the ordinary 404 page (never a 403).
      .get("/posts/:id/carousel", ({ currentUser, cookie, params }) =>
        guarded(currentUser, async (user) => {
          const post = await posts.getPost(user.id, params.id).catch(() => null);
          if (!post) return notFoundPage();
          const carousel = await carousels.get(user.id, post.id);
          return render(
            <CarouselPage user={meFields(user)} sidebarExpanded={sidebarExpanded(cookie)} post={post} carousel={carousel} />,
            carouselMeta(site.productName, post),
          );
        }),
      )
      .get("/posts/:id", ({ currentUser, cookie, params }) =>
        guarded(currentUser, async (user) => {
          const post = await posts.getPost(user.id, params.id).catch(() => null);
          if (!post) return notFoundPage();
          const fields = postFields(post);
          return render(<PostPage user={meFields(user)} sidebarExpanded={sidebarExpanded(cookie)} post={fields} />, postMeta(site.productName, fields));
        }),
      )
  );
}
