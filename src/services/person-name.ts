import * as v from "valibot";

/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates and marks, UAX #9): in a
 * name they can reverse the text around them, so "Ada\u202Egnp.exe" reads "Adaexe.png" on a
 * page or in an email. Right-to-left letters need none of them to show right.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** A person's name as PRODUCT.md bounds it (1-100 characters): the account's and the contact form's. */
export const personNameSchema = v.pipe(
  v.string("Name is required."),
  v.trim(),
  v.nonEmpty("Name is required."),
  v.maxLength(100, "Name must be at most 100 characters."),
  v.check((name) => !BIDI_CONTROLS.test(name), "Name cannot contain characters that change the direction of text."),
);
