import { type FormEvent, useId } from "react";
import { MAX_CONTENT_TEXT_CHARS } from "../../src/shared/words";
import type { ContentType } from "../api";
import { appIcons, Icon } from "../ui/icons";
import { countWords, formatCount, plural } from "../posts/plan-text";

const contentTypes: { value: ContentType; label: string }[] = [
  { value: "blog", label: "Blog Post" },
  { value: "newsletter", label: "Newsletter" },
  { value: "thread", label: "Twitter Thread" },
  { value: "other", label: "Other" },
];

export type ContentDraft = { text: string; url: string; contentType: ContentType };

/** Whether the paste can be planned: not blank, not over the server's limit, nothing already running. */
export function canPlan(draft: ContentDraft, working: boolean): boolean {
  return draft.text.trim() !== "" && !working && draft.text.length <= MAX_CONTENT_TEXT_CHARS;
}

/**
 * The Generate page's form: the paste with its counts (the server's limit shown as the text grows
 * and explained when passed; a 10,000-word article fits), the optional URL and the content type.
 */
export function ContentForm({
  draft,
  onChange,
  working,
  onSubmit,
}: {
  draft: ContentDraft;
  onChange: (draft: ContentDraft) => void;
  working: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const id = useId();
  const { text, url, contentType } = draft;
  const setText = (value: string) => onChange({ ...draft, text: value });
  const setUrl = (value: string) => onChange({ ...draft, url: value });
  const setContentType = (value: ContentType) => onChange({ ...draft, contentType: value });
  const chars = text.length;
  const words = countWords(text);
  const overLimit = chars > MAX_CONTENT_TEXT_CHARS;
  const canGenerate = canPlan(draft, working);
  return (
    <form onSubmit={onSubmit} className="card border border-base-300 bg-base-100 shadow-sm xl:sticky xl:top-20">
      <div className="card-body gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            Your content
          </label>
          <textarea
            id={`${id}-text`}
            name="contentText"
            className="textarea h-64 w-full resize-y leading-relaxed xl:h-80"
            placeholder="Paste your blog post, newsletter or article here..."
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-counts`}
          />
          <p
            id={`${id}-counts`}
            data-counts
            className={`flex justify-between text-xs tabular-nums ${overLimit ? "font-semibold text-base-content" : "text-base-content/70"}`}
          >
            <span>{`${formatCount(chars)} / ${formatCount(MAX_CONTENT_TEXT_CHARS)} characters`}</span>
            <span>{plural(words, "word")}</span>
          </p>
          {overLimit ? (
            <p id={`${id}-limit`} role="alert" className="rounded-box bg-error px-3 py-2 text-xs font-medium text-error-content">
              {`That is ${formatCount(chars - MAX_CONTENT_TEXT_CHARS)} characters over the limit: paste a shorter part of the article.`}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-url`} className="text-sm font-medium">
            Content URL <span className="font-normal text-base-content/70">(optional)</span>
          </label>
          <input
            id={`${id}-url`}
            name="contentUrl"
            type="url"
            className="input w-full"
            placeholder="https://yourblog.com/your-article"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-describedby={`${id}-url-hint`}
          />
          <p id={`${id}-url-hint`} className="text-xs text-base-content/70">
            Where it was published. We suggest it as the first comment, never in a post.
          </p>
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">
            Content type
          </label>
          <select
            id={`${id}-type`}
            name="contentType"
            className="select w-full"
            value={contentType}
            onChange={(event) => setContentType(event.target.value as ContentType)}
          >
            {contentTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>

        <button
          type="submit"
          className="btn btn-primary w-full"
          disabled={!canGenerate}
          aria-busy={working || undefined}
          aria-describedby={overLimit ? `${id}-limit` : undefined}
        >
          {working ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon d={appIcons.sparkles} className="size-4" />}
          {working ? "Your strategist is working..." : "Create Strategic Plan"}
        </button>
      </div>
    </form>
  );
}
