import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { deleteAccount } from "../api";
import { ConfirmDialog, DismissButton } from "../ui/confirm-dialog";
import { FailureAlert } from "../ui/failure-alert";
import { failureMessage } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { QueryProvider } from "../query-client";
import { toastAfterNavigation } from "../ui/toast-store";

/**
 * Settings' danger zone (PRODUCT.md "Accounts and sessions"): download everything as JSON, and
 * delete the account after typing its email address in a confirmation dialog.
 */
export default function DangerZone(props: { email: string }) {
  return (
    <QueryProvider>
      <Danger {...props} />
    </QueryProvider>
  );
}

function Danger({ email }: { email: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();

  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: (answer) => {
      toastAfterNavigation({ title: "Account deleted", description: answer.message });
      window.location.assign("/login");
    },
    // Reported inside the dialog: while a modal dialog is open the rest of the page, the toast
    // region included, is inert and unheard.
    onError: async (error) => {
      if (await followGuard(error)) return;
      setFailure(failureMessage(error));
    },
  });
  const busy = remove.isPending || remove.isSuccess;

  function open() {
    setTyped("");
    setFailure(null);
    remove.reset();
    dialog.current?.showModal();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmed) remove.mutate(typed.trim());
  }

  return (
    <div className="divide-y divide-base-300">
      <div className="flex flex-col gap-3 pb-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-medium">Download my data</h3>
          <p className="text-sm text-base-content/70">A JSON file with your profile and every post you have saved.</p>
        </div>
        <a href="/api/user/export" download className="btn btn-outline btn-sm shrink-0">
          <Icon d={appIcons.download} className="size-4" />
          Download my data
        </a>
      </div>
      <div className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-medium">Delete account</h3>
          <p className="text-sm text-base-content/70">Deletes your account, your posts and your plans, and signs you out. This cannot be undone.</p>
        </div>
        {/* A deeper red than daisyUI's error in the light theme: its own is under 4.5:1 as text on white. */}
        <button
          type="button"
          className="btn btn-outline btn-sm shrink-0 border-red-700/60 text-red-700 hover:border-red-700 hover:bg-red-700 hover:text-white dark:border-error/60 dark:text-error dark:hover:bg-error dark:hover:text-error-content"
          onClick={open}
        >
          <Icon d={appIcons.trash} className="size-4" />
          Delete account
        </button>
      </div>

      <ConfirmDialog
        dialogRef={dialog}
        id={id}
        question="Delete your account?"
        explanation="Your profile, posts and plans will be deleted and you will be signed out. Your data is removed within 30 days. This cannot be undone."
        onSubmit={submit}
      >
        <div className="mt-5 flex flex-col gap-1.5">
          <label htmlFor={`${id}-confirm`} className="text-sm font-medium">
            Type <span className="font-semibold break-all">{email}</span> to confirm
          </label>
          <input
            id={`${id}-confirm`}
            type="email"
            className="input w-full"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <FailureAlert message={failure} />
        <div className="modal-action">
          <DismissButton dialogRef={dialog} disabled={busy} />
          <button type="submit" className="btn btn-error" disabled={!confirmed || busy} aria-busy={busy || undefined}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {busy ? "Deleting..." : "Delete account"}
          </button>
        </div>
      </ConfirmDialog>
    </div>
  );
}
