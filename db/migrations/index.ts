// Migrations are imported, not read from a folder, so the compiled binary carries them.
// Add each new file drizzle-kit writes here, in order; a test fails if one is missing.
import init from "./0000_init.sql" with { type: "text" };
import appSecrets from "./0001_app_secrets.sql" with { type: "text" };
import billingPeriods from "./0002_billing_periods.sql" with { type: "text" };
import postSaves from "./0003_post_saves.sql" with { type: "text" };
import postingAssistant from "./0004_posting_assistant.sql" with { type: "text" };
import trialClaims from "./0005_trial_claims.sql" with { type: "text" };
import rateLimits from "./0006_rate_limits.sql" with { type: "text" };
import emailOutboxJob from "./0007_email_outbox_job.sql" with { type: "text" };
import postListIndexes from "./0008_post_list_indexes.sql" with { type: "text" };
import linkedinPublishing from "./0009_linkedin_publishing.sql" with { type: "text" };
import postRevision from "./0010_post_revision.sql" with { type: "text" };
import strategistStageAndVoice from "./0011_strategist_stage_and_voice.sql" with { type: "text" };

export type Migration = { name: string; sql: string };

export const migrations: Migration[] = [
  { name: "0000_init", sql: init },
  { name: "0001_app_secrets", sql: appSecrets },
  { name: "0002_billing_periods", sql: billingPeriods },
  { name: "0003_post_saves", sql: postSaves },
  { name: "0004_posting_assistant", sql: postingAssistant },
  { name: "0005_trial_claims", sql: trialClaims },
  { name: "0006_rate_limits", sql: rateLimits },
  { name: "0007_email_outbox_job", sql: emailOutboxJob },
  { name: "0008_post_list_indexes", sql: postListIndexes },
  { name: "0009_linkedin_publishing", sql: linkedinPublishing },
  { name: "0010_post_revision", sql: postRevision },
  { name: "0011_strategist_stage_and_voice", sql: strategistStageAndVoice },
];
