import { type KeyboardEvent, useId, useRef, useState } from "react";

export type EmailPreviewTab = { kind: string; label: string; description: string };

type Preview = { state: "idle" } | { state: "loading" } | { state: "loaded"; html: string } | { state: "failed"; message: string };

/**
 * Tabs of the emails the product sends; each tab's Load Preview button fetches the rendered
 * email and shows it in a sandboxed frame. Follows the WAI-ARIA tabs pattern: one tab in the
 * Tab order, arrow keys (and Home/End) move between tabs and select them.
 */
export default function EmailPreview({ tabs }: { tabs: EmailPreviewTab[] }) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const [previews, setPreviews] = useState<Record<string, Preview>>({});
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number) {
    setSelected(index);
    tabRefs.current[index]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1;
    const target = (
      {
        ArrowRight: selected === last ? 0 : selected + 1,
        ArrowLeft: selected === 0 ? last : selected - 1,
        Home: 0,
        End: last,
      } as Record<string, number>
    )[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  async function load(kind: string) {
    const set = (preview: Preview) => setPreviews((current) => ({ ...current, [kind]: preview }));
    set({ state: "loading" });
    try {
      const response = await fetch(`/api/preview-email/${encodeURIComponent(kind)}`);
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? `The server answered ${response.status}.`);
      }
      set({ state: "loaded", html: await response.text() });
    } catch (error) {
      set({ state: "failed", message: error instanceof Error ? error.message : "Something went wrong. Please try again." });
    }
  }

  return (
    <div>
      <div role="tablist" aria-label="Emails" className="tabs tabs-box w-fit max-w-full overflow-x-auto">
        {tabs.map((tab, index) => (
          <button
            key={tab.kind}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.kind}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${tab.kind}`}
            tabIndex={index === selected ? 0 : -1}
            className={`tab whitespace-nowrap ${index === selected ? "tab-active" : ""}`}
            onClick={() => select(index)}
            onKeyDown={onTabKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => {
        const preview = previews[tab.kind] ?? { state: "idle" };
        return (
          // Panels stay mounted while hidden, so a loaded preview is still there on return.
          <div
            key={tab.kind}
            role="tabpanel"
            id={`${id}-panel-${tab.kind}`}
            aria-labelledby={`${id}-tab-${tab.kind}`}
            hidden={index !== selected}
            tabIndex={0}
            className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
          >
            <div className="flex flex-wrap items-center justify-between gap-4">
              <div>
                <h2 className="text-xl font-semibold">{`${tab.label} email`}</h2>
                <p className="text-sm text-base-content/75">{tab.description}</p>
              </div>
              <button type="button" className="btn btn-primary" disabled={preview.state === "loading"} onClick={() => load(tab.kind)}>
                {preview.state === "loading" && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Load Preview
              </button>
            </div>
            <div aria-live="polite" className="mt-4">
              {preview.state === "failed" && (
                <p role="alert" className="alert alert-error alert-soft">{`Could not load the preview: ${preview.message}`}</p>
              )}
              {preview.state === "loading" && <p className="text-sm text-base-content/75">Rendering the email...</p>}
            </div>
            {preview.state === "loaded" && (
              <iframe
                title={`${tab.label} email preview`}
                // Links open in a new tab: inside the frame they would hit pages that refuse framing.
                srcDoc={preview.html.replace(/<head([^>]*)>/i, '<head$1><base target="_blank">')}
                // No scripts, forms or same-origin access: the frame only displays the email.
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                className="h-[75vh] min-h-[480px] w-full rounded-box border border-base-300 bg-white"
              />
            )}
            {preview.state === "idle" && (
              <p className="mt-2 rounded-box border border-dashed border-base-300 p-8 text-center text-sm text-base-content/75">
                Choose Load Preview to see this email as it is sent, with sample data.
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
