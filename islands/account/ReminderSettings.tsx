import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiRequest } from "../api";
import { failureToast } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { QueryProvider } from "../query-client";
import { toast } from "../ui/toast-store";

export type ReminderChoice = { remindersEnabled: boolean; reminderLeadMinutes: 0 | 15 | 60 };

const LEADS: { value: ReminderChoice["reminderLeadMinutes"]; label: string }[] = [
  { value: 0, label: "At the scheduled time" },
  { value: 15, label: "15 minutes before" },
  { value: 60, label: "60 minutes before" },
];

const saveReminders = (choice: ReminderChoice) => apiRequest<ReminderChoice>("PATCH", "/api/user/reminders", choice);

/**
 * Settings → Reminders: the posting assistant's email for each scheduled post, on or off, and
 * how long before its time. Each change saves at once; upcoming reminders move with it.
 */
export default function ReminderSettings(props: { initial: ReminderChoice }) {
  return (
    <QueryProvider>
      <Reminders {...props} />
    </QueryProvider>
  );
}

function Reminders({ initial }: { initial: ReminderChoice }) {
  const id = useId();
  const [choice, setChoice] = useState(initial);
  const save = useMutation({
    mutationFn: saveReminders,
    onSuccess: (saved) => {
      setChoice(saved);
      toast({
        title: "Reminders saved",
        description: saved.remindersEnabled ? "We will email you for each scheduled post." : "You will not get reminder emails.",
      });
    },
    onError: async (error, _tried, previous) => {
      setChoice(previous ?? initial);
      if (await followGuard(error)) return;
      toast(failureToast(error, "Could not save reminders"));
    },
    onMutate: () => choice,
  });

  const change = (next: ReminderChoice) => {
    setChoice(next);
    save.mutate(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <label htmlFor={`${id}-on`} className="flex cursor-pointer items-start gap-3">
        <input
          id={`${id}-on`}
          type="checkbox"
          className="toggle toggle-primary mt-0.5"
          checked={choice.remindersEnabled}
          disabled={save.isPending}
          onChange={(event) => change({ ...choice, remindersEnabled: event.target.checked })}
        />
        <span className="flex flex-col">
          <span className="text-sm font-medium">Email me when a scheduled post is due</span>
          <span className="text-xs text-base-content/70">The whole post, a button that opens LinkedIn with it filled in, and Mark as posted.</span>
        </span>
      </label>
      <div className="flex flex-col gap-1.5 sm:max-w-xs">
        <label htmlFor={`${id}-lead`} className="text-sm font-medium">
          When to send it
        </label>
        <select
          id={`${id}-lead`}
          className="select w-full"
          value={choice.reminderLeadMinutes}
          disabled={!choice.remindersEnabled || save.isPending}
          onChange={(event) => change({ ...choice, reminderLeadMinutes: Number(event.target.value) as ReminderChoice["reminderLeadMinutes"] })}
        >
          {LEADS.map((lead) => (
            <option key={lead.value} value={lead.value}>
              {lead.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
