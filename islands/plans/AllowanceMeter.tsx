import { useQuery } from "@tanstack/react-query";
import { formatLongDate } from "../../src/shared/format-date";
import { type Allowance, fetchAllowance, queryKeys } from "../api";
import { QueryProvider } from "../query-client";

/** "Resets Mar 9, 2026", in the user's profile timezone (PRODUCT.md "Posts": times are in that zone). */
export function resetsLabel(resetsAt: string, timezone: string): string {
  return `Resets ${formatLongDate(resetsAt, timezone)}`;
}

/**
 * 'N of 7 posts left this week' (PRODUCT.md "The weekly allowance"). It reads the shared
 * allowance query, so a save in another island on the page (the Generate planner) updates it.
 */
export default function AllowanceMeter(props: { allowance: Allowance; timezone: string }) {
  return (
    <QueryProvider>
      <Meter {...props} />
    </QueryProvider>
  );
}

function Meter({ allowance: initial, timezone }: { allowance: Allowance; timezone: string }) {
  const { data: allowance } = useQuery({ queryKey: queryKeys.allowance, queryFn: fetchAllowance, initialData: initial });
  const { limit, remaining } = allowance;
  const exhausted = remaining === 0;
  return (
    <div
      data-allowance
      className={`flex items-center gap-3 rounded-box border px-3.5 py-2 text-sm ${exhausted ? "border-warning/50 bg-warning/10" : "border-base-300 bg-base-100"}`}
    >
      <div className="flex flex-col gap-1">
        <p aria-live="polite" className="whitespace-nowrap">
          <span className="font-semibold tabular-nums">{remaining}</span> of {limit} posts left this week
        </p>
        {/* One segment per post of the week; a filled one is still free to save. */}
        <div className="flex gap-0.5" aria-hidden="true">
          {Array.from({ length: limit }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical segments of a meter: the position is all they have
            <span key={index} className={`h-1 w-full min-w-3 rounded-full ${index < remaining ? "bg-primary" : "bg-base-300"}`} />
          ))}
        </div>
      </div>
      <span className="border-l border-base-300 pl-3 text-xs whitespace-nowrap text-base-content/70">{resetsLabel(allowance.resetsAt, timezone)}</span>
    </div>
  );
}
