import { useMutation } from "@tanstack/react-query";
import { type DragEvent, type FormEvent, useEffect, useMemo, useState } from "react";
import type { CalendarPost } from "../../src/services/calendar";
import { dayKeyOf, type GridDay, monthGrid, moveToDay, parseDayKey, parseMonth } from "../../src/shared/calendar-month";
import { formatCalendarDay, formatClockTime, formatDateTime } from "../../src/shared/format-date";
import { canEdit } from "../../src/shared/post-status";
import { firstContentLine } from "../../src/shared/words";
import { wallTime, zonedTimeToInstant } from "../../src/shared/zoned-time";
import { fetchPost, type Post } from "../api";
import { failureToastWithTitle } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { EditPostDialog } from "../posts/lazy-dialogs";
import { useBackToDraft, usePostMutations, useSchedulePost } from "../posts/post-mutations";
import { PostStatusBadge } from "../posts/post-status";
import { PostTypeBadge } from "../posts/post-type";
import { QueryProvider } from "../query-client";
import { toast } from "../ui/toast-store";

/**
 * The Calendar's month grid and its day panel (SPEC.md "Calendar"). The server hands in the
 * month's scheduled posts and the posted ones (on the day they went out, marked, never moved); a
 * scheduled post's bar can be dragged to another day (PRODUCT.md: drag-and-drop scheduling), and
 * the day panel opens, edits, moves (date and time) and unschedules it, for keyboards and touch
 * screens too. Days and times are in the profile timezone, never the browser's.
 */

// SPEC.md section 9: a calendar day shows at most 2 bars.
export const BARS_PER_DAY = 2;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const DRAG_TYPE = "application/x-cadence-post";

// A bar's colour follows its post type, the same hues as the type badges (islands/posts/post-type.tsx).
const barColours: Record<string, string> = {
  hook: "border-violet-500 bg-violet-100 text-violet-950 dark:bg-violet-400/25 dark:text-violet-50",
  value: "border-emerald-500 bg-emerald-100 text-emerald-950 dark:bg-emerald-400/25 dark:text-emerald-50",
  story: "border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-400/25 dark:text-amber-50",
  data: "border-sky-500 bg-sky-100 text-sky-950 dark:bg-sky-400/25 dark:text-sky-50",
  question: "border-rose-500 bg-rose-100 text-rose-950 dark:bg-rose-400/25 dark:text-rose-50",
};
const neutralBar = "border-primary bg-primary/15 text-base-content";
// A posted post is history: a quiet grey bar with a tick, whatever its type.
const postedBar = "border-success bg-base-200 text-base-content/75 dark:bg-base-300/70";

export type CalendarBoardProps = { month: string; today: string; timezone: string; posts: CalendarPost[] };

export default function CalendarBoard(props: CalendarBoardProps) {
  return (
    <QueryProvider>
      <Board {...props} />
    </QueryProvider>
  );
}

