import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { useHydrated } from "../ui/auth-ui";
import { failureToast } from "../ui/failure-toast";
import { toast, toastAfterNavigation } from "../ui/toast-store";

type AuthFormOptions<Input, Answer> = {
  send: (input: Input) => Promise<Answer>;
  /** The failure toast's title and its text when the server gave none. */
  failureTitle: string;
  failureFallback?: string;
  /** Where a success goes, and the toast that page shows on arrival. */
  next?: { path: string; toast: string };
  onSuccess?: (answer: Answer, input: Input) => void;
};

/**
 * What the account forms (login, signup, forgot and reset password) share: one request, its
 * failure as a toast, ids for the fields, and whether the button may be pressed yet.
 */
export function useAuthForm<Input, Answer>({ send, failureTitle, failureFallback, next, onSuccess }: AuthFormOptions<Input, Answer>) {
  const id = useId();
  const hydrated = useHydrated();
  const request = useMutation({
    mutationFn: send,
    onSuccess: (answer, input) => {
      onSuccess?.(answer, input);
      if (!next) return;
      toastAfterNavigation({ title: next.toast });
      window.location.assign(next.path);
    },
    onError: (error) => toast(failureToast(error, failureTitle, failureFallback)),
  });
  // Still busy after a success that navigates: the browser is on its way to the next page.
  const busy = request.isPending || (next !== undefined && request.isSuccess);

  /** A submit handler: `read` turns the form into the request's input, or null to send nothing. */
  const submitWith = (read: (form: FormData) => Input | null) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = read(new FormData(event.currentTarget));
    if (input !== null) request.mutate(input);
  };

  return { id, hydrated, busy, request, submitWith };
}

/** A text field's value from a submitted form ("" when absent). */
export const fieldText = (form: FormData, name: string) => String(form.get(name) ?? "");
