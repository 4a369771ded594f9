import { MAX_HOOK_CHARS } from "../plan";

/** Opening lines: what LinkedIn shows above "...see more", made from the article's sentences. */

/** The hook keeps a margin under the contract's limit. */
export const HOOK_CHARS = MAX_HOOK_CHARS - 10;

/**
 * A sentence as an opening line: "Today, we're..." loses its "Today," (the post is not today).
 * A sentence longer than LinkedIn shows is not cut (its second half would go missing): another
 * opening is chosen instead.
 */
export function asHook(text: string): string | undefined {
  let hook = text.replace(/^(?:Today|Now|So|Well|In short|Simply put),\s+|^(?:TL;?DR|In short|Summary|Short version)\s*:\s+/i, "");
  hook = hook[0]!.toUpperCase() + hook.slice(1);
  return hook.length <= HOOK_CHARS ? hook : undefined;
}

/** A quotation for an explanation: cut at a word, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text.replace(/[.:;,]$/, "");
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[.:;,]$/, "")}…`;
}
