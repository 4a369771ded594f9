import { type FormEvent, useId } from "react";
import { appIcons, Icon } from "../ui/icons";

/**
 * The demo provider's card form, on /demo-checkout and on /subscribe: Stripe's well-known test
 * card, prefilled and read-only. Read-only on purpose: this page collects nothing, so nobody
 * should be invited to type a real card number into it.
 */

const DEMO_CARD = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

export function DemoCardForm({
  label,
  busyLabel,
  busy,
  disabled,
  onSubmit,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled: boolean;
  onSubmit: () => void;
}) {
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} aria-describedby={`${id}-note`}>
      {/* Base text on a tint: daisyUI's coloured soft-alert text is too faint on white to read comfortably. */}
      <div role="note" id={`${id}-note`} className="flex items-start gap-3 rounded-box border border-warning/50 bg-warning/10 p-3.5 text-sm">
        <Icon d={appIcons.alert} className="size-5 shrink-0 text-warning-content dark:text-warning" />
        <span>
          <strong className="font-semibold">Demo checkout.</strong> No card is charged and no payment details are collected: the test card below is filled in
          for you.
        </span>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-number`} className="text-sm font-medium">
          Card number
        </label>
        <div className="relative">
          <input id={`${id}-number`} className="input w-full pr-16 font-mono tabular-nums" value={DEMO_CARD.number} readOnly autoComplete="off" />
          <span className="badge badge-ghost badge-sm absolute right-3 top-1/2 -translate-y-1/2 font-semibold tracking-wide">TEST</span>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-expiry`} className="text-sm font-medium">
            Expiry
          </label>
          <input id={`${id}-expiry`} className="input w-full font-mono tabular-nums" value={DEMO_CARD.expiry} readOnly autoComplete="off" />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-cvc`} className="text-sm font-medium">
            CVC
          </label>
          <input id={`${id}-cvc`} className="input w-full font-mono tabular-nums" value={DEMO_CARD.cvc} readOnly autoComplete="off" />
        </div>
      </div>
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={busy || disabled} aria-busy={busy || undefined}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon d={appIcons.lock} className="size-5" />}
        {busy ? busyLabel : label}
      </button>
    </form>
  );
}
