import { type DragEvent, type FormEvent, useMemo, useState } from "react";
import type { CalendarPost } from "../src/services/calendar";
import { dayKeyOf, type GridDay, monthGrid, moveToDay, parseDayKey, parseMonth } from "../src/shared/calendar-month";
import { formatCalendarDay, formatClockTime } from "../src/shared/format-date";
import { wallTime, zonedTimeToInstant } from "../src/shared/zoned-time";
import { useBackToDraft, useSchedulePost } from "./post-mutations";
import { PostTypeBadge } from "./post-type";
import { QueryProvider } from "./query-client";

/**
 * The Calendar's month grid and its day panel (SPEC.md "Calendar"). The server hands in the
 * month's scheduled posts; a post's bar can be dragged to another day (PRODUCT.md: drag-and-drop
 * scheduling), and the day panel offers the same move with a date input for keyboards and
 * touch screens. Days and times are in the profile timezone, never the browser's.
 */

// SPEC.md section 9: a calendar day shows at most 2 bars.
export const BARS_PER_DAY = 2;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const DRAG_TYPE = "application/x-cadence-post";

// A bar's colour follows its post type, the same hues as the type badges (islands/post-type.tsx);
// on a phone the bar is a solid line, so the hue itself must carry it.
const barColours: Record<string, string> = {
  hook: "border-violet-500 bg-violet-100 max-sm:bg-violet-500 text-violet-950 dark:bg-violet-400/25 dark:text-violet-50",
  value: "border-emerald-500 bg-emerald-100 max-sm:bg-emerald-500 text-emerald-950 dark:bg-emerald-400/25 dark:text-emerald-50",
  story: "border-amber-500 bg-amber-100 max-sm:bg-amber-500 text-amber-950 dark:bg-amber-400/25 dark:text-amber-50",
  data: "border-sky-500 bg-sky-100 max-sm:bg-sky-500 text-sky-950 dark:bg-sky-400/25 dark:text-sky-50",
  question: "border-rose-500 bg-rose-100 max-sm:bg-rose-500 text-rose-950 dark:bg-rose-400/25 dark:text-rose-50",
};
const neutralBar = "border-primary bg-primary/15 max-sm:bg-primary text-base-content";

export type CalendarBoardProps = { month: string; today: string; timezone: string; posts: CalendarPost[] };

export default function CalendarBoard(props: CalendarBoardProps) {
  return (
    <QueryProvider>
      <Board {...props} />
    </QueryProvider>
  );
}

type Move = { post: CalendarPost; to: string };

