/** A failure shown inside a dialog, where a toast would go unheard: the open modal makes the toast region inert. */
export function FailureAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert alert-error alert-soft mt-4 text-sm">
      {message}
    </p>
  );
}
