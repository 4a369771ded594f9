import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { formatDateTime } from "../../src/shared/format-date";
import { fetchSchedulePreview, fetchUnsavedSchedulePreview, type NewDraft, type Post, queryKeys, saveAndSchedule, scheduleAsRecommended } from "../api";
import { failureMessage } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { plural } from "./plan-text";
import { FailureAlert } from "../ui/failure-alert";
import { DialogCancel, Modal } from "../ui/modal";
import { toast } from "../ui/toast-store";

/**
 * Schedule as recommended, for a plan's drafts (a plan's page, its group in My Posts), or for a
 * plan not saved yet (the generator's "Save and schedule as recommended", `unsaved`): the
 * server's preview of where each post would go in the user's timezone, the choice to keep days
 * that already hold a post, then one confirm that (saves and) schedules them all in one
 * transaction. Cancel changes nothing.
 */
export function SchedulePlanDialog({
  sourceId,
  timeZone,
  firstLines,
  unsaved,
  onClose,
  onScheduled,
}: {
  sourceId: string;
  timeZone: string;
  /** The first line of each post by postOrder, to name them in the list. */
  firstLines: Record<string, string>;
  /** The plan's posts as Save All would send them: saved only on confirm. */
  unsaved?: NewDraft[];
  onClose: () => void;
  onScheduled?: (count: number, posts: Post[]) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [skipBusy, setSkipBusy] = useState(true);
  const closer = useRef<HTMLButtonElement>(null);
  const preview = useQuery({
    queryKey: ["schedule-preview", sourceId, skipBusy, unsaved ? "unsaved" : "drafts"],
    queryFn: () => (unsaved ? fetchUnsavedSchedulePreview(sourceId, unsaved, skipBusy) : fetchSchedulePreview(sourceId, skipBusy)),
    staleTime: 0,
  });
  const slots = preview.data?.slots ?? [];
  const schedule = useMutation({
    mutationFn: () =>
      unsaved
        ? saveAndSchedule(
            sourceId,
            unsaved,
            slots.map(({ postOrder, scheduledTime }) => ({ postOrder, scheduledTime })),
          )
        : scheduleAsRecommended(
            sourceId,
            slots.map(({ postId, scheduledTime }) => ({ postId: postId!, scheduledTime })),
          ),
    onSuccess: async (result) => {
      const scheduled = result.filter((post) => post.status === "scheduled");
      await queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      toast({ title: `Scheduled ${plural(scheduled.length, "post")}`, description: "They are on your calendar, each with its reminder." });
      onScheduled?.(scheduled.length, result);
      closer.current?.closest("dialog")?.close();
    },
    onError: async (error) => {
      if (await followGuard(error)) return;
      void preview.refetch();
    },
  });
  const failure = schedule.error ? failureMessage(schedule.error) : null;

  return (
    <Modal title="Schedule as recommended" onClose={onClose} wide>
      {() => (
        <div>
          <p className="text-sm text-base-content/75">{`Each post at its recommended day and time, in the coming week (times in ${timeZone.replaceAll("_", " ")}).`}</p>
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm" checked={skipBusy} onChange={(event) => setSkipBusy(event.target.checked)} />
            Skip days that already have a scheduled post
          </label>
          {preview.isPending ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-base-content/70">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              Working out the dates...
            </p>
          ) : preview.isError ? (
            <FailureAlert message={failureMessage(preview.error, "Could not work out the dates. Please try again.")} />
          ) : slots.length === 0 ? (
            <p className="mt-4 text-sm">No drafts of this plan are waiting to be scheduled.</p>
          ) : (
            <ol aria-label="Where each post goes" className="mt-4 flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
              {slots.map((slot) => (
                <li key={slot.postOrder} data-slot={slot.postOrder} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-3">
                  <span className="shrink-0 text-sm font-semibold tabular-nums" data-slot-time>
                    {formatDateTime(slot.scheduledTime, timeZone)}
                  </span>
                  <span className="min-w-0 truncate text-sm text-base-content/75">{`#${slot.postOrder} ${firstLines[slot.postOrder] ?? ""}`}</span>
                  {slot.moved && <span className="badge badge-warning badge-soft badge-sm shrink-0">moved: that day was taken</span>}
                </li>
              ))}
            </ol>
          )}
          {(preview.data?.unplaced.length ?? 0) > 0 && (
            <p className="mt-2 text-xs text-base-content/70">{`${plural(preview.data!.unplaced.length, "draft")} without a recommended time stay in Drafts; schedule them one by one.`}</p>
          )}
          <FailureAlert message={failure} id={`${id}-failure`} />
          <div className="modal-action">
            <DialogCancel closer={closer} />
            <button
              type="button"
              className="btn btn-primary"
              disabled={slots.length === 0 || schedule.isPending || preview.isFetching}
              aria-busy={schedule.isPending || undefined}
              onClick={() => schedule.mutate()}
            >
              {schedule.isPending ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : (
                <Icon d={appIcons.calendar} className="size-4" />
              )}
              {unsaved ? `Save and schedule ${plural(slots.length, "post")}` : `Schedule ${plural(slots.length, "post")}`}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
