import { useState } from "react";
import { appIcons, Icon } from "../ui/icons";
import { QueryProvider } from "../query-client";
import { SchedulePlanDialog } from "../posts/schedule-plan";

/** A plan page's "Schedule as recommended" for its drafts; the page reloads to show their new states. */
export default function PlanScheduleButton(props: { sourceId: string; timezone: string; firstLines: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  return (
    <QueryProvider>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        <Icon d={appIcons.calendar} className="size-4" />
        Schedule as recommended
      </button>
      {open && (
        <SchedulePlanDialog
          sourceId={props.sourceId}
          timeZone={props.timezone}
          firstLines={props.firstLines}
          onClose={() => setOpen(false)}
          onScheduled={() => window.setTimeout(() => window.location.reload(), 600)}
        />
      )}
    </QueryProvider>
  );
}