function Board({ month, today, timezone, posts: initialPosts }: CalendarBoardProps) {
  const [posts, setPosts] = useState(initialPosts);
  const [selected, setSelected] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // After a move from the day panel the panel follows the post to its new day and focus goes to it,
  // so a keyboard user is not left on an empty day with focus lost.
  const [focusPost, setFocusPost] = useState<string | null>(null);
  const [editing, setEditing] = useState<Post | null>(null);
  const mutations = usePostMutations();
  const weeks = useMemo(() => monthGrid(parseMonth(month) ?? { year: 1970, month: 1 }), [month]);

  const byDay = useMemo(() => {
    const days = new Map<string, CalendarPost[]>();
    const sorted = [...posts].sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime) || a.id.localeCompare(b.id));
    for (const post of sorted) {
      const key = dayKeyOf(post.scheduledTime, timezone);
      days.set(key, [...(days.get(key) ?? []), post]);
    }
    return days;
  }, [posts, timezone]);

  const setTime = (id: string, scheduledTime: string) => setPosts((current) => current.map((post) => (post.id === id ? { ...post, scheduledTime } : post)));

  /** The panel shows the day `instant` falls on, with focus on this post (after a panel move or its undoing). */
  const follow = (postId: string, instant: string) => {
    setSelected(dayKeyOf(instant, timezone));
    setFocusPost(postId);
  };

  // The bar moves at once; a refusal puts it back where it was.
  const move = useSchedulePost<CalendarPost & { fromPanel?: boolean }>({
    onMutate: (post, to) => {
      setTime(post.id, to);
      if (post.fromPanel) follow(post.id, to);
    },
    onScheduled: (post, at) => setTime(post.id, at),
    scheduledToast: (post, at) => ({ title: "Post scheduled", description: `${post.firstLine} · ${formatDateTime(at, timezone)}` }),
    onFailure: (post) => {
      setTime(post.id, post.scheduledTime);
      if (post.fromPanel) follow(post.id, post.scheduledTime);
    },
  });
  const unschedule = useBackToDraft<CalendarPost>({ onDone: (post) => setPosts((current) => current.filter((candidate) => candidate.id !== post.id)) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: posts and selected re-run it once the panel shows the post to focus
  useEffect(() => {
    if (!focusPost) return;
    document.querySelector<HTMLElement>(`[data-panel-post="${focusPost}"]`)?.focus();
    setFocusPost(null);
  }, [focusPost, posts, selected]);

  // The calendar holds only a post's first line: Edit fetches the whole post, and the dialog saves it.
  const openEditor = useMutation({
    mutationFn: (post: CalendarPost) => fetchPost(post.id),
    onSuccess: (post) => setEditing(post),
    onError: async (error) => {
      if (!(await followGuard(error))) toast(failureToastWithTitle(error, "Could not open the post"));
    },
  });
  useEffect(() => {
    const saved = mutations.edit.data;
    if (saved) setPosts((current) => current.map((post) => (post.id === saved.id ? { ...post, firstLine: firstContentLine(saved.content) } : post)));
  }, [mutations.edit.data]);

  /** Moves a post to another day at the same time of day (a drop), or to a day and time (the panel), in the profile timezone. */
  function moveTo(post: CalendarPost, day: string, time?: { hour: number; minute: number }) {
    const to = time ? zonedTimeToInstant({ ...parseDayKey(day)!, ...time }, timezone) : moveToDay(post.scheduledTime, day, timezone);
    if (to.getTime() === new Date(post.scheduledTime).getTime()) return;
    move.mutate({ post: time ? { ...post, fromPanel: true } : post, scheduledTime: to.toISOString() });
  }

  function drop(event: DragEvent<HTMLElement>, day: string) {
    event.preventDefault();
    setDropTarget(null);
    const post = posts.find((candidate) => candidate.id === event.dataTransfer.getData(DRAG_TYPE));
    if (post?.status === "scheduled") moveTo(post, day);
  }

  const selectedPosts = selected ? (byDay.get(selected) ?? []) : [];

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6">
      <div className="card h-fit overflow-hidden border border-base-300 bg-base-100 shadow-sm">
        <div className="grid grid-cols-7 border-b border-base-300 bg-base-200/60 text-center text-xs font-semibold text-base-content/70" aria-hidden="true">
          {WEEKDAYS.map((name) => (
            <div key={name} className="py-2">
              {name}
            </div>
          ))}
        </div>
        <div data-calendar-grid>
          {weeks.map((week) => (
            <div key={week[0]!.key} className="grid grid-cols-7 border-b border-base-300 last:border-b-0">
              {week.map((day) => (
                <DayCell
                  key={day.key}
                  day={day}
                  posts={byDay.get(day.key) ?? []}
                  timezone={timezone}
                  isToday={day.key === today}
                  isSelected={day.key === selected}
                  isDropTarget={day.key === dropTarget}
                  onSelect={() => setSelected(day.key)}
                  onDragOver={(event) => {
                    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = "move";
                    if (dropTarget !== day.key) setDropTarget(day.key);
                  }}
                  onDragLeave={() => setDropTarget((current) => (current === day.key ? null : current))}
                  onDrop={(event) => drop(event, day.key)}
                />
              ))}
            </div>
          ))}
        </div>
      </div>

      <aside aria-labelledby="day-panel-heading" data-day-panel className="card h-fit border border-base-300 bg-base-100 shadow-sm lg:sticky lg:top-20">
        <div className="card-body gap-4 p-5">
          <div>
            <h2 id="day-panel-heading" className="text-lg font-semibold">
              {selected ? formatLongDay(selected) : "Scheduled posts"}
            </h2>
            <p className="text-sm text-base-content/70">{`Times in ${timezone.replaceAll("_", " ")}`}</p>
          </div>
          {!selected ? (
            <p className="rounded-box border border-dashed border-base-300 px-4 py-8 text-center text-sm text-base-content/70">
              Click on a date to view scheduled posts
            </p>
          ) : selectedPosts.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 px-4 py-8 text-center text-sm text-base-content/70">
              No posts scheduled for this day
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {selectedPosts.map((post) =>
                post.status === "posted" ? (
                  <PostedPanelPost key={post.id} post={post} timezone={timezone} />
                ) : (
                  <PanelPost
                    key={`${post.id}:${post.scheduledTime}`}
                    post={post}
                    timezone={timezone}
                    day={selected}
                    pending={
                      (move.isPending && move.variables?.post.id === post.id) ||
                      (unschedule.isPending && unschedule.variables?.id === post.id) ||
                      (openEditor.isPending && openEditor.variables?.id === post.id)
                    }
                    onMove={(day, time) => moveTo(post, day, time)}
                    onEdit={() => openEditor.mutate(post)}
                    onUnschedule={() => unschedule.mutate(post)}
                  />
                ),
              )}
            </ul>
          )}
        </div>
      </aside>
      {editing && (
        <EditPostDialog
          post={editing}
          mutations={mutations}
          onClose={() => {
            const id = editing.id;
            setEditing(null);
            // Back where the user was: the post's Edit button.
            document.querySelector<HTMLElement>(`[data-panel-post="${id}"] [data-edit]`)?.focus();
          }}
        />
      )}
    </div>
  );
}

