import { timezoneOr } from "../shared/timezones";
import type { Weekday } from "./plan";

/**
 * When each post goes out (the order of the week is chosen in index.ts: the strongest posts
 * get the strongest of these slots).
 *
 * Days and times follow published LinkedIn engagement research. The studies disagree on
 * details but agree on the shape: Tuesday to Thursday mornings are strongest, weekends weakest.
 * - Sprout Social, "Best times to post on social media" (annual study of its customers'
 *   engagement data; 2023 edition): LinkedIn best on Tuesday and Wednesday, 10 AM to noon; it
 *   puts Tuesday to Thursday mornings on top across networks and weekends at the bottom.
 * - Hootsuite, "The best time to post on LinkedIn" (May 2021): 9 AM on Tuesday or Wednesday.
 * - Buffer's LinkedIn timing research: Tuesday to Thursday, 7 to 8:30 AM and 5 to 6 PM.
 * - HubSpot, summarised on LinkedIn's own marketing blog ("What's the best time to post on
 *   LinkedIn?", 2016): Tuesday to Thursday, with a 10 to 11 AM sweet spot on Tuesday; its later
 *   survey of 300+ marketers found Sunday among the best days and 3 to 9 PM the best hours.
 * The studies report the audience's local time, so times here are wall-clock times in the
 * user's timezone (their network is mostly where they are).
 */

export type Slot = { day: Weekday; time: string; why: string };

export const POSTING_SLOTS: Record<Weekday, Slot> = {
  Sunday: {
    day: "Sunday",
    time: "6:00 PM",
    why: "an evening post lands while people plan their week (HubSpot's survey of LinkedIn marketers ranks Sunday and evenings higher than most expect)",
  },
  Monday: {
    day: "Monday",
    time: "8:30 AM",
    why: "it goes out before the working day fills up (Buffer finds LinkedIn's morning peak at 7 to 8:30 AM); Monday trails Tuesday to Thursday in every study",
  },
  Tuesday: {
    day: "Tuesday",
    time: "10:00 AM",
    why: "it sits in the Tuesday 10 AM to noon window that Sprout Social's best-times study ranks first for LinkedIn (HubSpot found the same sweet spot)",
  },
  Wednesday: {
    day: "Wednesday",
    time: "9:00 AM",
    why: "mid-week mornings are among LinkedIn's strongest slots (Hootsuite: 9 AM on Tuesday or Wednesday; Sprout Social: Wednesday 10 AM to noon)",
  },
  Thursday: {
    day: "Thursday",
    time: "10:00 AM",
    why: "Thursday morning is still inside the Tuesday-to-Thursday window where Sprout Social and Buffer find engagement peaks",
  },
  Friday: {
    day: "Friday",
    time: "9:00 AM",
    why: "attention drops through Friday afternoon in every study, so it goes out first thing",
  },
  Saturday: {
    day: "Saturday",
    time: "10:00 AM",
    why: "weekend reach is the week's lowest (Sprout Social), so it goes out late in the morning, when people read at leisure",
  },
};

/** Which days a week of n posts uses, in posting order. Six or seven posts start on Sunday evening so the question can still close on a weekday or Saturday. */
export function daysFor(count: number): Weekday[] {
  if (count <= 5) return ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
  if (count === 6) return ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
  return ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
}

/** "America/New_York" -> "New York time"; an unknown zone falls back to the product default. */
export function timezoneLabel(timezone: string): string {
  const zone = validTimezone(timezone);
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC";
  return `${zone.split("/").at(-1)!.replaceAll("_", " ")} time`;
}

/** The zone to plan in: the user's, or New York's when it is unusable. */
export const validTimezone = (timezone: string): string => timezoneOr(timezone);
