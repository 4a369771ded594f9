import { type ReactNode, type Ref, useEffect, useId, useRef } from "react";
import { appIcons, Icon } from "./icons";

/** A modal dialog, open from the moment it mounts; closing it (Escape, Close, the backdrop) unmounts it through onClose. */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: (titleId: string) => ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className={`modal-box ${wide ? "sm:max-w-2xl" : ""}`}>
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-square -mr-2 -mt-1" aria-label="Close" onClick={() => dialog.current?.close()}>
            <Icon d={appIcons.close} className="size-4" />
          </button>
        </div>
        <div className="mt-4">{children(`${id}-title`)}</div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}

/**
 * A dialog's Cancel: closes the dialog it is in, so the dialog's own close handling runs. Its ref
 * lets a successful action close the dialog the same way.
 */
export function DialogCancel({ closer, label = "Cancel", disabled }: { closer?: Ref<HTMLButtonElement>; label?: string; disabled?: boolean }) {
  return (
    <button ref={closer} type="button" className="btn btn-ghost" disabled={disabled} onClick={(event) => event.currentTarget.closest("dialog")?.close()}>
      {label}
    </button>
  );
}
