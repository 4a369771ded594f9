import { MAX_HOOK_CHARS } from "../../../services/strategist/plan";

/** Opening lines: what LinkedIn shows above "...see more", made from the article's sentences. */

/** The hook keeps a margin under the contract's limit. */
export const HOOK_CHARS = MAX_HOOK_CHARS - 10;

/**
 * A sentence as an opening line: "Today, we're..." loses its "Today," (the post is not today),
 * and a long sentence is cut at its first clause if what remains still says something.
 */
export function asHook(text: string): string | undefined {
  let hook = text.replace(/^(?:Today|Now|So|Well|In short|Simply put),\s+/i, "");
  hook = hook[0]!.toUpperCase() + hook.slice(1);
  if (hook.length <= HOOK_CHARS) return hook;
  const clause = hook.slice(0, HOOK_CHARS).match(/^(.{40,}?)(?:,\s+(?:and|but|or|which|so|while|because|where)\s|;\s|\s[—–]\s|:\s)/u)?.[1];
  if (!clause || clause.split(/\s+/).length < 6) return undefined;
  return `${clause.replace(/[,;:]$/, "")}.`;
}

/** A quotation for an explanation: cut at a word, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text.replace(/[.:;,]$/, "");
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[.:;,]$/, "")}…`;
}
