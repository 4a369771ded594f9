import { isNetworkError, serverMessageOf } from "../api";
import { networkErrorToast, type ToastInput } from "./toast-store";

/**
 * What a failed request tells the user (SPEC.md section 8): the server's own words when it
 * answered with some, otherwise the caller's fallback; a request that got no answer at all has
 * its own generic text.
 */

const TRY_AGAIN = networkErrorToast.description ?? "Something went wrong. Please try again.";

/** The failure as one sentence, for an alert inside a dialog (where the toast region is inert). */
export function failureMessage(error: unknown, fallback = TRY_AGAIN): string {
  return isNetworkError(error) ? TRY_AGAIN : (serverMessageOf(error) ?? fallback);
}

/** The failure as a toast titled `title`; with no answer at all, the generic network toast instead. */
export function failureToast(error: unknown, title: string, fallback = TRY_AGAIN): ToastInput {
  return isNetworkError(error) ? networkErrorToast : failureToastWithTitle(error, title, fallback);
}

/** The failure as a toast that keeps `title` whatever happened; no answer at all reads as `fallback`. */
export function failureToastWithTitle(error: unknown, title: string, fallback = TRY_AGAIN): ToastInput {
  return { title, description: serverMessageOf(error) ?? fallback, variant: "destructive" };
}
