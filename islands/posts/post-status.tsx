/** A post's status as a badge (SPEC.md section 4: an unknown status shows as draft). Server views and islands share it. */
const statuses = {
  draft: { label: "Draft", className: "badge-ghost" },
  scheduled: { label: "Scheduled", className: "badge-primary badge-soft" },
  // daisyUI's soft success text is too light on its own tint in the light theme (axe: colour contrast); green-800 reads.
  posted: { label: "Posted", className: "badge-success badge-soft text-green-800 dark:text-success" },
  failed: { label: "Failed", className: "badge-error badge-soft" },
} as const;

export function PostStatusBadge({ status }: { status: string }) {
  const known = statuses[status as keyof typeof statuses] ?? statuses.draft;
  return <span className={`badge badge-sm shrink-0 font-medium ${known.className}`}>{known.label}</span>;
}