type DayCellProps = {
  day: GridDay;
  posts: CalendarPost[];
  timezone: string;
  isToday: boolean;
  isSelected: boolean;
  isDropTarget: boolean;
  onSelect: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
};

function DayCell({ day, posts, timezone, isToday, isSelected, isDropTarget, onSelect, onDragOver, onDragLeave, onDrop }: DayCellProps) {
  const more = posts.length - BARS_PER_DAY;
  const count = posts.length === 0 ? "no posts" : posts.length === 1 ? "1 post" : `${posts.length} posts`;
  return (
    // The whole square takes a click and a drop; its date button is the keyboard's way in.
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the date button inside is the keyboard's way in; the square adds a mouse target and a drop zone
    <div
      data-day={day.key}
      onClick={onSelect}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={`flex min-h-16 min-w-0 cursor-pointer flex-col gap-1 border-r border-base-300 p-1 transition-colors last:border-r-0 sm:min-h-28 sm:p-1.5 ${
        isDropTarget
          ? "bg-primary/15 ring-2 ring-inset ring-primary"
          : isSelected
            ? "bg-primary/8"
            : day.inMonth
              ? "hover:bg-base-200/70"
              : "bg-base-200/40 hover:bg-base-200/70"
      }`}
    >
      <button
        type="button"
        aria-pressed={isSelected}
        aria-label={`${formatLongDay(day.key)}, ${count}`}
        className={`flex size-7 items-center justify-center self-start rounded-full text-xs tabular-nums sm:text-sm ${
          isToday
            ? "bg-primary font-semibold text-primary-content"
            : isSelected
              ? "bg-base-content/10 font-semibold"
              : day.inMonth
                ? ""
                : "text-base-content/45"
        }`}
      >
        {day.day}
      </button>
      {posts.slice(0, BARS_PER_DAY).map((post) => (
        <Bar key={post.id} post={post} timezone={timezone} />
      ))}
      {more > 0 && (
        <span className="text-[0.625rem] leading-tight font-medium whitespace-nowrap text-base-content/70 sm:px-0.5 sm:text-xs">{`+${more} more`}</span>
      )}
    </div>
  );
}

/**
 * One post on a day: its time on a line of its own, then its first words over up to two lines
 * (a day square at 1280 px is about 90 px wide: one line would hold "8:15 A…"). On a phone the
 * square is narrower still: the bar holds the time alone, which wraps before AM/PM if it must.
 */
function Bar({ post, timezone }: { post: CalendarPost; timezone: string }) {
  const posted = post.status === "posted";
  const time = formatClockTime(post.scheduledTime, timezone);
  const expiry = post.afterLinkedinExpiry ? " · After your LinkedIn connection expires: reconnect or it will fail" : "";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging a bar is the mouse's shortcut; the day panel moves a post from the keyboard
    <div
      data-post-bar={post.id}
      data-status={post.status}
      draggable={!posted}
      title={`${posted ? "Posted · " : ""}${time} · ${post.firstLine}${expiry}`}
      data-after-expiry={post.afterLinkedinExpiry ? "" : undefined}
      onDragStart={
        posted
          ? undefined
          : (event) => {
              event.dataTransfer.setData(DRAG_TYPE, post.id);
              event.dataTransfer.effectAllowed = "move";
            }
      }
      className={`min-w-0 overflow-hidden rounded-sm border-l-2 px-0.5 py-px text-[0.625rem] leading-tight sm:px-1.5 sm:py-0.5 sm:text-xs ${
        posted ? `cursor-default ${postedBar}` : `cursor-grab active:cursor-grabbing ${barColours[post.postType.trim().toLowerCase()] ?? neutralBar}`
      }`}
    >
      <span className="flex items-start justify-between gap-0.5 font-semibold">
        {posted && <span className="sr-only">{"Posted: "}</span>}
        {post.afterLinkedinExpiry && (
          <span className="shrink-0 text-warning">
            <span aria-hidden="true">⚠</span>
            <span className="sr-only">After your LinkedIn connection expires: </span>
          </span>
        )}
        <span data-bar-time className="min-w-0 grow tabular-nums break-words">
          {time}
        </span>
        {/* The tick: by the time on a phone, before the words where they show (the time keeps its line). */}
        {posted && (
          <span aria-hidden="true" className="shrink-0 text-success sm:hidden">
            ✓
          </span>
        )}
      </span>
      {/* A phone's day is too narrow for words: there the panel has the text. */}
      <span className="sr-only sm:not-sr-only sm:line-clamp-2 sm:break-words sm:hyphens-auto">
        {posted && (
          <span aria-hidden="true" className="font-semibold text-success">
            {"✓\u00a0"}
          </span>
        )}
        <span data-bar-text>{post.firstLine}</span>
      </span>
    </div>
  );
}

