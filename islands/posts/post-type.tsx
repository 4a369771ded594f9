/**
 * A post's type as a badge (SPEC.md section 4: distinct colours for hook, value, story, data and
 * question; any other type a neutral badge). Tailwind's palette rather than daisyUI's semantic
 * colours: five hues that stay apart, and 700-on-50 text that passes WCAG AA in both themes.
 */
const typeColours: Record<string, string> = {
  hook: "border-violet-200 bg-violet-50 text-violet-800 dark:border-violet-400/30 dark:bg-violet-400/15 dark:text-violet-200",
  value: "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-400/15 dark:text-emerald-200",
  story: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200",
  data: "border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-400/30 dark:bg-sky-400/15 dark:text-sky-200",
  question: "border-rose-200 bg-rose-50 text-rose-800 dark:border-rose-400/30 dark:bg-rose-400/15 dark:text-rose-200",
};
const neutral = "border-base-300 bg-base-200 text-base-content/80";

export function PostTypeBadge({ type }: { type: string }) {
  const key = type.trim().toLowerCase();
  const label = key === "" ? "Post" : key.charAt(0).toUpperCase() + key.slice(1);
  return (
    <span data-post-type={key} className={`badge badge-sm shrink-0 border font-medium ${typeColours[key] ?? neutral}`}>
      {label}
    </span>
  );
}