function Board({ month, today, timezone, posts: initialPosts }: CalendarBoardProps) {
  const [posts, setPosts] = useState(initialPosts);
  const [selected, setSelected] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
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

  // The bar moves at once; a refusal puts it back where it was.
  const move = useSchedulePost<CalendarPost>({
    onMutate: (post, to) => setTime(post.id, to),
    onScheduled: (post, at) => setTime(post.id, at),
    scheduledToast: (post, at) => ({ title: "Post scheduled", description: `${post.firstLine} · ${formatLongDay(dayKeyOf(at, timezone))} at ${formatClockTime(at, timezone)}` }),
    onFailure: (post) => setTime(post.id, post.scheduledTime),
  });
  const unschedule = useBackToDraft<CalendarPost>({ onDone: (post) => setPosts((current) => current.filter((candidate) => candidate.id !== post.id)) });

  /** Moves a post to another day at the same time of day, in the profile timezone. */
  function moveTo(post: CalendarPost, day: string, time?: { hour: number; minute: number }) {
    const to = time ? zonedTimeToInstant({ ...parseDayKey(day)!, ...time }, timezone) : moveToDay(post.scheduledTime, day, timezone);
    if (to.getTime() === new Date(post.scheduledTime).getTime()) return;
    move.mutate({ post, scheduledTime: to.toISOString() });
  }

  function drop(event: DragEvent<HTMLElement>, day: string) {
    event.preventDefault();
    setDropTarget(null);
    const post = posts.find((candidate) => candidate.id === event.dataTransfer.getData(DRAG_TYPE));
    if (post) moveTo(post, day);
  }

  const selectedPosts = selected ? (byDay.get(selected) ?? []) : [];

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6">
      <div className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
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
            <p className="rounded-box border border-dashed border-base-300 px-4 py-8 text-center text-sm text-base-content/70">Click on a date to view scheduled posts</p>
          ) : selectedPosts.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 px-4 py-8 text-center text-sm text-base-content/70">No posts scheduled for this day</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {selectedPosts.map((post) => (
                <PanelPost
                  key={`${post.id}:${post.scheduledTime}`}
                  post={post}
                  timezone={timezone}
                  day={selected}
                  pending={(move.isPending && move.variables?.post.id === post.id) || (unschedule.isPending && unschedule.variables?.id === post.id)}
                  onMove={(day, time) => moveTo(post, day, time)}
                  onUnschedule={() => unschedule.mutate(post)}
                />
              ))}
            </ul>
          )}
        </div>
      </aside>
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
    <div
      data-day={day.key}
      onClick={onSelect}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={`flex min-h-16 min-w-0 cursor-pointer flex-col gap-1 border-r border-base-300 p-1 transition-colors last:border-r-0 sm:min-h-28 sm:p-1.5 ${
        isDropTarget ? "bg-primary/15 ring-2 ring-inset ring-primary" : isSelected ? "bg-primary/8" : day.inMonth ? "hover:bg-base-200/70" : "bg-base-200/40 hover:bg-base-200/70"
      }`}
    >
      <button
        type="button"
        aria-pressed={isSelected}
        aria-label={`${formatLongDay(day.key)}, ${count}`}
        className={`flex size-7 items-center justify-center self-start rounded-full text-xs tabular-nums sm:text-sm ${
          isToday ? "bg-primary font-semibold text-primary-content" : isSelected ? "bg-base-content/10 font-semibold" : day.inMonth ? "" : "text-base-content/45"
        }`}
      >
        {day.day}
      </button>
      {posts.slice(0, BARS_PER_DAY).map((post) => (
        <div
          key={post.id}
          data-post-bar={post.id}
          draggable
          title={`${formatClockTime(post.scheduledTime, timezone)} · ${post.firstLine}${post.afterLinkedinExpiry ? " · After your LinkedIn connection expires: reconnect or it will fail" : ""}`}
          data-after-expiry={post.afterLinkedinExpiry ? "" : undefined}
          onDragStart={(event) => {
            event.dataTransfer.setData(DRAG_TYPE, post.id);
            event.dataTransfer.effectAllowed = "move";
          }}
          className={`h-1.5 cursor-grab overflow-hidden rounded-sm border-l-2 active:cursor-grabbing sm:h-auto sm:px-1.5 sm:py-0.5 ${barColours[post.postType.trim().toLowerCase()] ?? neutralBar}`}
        >
          {/* A phone's day is too narrow for words: there the bar is a coloured line and the panel has the text. */}
          <span className="sr-only sm:not-sr-only sm:block sm:truncate sm:text-xs">
            {post.afterLinkedinExpiry && (
              <span className="text-warning" aria-label="After your LinkedIn connection expires">
                {"⚠ "}
              </span>
            )}
            <span data-bar-time className="font-semibold tabular-nums">{`${formatClockTime(post.scheduledTime, timezone).replace(":00 ", " ")} `}</span>
            <span data-bar-text>{post.firstLine}</span>
          </span>
        </div>
      ))}
      {more > 0 && <span className="text-[0.625rem] leading-tight font-medium whitespace-nowrap text-base-content/70 sm:px-0.5 sm:text-xs">{`+${more} more`}</span>}
    </div>
  );
}

function PanelPost({ post, timezone, day, pending, onMove, onUnschedule }: {
  post: CalendarPost;
  timezone: string;
  day: string;
  pending: boolean;
  onMove: (day: string, time: { hour: number; minute: number }) => void;
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
    <li data-panel-post={post.id} className="rounded-box border border-base-300 p-3">
      <div className="flex items-center justify-between gap-2">
        <time dateTime={post.scheduledTime} className="text-sm font-semibold tabular-nums">
          {formatClockTime(post.scheduledTime, timezone)}
        </time>
        <PostTypeBadge type={post.postType} />
      </div>
      <a href={`/posts/${post.id}`} className="link-hover mt-1.5 block text-sm font-medium break-words" title="Open the post">
        {post.firstLine}
      </a>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
        <label htmlFor={inputId} className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-base-content/70">
          Move to date
          <input id={inputId} type="date" required value={target} onChange={(event) => setTarget(event.target.value)} className="input input-sm w-full" />
        </label>
        <label htmlFor={`${inputId}-time`} className="flex w-28 flex-col gap-1 text-xs text-base-content/70">
          Time
          <input id={`${inputId}-time`} type="time" required value={time} onChange={(event) => setTime(event.target.value)} className="input input-sm w-full" />
        </label>
        <button type="submit" className="btn btn-outline btn-sm" disabled={pending || !changed || !parseDayKey(target) || !parsedTime}>
          Move
        </button>
      </form>
      <button type="button" className="btn btn-ghost btn-sm mt-2 -ml-2" disabled={pending} onClick={onUnschedule}>
        Unschedule
      </button>
    </li>
  );
}

/** 'Thursday, March 5, 2026' for a date key (a calendar date: no zone applies). */
function formatLongDay(key: string): string {
  const date = parseDayKey(key);
  return date ? formatCalendarDay(date) : key;
}