function PanelPost({
  post,
  timezone,
  day,
  pending,
  onMove,
  onEdit,
  onUnschedule,
}: {
  post: CalendarPost;
  timezone: string;
  day: string;
  pending: boolean;
  onMove: (day: string, time: { hour: number; minute: number }) => void;
  onEdit: () => void;
  onUnschedule: () => void;
}) {
  const wall = wallTime(new Date(post.scheduledTime), timezone);
  const currentTime = `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
  const [target, setTarget] = useState(day);
  const [time, setTime] = useState(currentTime);
  const inputId = `move-${post.id}`;
  const parsedTime = /^(\d{2}):(\d{2})$/.exec(time);
  const changed = target !== day || time !== currentTime;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (parseDayKey(target) && parsedTime) onMove(target, { hour: Number(parsedTime[1]), minute: Number(parsedTime[2]) });
  }
  return (
    // Focus lands here after a move from this panel (tabIndex -1: reachable by script, not by Tab).
    <li
      data-panel-post={post.id}
      tabIndex={-1}
      aria-label={`${formatClockTime(post.scheduledTime, timezone)}: ${post.firstLine}`}
      className="rounded-box border border-base-300 p-3 outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary"
    >
      <div className="flex items-center justify-between gap-2">
        <time dateTime={post.scheduledTime} className="text-sm font-semibold tabular-nums">
          {formatClockTime(post.scheduledTime, timezone)}
        </time>
        <PostTypeBadge type={post.postType} />
      </div>
      <a href={`/posts/${post.id}`} className="link-hover mt-1.5 block text-sm font-medium break-words" title="Open the post">
        {post.firstLine}
      </a>
      <form onSubmit={submit} className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2">
        <label htmlFor={inputId} className="col-span-2 flex flex-col gap-1 text-xs text-base-content/70">
          Move to date
          <input
            id={inputId}
            type="date"
            required
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            className="input input-sm w-full min-w-0"
          />
        </label>
        <label htmlFor={`${inputId}-time`} className="flex min-w-0 flex-col gap-1 text-xs text-base-content/70">
          Time
          <input
            id={`${inputId}-time`}
            type="time"
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
            className="input input-sm w-full min-w-0"
          />
        </label>
        <button type="submit" className="btn btn-outline btn-sm" disabled={pending || !changed || !parseDayKey(target) || !parsedTime}>
          Move
        </button>
      </form>
      <div className="mt-2 -ml-2 flex flex-wrap gap-1">
        <a href={`/posts/${post.id}`} className="btn btn-ghost btn-sm">
          Open
        </a>
        {/* PRODUCT.md "Posts": a post can be edited until it goes out (the rule lives in post-status.ts). */}
        {canEdit(post.status) && (
          <button type="button" data-edit className="btn btn-ghost btn-sm" disabled={pending} onClick={onEdit}>
            Edit
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" disabled={pending} onClick={onUnschedule}>
          Unschedule
        </button>
      </div>
    </li>
  );
}

/** A posted post in the day panel: when it went out and a way to open it; history is not moved. */
function PostedPanelPost({ post, timezone }: { post: CalendarPost; timezone: string }) {
  return (
    <li data-panel-post={post.id} tabIndex={-1} className="rounded-box border border-dashed border-base-300 p-3">
      <div className="flex items-center justify-between gap-2">
        <time dateTime={post.scheduledTime} className="text-sm font-semibold tabular-nums">
          {formatClockTime(post.scheduledTime, timezone)}
        </time>
        <span className="flex gap-1">
          <PostStatusBadge status="posted" />
          <PostTypeBadge type={post.postType} />
        </span>
      </div>
      <a href={`/posts/${post.id}`} className="link-hover mt-1.5 block text-sm font-medium break-words" title="Open the post">
        {post.firstLine}
      </a>
    </li>
  );
}

/** 'Thursday, March 5, 2026' for a date key (a calendar date: no zone applies). */
function formatLongDay(key: string): string {
  const date = parseDayKey(key);
  return date ? formatCalendarDay(date) : key;
}
