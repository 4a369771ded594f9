import { useEffect, useId, useRef, useState } from "react";
import { formatLongDate } from "../../src/shared/format-date";
import { disconnectLinkedin, type LinkedinStatus } from "../api";
import { ConfirmDialog, DismissButton } from "../ui/confirm-dialog";
import { FailureAlert } from "../ui/failure-alert";
import { failureMessage } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { toast } from "../ui/toast-store";

/**
 * Settings → LinkedIn (issue #15): connect one profile for auto-posting; once connected, who it
 * is and until when, Reconnect (which replaces it, after a confirm) and Disconnect (after a
 * confirm; the tokens are deleted). The connect flow itself is a full-page redirect to LinkedIn.
 */
export default function LinkedinConnection({
  initial,
  timeZone,
  justConnected,
}: {
  initial: LinkedinStatus["connection"];
  timeZone: string;
  justConnected: boolean;
}) {
  const id = useId();
  const [connection, setConnection] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reconnectDialog = useRef<HTMLDialogElement>(null);
  const disconnectDialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!justConnected) return;
    toast({ title: "LinkedIn connected", description: "Scheduled posts can now be published automatically." });
    // The toast is shown once: a reload does not repeat it.
    window.history.replaceState(null, "", window.location.pathname);
  }, [justConnected]);

  async function disconnect() {
    setBusy(true);
    setFailure(null);
    try {
      await disconnectLinkedin();
      setConnection(null);
      disconnectDialog.current?.close();
      toast({ title: "LinkedIn disconnected" });
    } catch (error) {
      if (!(await followGuard(error))) setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (!connection) {
    return (
      <div className="flex flex-col items-start gap-3" data-linkedin-state="disconnected">
        <p className="text-sm text-base-content/80">Connect your LinkedIn profile and scheduled posts are published for you at their time.</p>
        <a href="/linkedin/connect?from=settings" className="btn btn-primary">
          Connect LinkedIn
        </a>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-linkedin-state="connected">
      <div className="flex items-center gap-3">
        {connection.pictureUrl ? (
          <img src={connection.pictureUrl} alt="" className="size-12 rounded-full bg-base-200 object-cover" referrerPolicy="no-referrer" />
        ) : (
          <span className="flex size-12 items-center justify-center rounded-full bg-base-200 text-lg font-semibold" aria-hidden="true">
            {connection.name.slice(0, 1)}
          </span>
        )}
        <div>
          <p className="font-semibold" data-linkedin-name>
            {connection.name}
          </p>
          <p className="text-sm text-base-content/70" data-linkedin-expiry>{`Connected until ${formatLongDate(connection.expiresAt, timeZone)}`}</p>
        </div>
      </div>
      <p className="text-xs text-base-content/70">
        LinkedIn ends the connection after 60 days. We email you 7 days and 1 day before; reconnect to keep publishing.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => reconnectDialog.current?.showModal()}>
          Reconnect
        </button>
        <button type="button" className="btn btn-ghost btn-sm text-red-700 dark:text-error" onClick={() => disconnectDialog.current?.showModal()}>
          Disconnect
        </button>
      </div>
      <ConfirmDialog
        dialogRef={reconnectDialog}
        id={`${id}-reconnect`}
        question="Reconnect LinkedIn?"
        explanation={`You will sign in to LinkedIn again. The profile you choose replaces ${connection.name}, and posts set to publish automatically use it.`}
      >
        <div className="modal-action">
          <DismissButton dialogRef={reconnectDialog} disabled={false} />
          <a href="/linkedin/connect?replace=1&from=settings" className="btn btn-primary">
            Continue to LinkedIn
          </a>
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        dialogRef={disconnectDialog}
        id={`${id}-disconnect`}
        question="Disconnect LinkedIn?"
        explanation="Posts set to publish automatically switch to Remind me: you get an email with each one at its time. Your LinkedIn access is deleted from our servers."
      >
        <FailureAlert message={failure} />
        <div className="modal-action">
          <DismissButton dialogRef={disconnectDialog} disabled={busy} />
          <button type="button" className="btn btn-error" disabled={busy} aria-busy={busy || undefined} onClick={() => void disconnect()}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Disconnect
          </button>
        </div>
      </ConfirmDialog>
    </div>
  );
}
