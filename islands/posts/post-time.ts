import { formatDateTime } from "../../src/shared/format-date";
import { wallTime, zonedTimeToInstant } from "../../src/shared/zoned-time";
import type { Post } from "../api";
import { toast } from "../ui/toast-store";

/** A post's times as My Posts, /posts/:id and the export show them, and the datetime-local conversions, all in the profile timezone. */

/** The line under a post: when it is scheduled, or when it went out. */
export function postTimeLine(post: Post, timeZone: string): string {
  if (post.status === "posted" && post.postedAt) return `Posted ${formatDateTime(post.postedAt, timeZone)}`;
  if (post.scheduledTime) return formatDateTime(post.scheduledTime, timeZone);
  return "Not scheduled";
}

/** PRODUCT.md "Posts": the content, a line '---', then 'Scheduled: <time>' or 'Not scheduled'. */
export function exportText(post: Post, timeZone: string): string {
  const when = post.scheduledTime ? `Scheduled: ${formatDateTime(post.scheduledTime, timeZone)}` : "Not scheduled";
  return `${post.content}\n---\n${when}\n`;
}

/** Downloads the post as linkedin-post-{timestamp}.txt and says so. */
export function exportPost(post: Post, timeZone: string): void {
  const url = URL.createObjectURL(new Blob([exportText(post, timeZone)], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `linkedin-post-${Date.now()}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the click, not synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  toast({ title: "Post exported" });
}

/** The value a datetime-local input shows for an instant, in `timeZone` ("2026-03-03T09:00"). */
export function toLocalInput(instant: Date | string, timeZone: string): string {
  const wall = wallTime(new Date(instant), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant a datetime-local value names in `timeZone`, or null when it is not one. */
export function fromLocalInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return zonedTimeToInstant({ year, month, day, hour, minute }, timeZone);
}
