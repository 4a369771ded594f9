import { type FormEvent, type ReactNode, useId, useState } from "react";
import { FIRST_COMMENT_NOTE, linkedinComposerUrl } from "../../src/shared/linkedin-composer";
import { copyToClipboard } from "../ui/clipboard";
import { FailureAlert } from "../ui/failure-alert";

/**
 * Post now, the posting assistant's by-hand publish: copy the text, open LinkedIn's composer
 * with it filled in, then ask whether it went out. Used on post cards, /posts/:id and the
 * reminder email's landing page.
 */

/**
 * Copies the text, then opens the composer in a new tab. Call it straight from a click handler:
 * browsers allow the new tab and the clipboard only during the user's gesture. The copy starts
 * first, while this page still has focus.
 */
export function startPostNow(text: string): void {
  // The question that follows says it is copied; only a failure needs its own word.
  void copyToClipboard(text, undefined, { quiet: true });
  window.open(linkedinComposerUrl(text), "_blank", "noopener,noreferrer");
}

/** The question after Post now (and Mark as Posted's confirm): the optional LinkedIn address, then yes. */
export function MarkPostedForm({
  afterPostNow,
  pending,
  failure,
  onSubmit,
  cancel,
}: {
  afterPostNow: boolean;
  pending: boolean;
  failure: string | null;
  onSubmit: (linkedinUrl: string) => void;
  cancel: ReactNode;
}) {
  const id = useId();
  const [linkedinUrl, setLinkedinUrl] = useState("");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(linkedinUrl);
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="text-sm text-base-content/80">
        {afterPostNow
          ? "LinkedIn opened in a new tab with your post filled in (it is on your clipboard too). Once it is live, mark it as posted here."
          : "Mark this post as posted once it is live on LinkedIn."}
      </p>
      <label htmlFor={`${id}-url`} className="mt-4 block text-sm font-medium">
        LinkedIn post URL (optional)
      </label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        className="input mt-1.5 w-full"
        placeholder="https://www.linkedin.com/feed/update/..."
        maxLength={500}
        value={linkedinUrl}
        onChange={(event) => setLinkedinUrl(event.target.value)}
        aria-describedby={`${id}-url-hint`}
      />
      <p id={`${id}-url-hint`} className="mt-1.5 text-xs text-base-content/70">
        On LinkedIn, open the post's ⋯ menu and choose Copy link to post. With it, we can ask how the post did and learn your best times.
      </p>
      <FailureAlert message={failure} />
      <div className="modal-action">
        {cancel}
        <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Yes, mark as posted
        </button>
      </div>
    </form>
  );
}

/** The first-comment advice, when the post's article has an address. */
export function FirstCommentNote({ sourceUrl }: { sourceUrl: string | null | undefined }) {
  if (!sourceUrl) return null;
  return (
    <p className="text-xs text-base-content/70">
      {`${FIRST_COMMENT_NOTE} `}
      <span className="break-all font-medium">{sourceUrl}</span>
    </p>
  );
}
