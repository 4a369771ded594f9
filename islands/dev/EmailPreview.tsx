import { type KeyboardEvent, useId, useRef, useState } from "react";
import { formatLocalTimestamp } from "../../src/shared/format-date";

export type EmailPreviewTab = { kind: string; label: string; description: string };

type Preview = { state: "idle" } | { state: "loading" } | { state: "loaded"; html: string } | { state: "failed"; message: string };

/**
 * Tabs of the emails the product sends; each tab's Load Preview button fetches the rendered
 * email and shows it in a sandboxed frame. Follows the WAI-ARIA tabs pattern: one tab in the
 * Tab order, arrow keys (and Home/End) move between tabs and select them.
 */
export default function EmailPreview({
  tabs: templates,
  outboxKey,
}: {
  tabs: EmailPreviewTab[] /** Development only, given to whoever opened the secret address: a last tab with the emails really sent. */;
  outboxKey?: string;
}) {
  const id = useId();
  const tabs = outboxKey ? [...templates, OUTBOX_TAB] : templates;
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
            className={`tab whitespace-nowrap ${index === selected ? "tab-active" : "text-base-content/80"}`}
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
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern: a tab panel takes focus so its content is reached next
            tabIndex={0}
            className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
          >
            {tab.kind === OUTBOX_TAB.kind ? (
              <OutboxPanel outboxKey={outboxKey!} />
            ) : (
              <>
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
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}

const OUTBOX_TAB: EmailPreviewTab = { kind: "outbox", label: "Outbox", description: "The last 50 emails this install sent (development only)." };

type OutboxEmail = { id: string; kind: string; to: string; subject: string; createdAt: string; html: string };

/** The outbox's last 50 emails, newest first; one open at a time in a sandboxed frame, its links opening in a new tab. */
function OutboxPanel({ outboxKey }: { outboxKey: string }) {
  const [emails, setEmails] = useState<OutboxEmail[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function load() {
    setLoading(true);
    setFailure(null);
    try {
      const response = await fetch(`/api/dev/outbox?key=${encodeURIComponent(outboxKey)}`);
      if (!response.ok) throw new Error(`The server answered ${response.status}.`);
      setEmails((await response.json()) as OutboxEmail[]);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "Something went wrong. Please try again.");
    } finally {
      setLoading(false);
    }
  }

  const shown = emails?.find((email) => email.id === open);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">Outbox</h2>
          <p className="text-sm text-base-content/75">{OUTBOX_TAB.description}</p>
        </div>
        <button type="button" className="btn btn-primary" disabled={loading} onClick={() => void load()}>
          {loading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {emails ? "Refresh" : "Load Outbox"}
        </button>
      </div>
      {failure && <p role="alert" className="alert alert-error alert-soft mt-4">{`Could not load the outbox: ${failure}`}</p>}
      {emails && emails.length === 0 && <p className="mt-4 text-sm text-base-content/75">No emails yet.</p>}
      {emails && emails.length > 0 && (
        <ul aria-label="Emails sent" className="mt-4 flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
          {emails.map((email) => (
            <li key={email.id}>
              <button
                type="button"
                className={`flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left hover:bg-base-200 ${open === email.id ? "bg-base-200" : ""}`}
                aria-expanded={open === email.id}
                onClick={() => setOpen(open === email.id ? null : email.id)}
              >
                <span className="text-sm font-semibold">{email.subject}</span>
                <span className="text-xs text-base-content/70">{`To ${email.to}, ${formatLocalTimestamp(email.createdAt)}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <iframe
          title={`${shown.subject} (sent to ${shown.to})`}
          srcDoc={shown.html.replace(/<head([^>]*)>/i, '<head$1><base target="_blank">')}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          className="mt-4 h-[70vh] min-h-[420px] w-full rounded-box border border-base-300 bg-white"
        />
      )}
    </div>
  );
}
