/**
 * LinkedIn's share composer, opened with the post's text filled in: the posting assistant's
 * "Post it on LinkedIn" (reminder email, calendar feed, Post now). Pure and browser-safe:
 * islands import it too.
 */

const COMPOSER = "https://www.linkedin.com/feed/?shareActive=true&text=";

/** The composer URL for a post's text (every character percent-encoded, line breaks kept). */
export function linkedinComposerUrl(text: string): string {
  return COMPOSER + encodeURIComponent(text);
}

/** LinkedIn shows fewer people a post with a link in it, so the source goes in the first comment. */
export const FIRST_COMMENT_NOTE = "Put the link in the first comment: posts with a link in the text reach fewer people.";

/**
 * How to attach a carousel by hand: LinkedIn's composer cannot be prefilled with a file, so the
 * reminder email and the Post now page say where the PDF goes.
 */
export const CAROUSEL_ATTACH_NOTE =
  "This post has a carousel. Download the PDF, then in LinkedIn's composer choose Add a document (under the + or More button), upload the PDF and give it a title before you post.";
