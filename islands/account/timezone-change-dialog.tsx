import { useId, useRef, useState } from "react";
import { formatDateTime } from "../../src/shared/format-date";
import { wallTime, zonedTimeToInstant } from "../../src/shared/zoned-time";
import { DialogCancel, Modal } from "../ui/modal";

export type ZoneChangeChoice = "sameTimeOfDay" | "sameMoment";

const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

/**
 * Settings asks before a timezone change touches scheduled posts (issue 22): keep their times of
 * day in the new zone, or the same moments. The soonest post shows what each choice means.
 * Cancel changes nothing; the choice is sent with the profile and done in one transaction.
 */
export function TimezoneChangeDialog({
  count,
  nextScheduledTime,
  from,
  to,
  saving,
  onChoose,
  onClose,
}: {
  count: number;
  nextScheduledTime: string | null;
  from: string;
  to: string;
  saving: boolean;
  onChoose: (choice: ZoneChangeChoice) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<ZoneChangeChoice>("sameTimeOfDay");
  const closer = useRef<HTMLButtonElement>(null);
  const next = nextScheduledTime ? new Date(nextScheduledTime) : null;
  const sameTimeOfDay = next ? zonedTimeToInstant(wallTime(next, from), to) : null;
  const posts = count === 1 ? "1 scheduled post" : `${count} scheduled posts`;
  const options: {
    value: ZoneChangeChoice;
    label: string;
    example: string | null;
  }[] = [
    {
      value: "sameTimeOfDay",
      label: "Keep their times of day",
      example: next && sameTimeOfDay ? `${formatDateTime(next, from)} becomes ${formatDateTime(sameTimeOfDay, to)} in ${zoneLabel(to)}.` : null,
    },
    {
      value: "sameMoment",
      label: "Keep the same moments",
      example: next ? `${formatDateTime(next, from)} goes out at ${formatDateTime(next, to)} in ${zoneLabel(to)}.` : null,
    },
  ];
  return (
    <Modal title="Your scheduled posts" onClose={onClose}>
      {() => (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onChoose(choice);
          }}
        >
          <p className="text-sm" id={`${id}-question`}>
            {`You have ${posts}. Moving from ${zoneLabel(from)} to ${zoneLabel(to)}, when should they go out?`}
          </p>
          <fieldset className="mt-4 flex flex-col gap-2" aria-describedby={`${id}-question`}>
            <legend className="sr-only">When your scheduled posts go out</legend>
            {options.map((option) => (
              <label key={option.value} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary">
                <input
                  type="radio"
                  name="scheduledPosts"
                  className="radio radio-primary radio-sm mt-0.5"
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => setChoice(option.value)}
                />
                <span className="flex flex-col gap-0.5">
                  <span className="text-sm font-medium">{option.label}</span>
                  {option.example && <span className="text-xs text-base-content/70">{`Your next post: ${option.example}`}</span>}
                </span>
              </label>
            ))}
          </fieldset>
          <p className="mt-3 text-xs text-base-content/70">A post whose time of day has already passed in the new timezone keeps its moment.</p>
          <div className="modal-action">
            <DialogCancel closer={closer} disabled={saving} />
            <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined}>
              {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Change timezone
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
