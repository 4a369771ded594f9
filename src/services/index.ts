import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Queue } from "../jobs/queue";
import type { Logger } from "../logger";
import type { Providers } from "../providers";
import { type AccountsService, createAccountsService } from "./accounts";
import { type ContactService, createContactService } from "./contact";
import { type CalendarService, createCalendarService } from "./calendar";
import { type CalendarFeedService, createCalendarFeedService } from "./calendar-feed";
import { createDashboardService, type DashboardService } from "./dashboard";
import { createEmailService, type EmailService } from "./email";
import { createGenerationService, type GenerationService } from "./generation";
import { createPasswordResetService, type PasswordResetService } from "./password-reset";
import { type BillingService, createBillingService } from "./billing/billing";
import { createTrialClaims, type TrialClaims } from "./billing/trial-claims";
import { createPlanLibraryService, type PlanLibraryService } from "./plan-library";
import { createPlanScheduleService, type PlanScheduleService } from "./plan-schedule";
import { createPostListsService, type PostListsService } from "./post-lists";
import { createPostsService, type PostsService } from "./posts";
import { createRemindersService, type RemindersService } from "./reminders";
import { createVoiceService, type VoiceService } from "./voice";
import { createResultsService, type ResultsService } from "./results";
import { type CarouselService, createCarouselService } from "./carousels";
import { createRewriteService, type RewriteService } from "./rewrite";
import { createLinkedinConnectionService, type LinkedinConnectionService } from "./linkedin/connection";
import { createConnectionStore } from "./linkedin/connection-store";
import { createPublishingService, type PublishingService } from "./linkedin/publishing";
import { type TokenCipher, tokenCipher } from "./linkedin/token-crypto";
import { createSchedulePlanner } from "./schedule-planner";
import { createScheduling } from "./scheduling";

/** The domain services the routes call. Each takes its dependencies here, so tests can build one alone. */
export type Services = {
  email: EmailService;
  contact: ContactService;
  accounts: AccountsService;
  passwordReset: PasswordResetService;
  dashboard: DashboardService;
  calendar: CalendarService;
  calendarFeed: CalendarFeedService;
  generation: GenerationService;
  billing: BillingService;
  trialClaims: TrialClaims;
  posts: PostsService;
  postLists: PostListsService;
  planSchedule: PlanScheduleService;
  planLibrary: PlanLibraryService;
  reminders: RemindersService;
  voice: VoiceService;
  results: ResultsService;
  rewrite: RewriteService;
  carousels: CarouselService;
  linkedin: LinkedinConnectionService;
  publishing: PublishingService;
};

export type ServiceDeps = { config: Config; database: Database; clock: Clock; logger: Logger; queue: Queue; providers: Providers };

export function createServices(deps: ServiceDeps): Services {
  const email = createEmailService(deps);
  const trialClaims = createTrialClaims({ database: deps.database });
  const reminders = createRemindersService({ database: deps.database, clock: deps.clock, queue: deps.queue, email });
  let cipher: Promise<TokenCipher> | undefined;
  // The key is read (or made) on first use: services are built before anything awaits.
  const linkedinCipher = () => (cipher ??= tokenCipher(deps.database, deps.config.linkedin.tokenKey));
  // In order: the connections' store, publishing (reads it), the planner (publishes or
  // reminds), then connecting and disconnecting (hands auto posts to the planner's reminders).
  const connectionStore = createConnectionStore({ database: deps.database, cipher: linkedinCipher });
  const publishing = createPublishingService({
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger,
    queue: deps.queue,
    email,
    provider: deps.providers.linkedin,
    connections: connectionStore,
    version: deps.config.linkedin.version,
  });
  const planner = createSchedulePlanner({ reminders, publishing });
  const linkedin = createLinkedinConnectionService({
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger,
    provider: deps.providers.linkedin,
    cipher: linkedinCipher,
    store: connectionStore,
    redirectUri: `${deps.config.appUrl}/linkedin/callback`,
    afterDisconnect: (tx, userId) => planner.remindInstead(tx, userId, deps.clock.now()),
  });
  const canAutoPublish = (userId: string) => publishing.canAutoPublish(userId);
  const generation = createGenerationService({ database: deps.database, queue: deps.queue, strategist: deps.providers.strategist, clock: deps.clock });
  return {
    email,
    contact: createContactService({
      database: deps.database,
      sendSupportEmail: (message, { on }) => email.sendEmail("contact", deps.config.email.supportEmail, message, { on }),
    }),
    accounts: createAccountsService({ database: deps.database, clock: deps.clock, email, scheduling: createScheduling({ planner }) }),
    passwordReset: createPasswordResetService({ database: deps.database, clock: deps.clock, queue: deps.queue, email }),
    dashboard: createDashboardService({ database: deps.database, clock: deps.clock, linkedinAvailable: deps.providers.linkedin !== null }),
    calendar: createCalendarService({ database: deps.database }),
    calendarFeed: createCalendarFeedService({ database: deps.database, clock: deps.clock, appUrl: deps.config.appUrl, productName: deps.config.productName }),
    generation,
    planLibrary: createPlanLibraryService({ database: deps.database, generation }),
    billing: createBillingService({ database: deps.database, clock: deps.clock, logger: deps.logger, provider: deps.providers.billing, email, trialClaims }),
    trialClaims,
    posts: createPostsService({ database: deps.database, clock: deps.clock, reminders: planner, canAutoPublish }),
    postLists: createPostListsService({ database: deps.database }),
    planSchedule: createPlanScheduleService({ database: deps.database, clock: deps.clock, reminders: planner, canAutoPublish }),
    reminders,
    voice: createVoiceService({ database: deps.database }),
    results: createResultsService({ database: deps.database, clock: deps.clock }),
    rewrite: createRewriteService({ database: deps.database, strategist: deps.providers.strategist, clock: deps.clock }),
    carousels: createCarouselService({ database: deps.database, strategist: deps.providers.strategist, clock: deps.clock }),
    linkedin,
    publishing,
  };
}
