import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { apiRequest } from "../api";
import { copyToClipboard } from "../ui/clipboard";
import { ConfirmDialog, DismissButton } from "../ui/confirm-dialog";
import { FailureAlert } from "../ui/failure-alert";
import { failureMessage } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { QueryProvider } from "../query-client";
import { toast } from "../ui/toast-store";

const regenerateFeed = () => apiRequest<{ calendarFeedUrl: string }>("POST", "/api/user/calendar-feed");

/** Calendar apps subscribe with webcal:// (Apple, Outlook) and accept it in Google's "From URL". */
const webcal = (url: string) => url.replace(/^https?:/, "webcal:");

/**
 * Settings → Calendar feed: the private ICS address that puts scheduled posts in the user's own
 * calendar, with Copy, Subscribe (webcal) and Regenerate behind a confirm (the old address stops
 * working, so anyone it leaked to loses it).
 */
export default function CalendarFeed(props: { url: string }) {
  return (
    <QueryProvider>
      <Feed {...props} />
    </QueryProvider>
  );
}

function Feed({ url: initialUrl }: { url: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [url, setUrl] = useState(initialUrl);
  const [failure, setFailure] = useState<string | null>(null);

  const regenerate = useMutation({
    mutationFn: regenerateFeed,
    onSuccess: ({ calendarFeedUrl }) => {
      setUrl(calendarFeedUrl);
      dialog.current?.close();
      toast({ title: "New calendar address", description: "The old address no longer works. Update your calendar with the new one." });
    },
    // Shown inside the dialog: while it is open the toast region is inert.
    onError: async (error) => {
      if (await followGuard(error)) return;
      setFailure(failureMessage(error));
    },
  });

  function open() {
    setFailure(null);
    regenerate.reset();
    dialog.current?.showModal();
  }

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={`${id}-url`} className="text-sm font-medium">
        Your private calendar address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-url`}
          className="input w-full font-mono text-xs"
          value={url}
          readOnly
          onFocus={(event) => event.target.select()}
          aria-describedby={`${id}-hint`}
        />
        <button
          type="button"
          className="btn btn-primary shrink-0"
          onClick={() => void copyToClipboard(url, "Paste it into your calendar app's 'subscribe from URL'.")}
        >
          Copy
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        Anyone with this address can see your scheduled and posted posts. Keep it private; if it leaks, regenerate it.
      </p>
      <div className="flex flex-wrap gap-2">
        <a className="btn btn-outline btn-sm" href={webcal(url)}>
          Subscribe in your calendar app
        </a>
        <button type="button" className="btn btn-ghost btn-sm" onClick={open}>
          Regenerate address
        </button>
      </div>

      <ConfirmDialog
        dialogRef={dialog}
        id={id}
        question="Regenerate the calendar address?"
        explanation="The old address stops working at once. Calendars subscribed to it stop updating until you add the new one."
      >
        <FailureAlert message={failure} />
        <div className="modal-action">
          <DismissButton dialogRef={dialog} disabled={regenerate.isPending} />
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => regenerate.mutate()}
            disabled={regenerate.isPending}
            aria-busy={regenerate.isPending || undefined}
          >
            {regenerate.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Regenerate
          </button>
        </div>
      </ConfirmDialog>
    </div>
  );
}
