import type { ReactNode } from "react";
import type { LinkedinStatus, Me } from "../../islands/api";
import type { TimezoneChoices } from "../../islands/account/ProfileForm";
import type { ReminderChoice } from "../../islands/account/ReminderSettings";
import { AppShell, PageHeader } from "../components/app-shell";
import type { PageMeta } from "../document";
import { Island } from "../island";

export const settingsMeta = (productName: string): PageMeta => ({
  title: `Settings | ${productName}`,
  description: `Your ${productName} profile, subscription and account.`,
  path: "/settings",
  noindex: true,
});

export type SettingsProps = {
  user: Me;
  sidebarExpanded: boolean;
  timezones: TimezoneChoices;
  /** The posting assistant's reminder emails (PATCH /api/user/reminders). */
  reminders: ReminderChoice;
  /** "Your voice": the user's past LinkedIn posts (PUT /api/user/voice). */
  voicePosts: string[];
  /** The private ICS address of the scheduled posts. */
  calendarFeedUrl: string;
  /** The Subscription card (SPEC.md "Settings"), placed between the profile and the danger zone. */
  subscription?: ReactNode;
  /** Auto-posting: shown only when a LinkedIn app is configured (null otherwise). */
  linkedin?: { connection: LinkedinStatus["connection"]; justConnected: boolean } | null;
};

export function SettingsCard({
  id,
  title,
  lead,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  lead: string;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`card border bg-base-100 shadow-sm ${tone === "danger" ? "border-error/40" : "border-base-300"}`}>
      <div className="card-body gap-5 p-5 sm:p-6">
        <div>
          <h2 id={id} className={`text-lg font-semibold ${tone === "danger" ? "text-red-700 dark:text-error" : ""}`}>
            {title}
          </h2>
          <p className="text-sm text-base-content/70">{lead}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

/** /settings (SPEC.md "Settings", PRODUCT.md "Accounts and sessions"). */
export function SettingsPage({ user, sidebarExpanded, timezones, reminders, voicePosts, calendarFeedUrl, subscription, linkedin }: SettingsProps) {
  return (
    <AppShell path="/settings" user={user} sidebarExpanded={sidebarExpanded}>
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Settings" lead="Manage your profile and your account." />
        <div className="mt-8 flex flex-col gap-6">
          <SettingsCard id="profile-heading" title="Profile Information" lead="How you appear in the app, and the timezone your schedule uses.">
            <Island name="ProfileForm" props={{ profile: user, timezones }} />
          </SettingsCard>
          {linkedin && (
            <SettingsCard id="linkedin-heading" title="LinkedIn" lead="Publish scheduled posts on your LinkedIn profile automatically.">
              <Island name="LinkedinConnection" props={{ initial: linkedin.connection, timeZone: user.timezone, justConnected: linkedin.justConnected }} />
            </SettingsCard>
          )}
          <SettingsCard
            id="voice-heading"
            title="Your voice"
            lead="Paste up to 10 posts you wrote on LinkedIn. Your plans and rewrites follow how you write (line length, emoji, lists, hashtags, first person), never what these posts say."
          >
            <Island name="VoiceSettings" props={{ initial: voicePosts }} />
          </SettingsCard>
          <SettingsCard id="reminders-heading" title="Reminders" lead="When a scheduled post is due, we email it to you ready to post on LinkedIn.">
            <Island name="ReminderSettings" props={{ initial: reminders }} />
          </SettingsCard>
          <SettingsCard
            id="calendar-feed-heading"
            title="Calendar feed"
            lead="Subscribe in Google Calendar, Apple Calendar or Outlook and your scheduled posts appear there, with the last 30 days of posted ones. We ask calendar apps to check for changes every hour (Google Calendar can take longer)."
          >
            <Island name="CalendarFeed" props={{ url: calendarFeedUrl }} />
          </SettingsCard>
          {subscription}
          <SettingsCard id="danger-heading" title="Danger zone" lead="Take your data with you, or close your account." tone="danger">
            <Island name="DangerZone" props={{ email: user.email }} />
          </SettingsCard>
        </div>
      </div>
    </AppShell>
  );
}
