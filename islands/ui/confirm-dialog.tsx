import type { FormEvent, ReactNode, RefObject } from "react";

type ConfirmDialogProps = {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The useId prefix: the question and explanation get `${id}-title` and `${id}-text`. */
  id: string;
  question: string;
  explanation: ReactNode;
  /** Makes the box a form, for a confirmation typed into a field (delete account). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Fields, the failure line and the modal-action buttons. */
  children: ReactNode;
};

/** A modal confirmation (regenerate the feed address, cancel the subscription, delete the account): a question, what it means, then the caller's controls. */
export function ConfirmDialog({ dialogRef, id, question, explanation, onSubmit, children }: ConfirmDialogProps) {
  const content = (
    <>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {question}
      </h3>
      <p id={`${id}-text`} className="mt-2 text-sm text-base-content/80">
        {explanation}
      </p>
      {children}
    </>
  );
  return (
    <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      {onSubmit ? (
        <form method="dialog" className="modal-box" onSubmit={onSubmit}>
          {content}
        </form>
      ) : (
        <div className="modal-box">{content}</div>
      )}
    </dialog>
  );
}

/** The dialog's way back without doing anything ("Cancel", "Keep Subscription"). */
export function DismissButton({
  dialogRef,
  label = "Cancel",
  disabled,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  label?: string;
  disabled: boolean;
}) {
  return (
    <button type="button" className="btn btn-ghost" onClick={() => dialogRef.current?.close()} disabled={disabled}>
      {label}
    </button>
  );
}
