/** A failure shown inside a dialog, where a toast would go unheard: the open modal makes the toast region inert. The dialog stays open to try again. */
export function FailureAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert alert-error alert-soft mt-4 text-sm" id={id}>
      {message}
    </p>
  );
}
