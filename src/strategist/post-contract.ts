import * as v from "valibot";
import { MAX_CONTENT_CHARS, MAX_HASHTAGS, MAX_HOOK_CHARS, openingLine, planPostEntries, tidyContent } from "./plan";

/**
 * The plan contract (./plan.ts) for one post on its own, as a rewrite answers it: the content
 * (at most 3,000 characters, no links, at most 5 hashtags) and its hook, the content's first
 * line (at most 210 characters). Built from the plan's own entries so the two cannot differ.
 */

export const rewrittenPostSchema = v.pipe(
  v.object({ content: planPostEntries.content, hook: planPostEntries.hook }),
  v.forward(
    v.check((post) => post.hook === openingLine(post.content), "hook must be the first line of content"),
    ["hook"],
  ),
);

export type RewrittenPost = v.InferOutput<typeof rewrittenPostSchema>;

export type PostCheck = { ok: true; post: RewrittenPost } | { ok: false; problems: string[] };

/**
 * Tidies what cannot change meaning (line endings, trailing spaces, runs of blank lines), takes
 * the hook from the first line, and checks the contract; `original` is the post before the
 * rewrite, which the answer must differ from. Never throws.
 */
export function checkRewrittenPost(content: unknown, original?: string): PostCheck {
  if (typeof content !== "string") return { ok: false, problems: ["content must be text"] };
  const tidy = tidyPost(content);
  const result = v.safeParse(rewrittenPostSchema, { content: tidy, hook: openingLine(tidy) });
  if (!result.success) {
    return {
      ok: false,
      problems: result.issues.map((issue) => {
        const path = v.getDotPath(issue);
        return path ? `${path}: ${issue.message}` : issue.message;
      }),
    };
  }
  if (original !== undefined && squash(result.output.content) === squash(original)) {
    return { ok: false, problems: ["content must differ from the post it rewrites"] };
  }
  return { ok: true, post: result.output };
}

export const tidyPost = tidyContent;

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** The JSON schema OpenAI's structured output is asked for (strict): the post, nothing else. */
export const rewrittenPostJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["content"],
  properties: {
    content: {
      type: "string",
      description: `The whole post as it will be published, at most ${MAX_CONTENT_CHARS} characters: the hook (at most ${MAX_HOOK_CHARS} characters) as its first line, short paragraphs separated by blank lines, no links, the hashtags line (${MAX_HASHTAGS} at most) last.`,
    },
  },
} as const;
