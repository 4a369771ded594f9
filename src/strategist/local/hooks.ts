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
  let hook = stripConnective(withoutLabel(text)).replace(
    /^(?:Today|Now|So|Well|In short|Simply put),\s+|^(?:TL;?DR|In short|Summary|Short version)\s*:\s+|^the (?:honest |short |simple |real )?answer is(?: that)?\s+(?=\S+\s+\S+\s+\S+)/i,
    "",
  );
  hook = hook[0]!.toUpperCase() + hook.slice(1);
  // A promise of more to come ("We'll share a fuller update after two quarters.") closes a section; it opens nothing.
  if (PROMISES.test(hook) || CALLS_TO_READER.test(hook) || INTRODUCES_US.test(text) || CODE_NAME.test(hook) || BEING_STRAIGHT.test(hook)) return undefined;
  return hook.length <= HOOK_CHARS ? hook : undefined;
}

/**
 * The article's call to its readers ("I'd love to know if you see the same pattern.", "Reply and tell me") ends a post; it
 * never opens one. "Tickets tell me what they were trying to do" is a claim: only "Tell me...", "please tell me..." ask.
 */
const CALLS_TO_READER =
  /\b(?:I['’]d love to (?:know|hear)|I['’]d like to hear|let me know|(?:comment|reply|write|email) (?:below|or|and|to me)|DM me|drop me a (?:line|note)|my inbox is open)\b|(?:^|[.!?]\s+|\b(?:please|and|so|just|do|then)\s)tell me (?:if|what|how|in the comments)\b/i;

/** "For anyone new here: Halyard does...", « Para quien no nos conozca: ... »: the company introducing itself, a side note. */
const INTRODUCES_US =
  /^(?:for (?:anyone|those|everyone) (?:new here|who doesn['’]t know us|who don['’]t know us)|for (?:newcomers|new readers|new subscribers)|if you['’]re new here|para (?:quien|quienes) no nos conozca[n]?|pour (?:ceux|celles) qui ne nous connaissent pas|für alle,? die uns nicht kennen|quick (?:context|background))\s*[:,]/iu;

/** "Set max_attempts to 1": a setting's name in code, which a LinkedIn reader cannot place. */
const CODE_NAME = /(?<![\p{L}])[a-z]+_[a-z_]+(?![\p{L}])|(?<![\p{L}])[a-z]+[A-Z][a-zA-Z]+\(/u;

/** "I want to be straightforward about what that means for you.": the author about to say something, saying nothing yet. */
const BEING_STRAIGHT =
  /^(?:I|we)\s(?:want|wanted|['’]d like|would like|need)\sto\sbe\s(?:straightforward|honest|clear|upfront|transparent|open|direct|straight)\s(?:with you\s)?about\s(?:what|this|that|it|how|why)\b/iu;

const PROMISES =
  /^(?:(?:we|I)(?:'ll|’ll| will| plan to| hope to)\s(?:share|post|write|publish|report|follow up|update|send|let you know|be back|keep you posted)|more on (?:that|this)|stay tuned|see you)(?![\p{L}])/iu;

/** "So we're changing how we sell." -> "We're changing how we sell.": the connective leans on a line the post does not have. */
export function stripConnective(text: string): string {
  const match = /^(?:So|And|Also|Then)\s+(?!that\b|far\b|much\b|many\b|long\b)(\p{L})/u.exec(text);
  if (match) return match[1]!.toUpperCase() + text.slice(match[0].length);
  // "More importantly, our worst month is now about 70% of our best.": more important than a line the hook left behind.
  const weighed = /^(?:More|Most|Even more|Just as) importantly,\s+(\p{L})/u.exec(text);
  if (weighed) return weighed[1]!.toUpperCase() + text.slice(weighed[0].length);
  // "We also asked which features..." -> "We asked which features...": the "also" points at a part the post does not have.
  return text.replace(/^(We|I|They|He|She)\s+also\s+(?=\p{Ll})/u, "$1 ");
}

/** A form's labels, whose content is a fragment ("Who: Greg, hired in 2020"): they are never dropped to make a sentence. */
const FORM_LABEL =
  /^(?:who|client|role|date|cost|where|when|published|updated|category|tags|author|speaker|location|time|price|team|stage|sector|industry|founded|subject|from|to)$/i;

/**
 * "The ask: I'm looking for introductions..." / "Less good: our onboarding still takes too long." ->
 * the sentence after the label, which is what a stranger reads as the thought. A speaker's name
 * ("Dana Okafor:") or a form's label is not such a label.
 */
export function withoutLabel(text: string): string {
  const match = /^(\p{Lu}\p{Ll}*(?:\s\p{Ll}+){0,3})\s?:\s+(\p{L}.*)$/su.exec(text);
  // "Three goals: convert two pilots, ..." counts what follows: without its label the line reads as an order.
  if (!match || FORM_LABEL.test(match[1]!) || match[2]!.split(/\s+/).length < 5 || /^(?:two|three|four|five|six|seven)\s/i.test(match[1]!)) return text;
  return match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1);
}

/** A quotation for an explanation: cut at a word, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text.replace(/[.:;,]$/, "");
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[.:;,]$/, "")}…`;
}
