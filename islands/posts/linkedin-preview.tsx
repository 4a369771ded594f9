import { useContext, useId, useState } from "react";
import { checkPost, type PreviewView, previewParts } from "../../src/shared/linkedin-preview";
import { appIcons, Icon } from "../ui/icons";

/**
 * The post as LinkedIn's feed shows it, on a phone or on desktop, cut at '…see more' where the
 * feed cuts it (src/shared/linkedin-preview.ts), with the warnings a ghostwriter would give.
 * Used live under the generator's cards and the Edit dialog.
 */

import { PreviewAuthor } from "./preview-author";

export { PreviewAuthor };

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("") || "Y";

export function LinkedinPreview({ text, defaultOpen = false }: { text: string; defaultOpen?: boolean }) {
  const id = useId();
  const author = useContext(PreviewAuthor);
  const [view, setView] = useState<PreviewView>("mobile");
  const [expanded, setExpanded] = useState(false);
  const warnings = checkPost(text);
  const { visible, truncated } = previewParts(text, view);
  const showAll = expanded || !truncated;

  return (
    <div className="flex flex-col gap-2" data-linkedin-preview>
      {warnings.length > 0 ? (
        <ul className="flex flex-col gap-1.5" aria-label="Before you post">
          {warnings.map((warning) => (
            // Body-coloured text on a light tint: daisyUI's warning text on its soft background is under 4.5:1 in the light theme.
            <li
              key={warning.code}
              data-warning={warning.code}
              className="flex items-start gap-2 rounded-box border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
            >
              <Icon d={appIcons.alert} className="mt-0.5 size-4 shrink-0 text-warning-content dark:text-warning" />
              <span>{warning.message}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-1.5 text-xs text-base-content/70" data-warning="none">
          <Icon d={appIcons.check} className="size-4 text-success" />
          Ready for LinkedIn: the hook shows before '…see more', no link in the text, hashtags and length in bounds.
        </p>
      )}
      <details className="group rounded-box border border-base-300" open={defaultOpen}>
        <summary className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm font-medium select-none">
          <span>Preview on LinkedIn</span>
          <span className="text-xs font-normal text-base-content/70 group-open:hidden">Show</span>
        </summary>
        <div className="flex flex-col gap-3 border-t border-base-300 p-3">
          {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons: role=group names it without a <fieldset>'s form semantics */}
          <div className="join self-start" role="group" aria-label="Preview as">
            {(["mobile", "desktop"] as const).map((option) => (
              <button
                key={option}
                type="button"
                className={`btn join-item btn-xs ${view === option ? "btn-active btn-neutral" : "btn-ghost"}`}
                aria-pressed={view === option}
                onClick={() => {
                  setView(option);
                  setExpanded(false);
                }}
              >
                {option === "mobile" ? "Phone" : "Desktop"}
              </button>
            ))}
          </div>
          <div
            data-preview-view={view}
            className={`rounded-box border border-base-300 bg-base-100 p-3 shadow-sm ${view === "mobile" ? "w-full max-w-[22rem]" : "w-full max-w-[34rem]"}`}
          >
            <div className="flex items-center gap-2">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-content"
                aria-hidden="true"
              >
                {initials(author)}
              </span>
              <span className="flex flex-col leading-tight">
                <span className="text-sm font-semibold">{author}</span>
                <span className="text-xs text-base-content/60">Now · Public</span>
              </span>
            </div>
            <p id={`${id}-text`} className="mt-2 text-sm leading-snug break-words whitespace-pre-wrap">
              <span data-preview-text>{showAll ? text : visible}</span>
              {!showAll && (
                <button type="button" className="ml-1 text-base-content/60 hover:underline" onClick={() => setExpanded(true)} aria-controls={`${id}-text`}>
                  …see more
                </button>
              )}
            </p>
          </div>
        </div>
      </details>
    </div>
  );
}
