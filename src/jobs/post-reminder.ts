import type { RemindersService } from "../services/reminders";
import { type ReminderPayload, reminderPayload } from "../services/reminders";
import { POST_REMINDER } from "./kinds";
import type { JobDefinition } from "./queue";

/** A scheduled post's reminder email, due at its time (less the user's lead). See services/reminders.ts. */
export function postReminderJob(reminders: RemindersService): JobDefinition<ReminderPayload> {
  return {
    kind: POST_REMINDER,
    payload: reminderPayload,
    run: (payload) => reminders.sendReminder(payload),
  };
}
