import { type PublishingService, publishPayload, type PublishPayload } from "../services/linkedin/publishing";
import { LINKEDIN_EXPIRY, PUBLISH_POST } from "./kinds";
import type { JobDefinition } from "./queue";
import * as v from "valibot";

/**
 * A scheduled post published on LinkedIn at its time (services/linkedin/publishing.ts). The
 * service retries LinkedIn's own failures itself (by queueing a later run), so the queue's
 * retries only cover our side (the database); each run re-checks the post before acting.
 */
export function publishPostJob(publishing: PublishingService): JobDefinition<PublishPayload> {
  return { kind: PUBLISH_POST, payload: publishPayload, run: (payload) => publishing.publishDue(payload), maxAttempts: 5 };
}

/** Hourly: the "your LinkedIn connection ends in 7 days / tomorrow" emails. */
export function linkedinExpiryJob(publishing: PublishingService): JobDefinition<Record<string, never>> {
  return { kind: LINKEDIN_EXPIRY, payload: v.object({}), run: () => publishing.sendExpiryNotices(), everyMs: 60 * 60_000 };
}
