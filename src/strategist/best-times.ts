import { WEEKDAYS, type Weekday } from "./plan";

/**
 * Best times learned from the user's own results (LinkedIn keeps personal-profile analytics
 * closed, so the numbers the user types in after posting are the only source).
 *
 * The model, kept simple so it can be stated in one breath:
 * - a post's engagement rate is (reactions + 2 × comments) / impressions (a comment is worth
 *   two reactions: it is what the feed rewards most);
 * - each post's rate is divided by the user's mean rate, so 1.0 is "an ordinary post of yours";
 * - for each weekday, and for each time-of-day band, the mean of those relative rates is blended
 *   with the published research as a prior worth PRIOR_POSTS posts:
 *   blended = (n × mean + k × prior) / (n + k), where the prior is the research's value for that
 *   day (or band) relative to the research's average;
 * - below MIN_RESULTS posts with results nothing changes: the research alone decides.
 * Days and bands are read from each post's posting time in the user's timezone.
 */

export const MIN_RESULTS = 8;
export const PRIOR_POSTS = 3;

/** The research's day values (schedule-week.ts cites the studies): Tuesday to Thursday lead, weekends trail. */
export const RESEARCH_DAY_VALUE: Record<Weekday, number> = {
  Sunday: 0.45,
  Monday: 0.7,
  Tuesday: 1,
  Wednesday: 0.95,
  Thursday: 0.9,
  Friday: 0.65,
  Saturday: 0.35,
};

export type TimeBand = "morning" | "midday" | "afternoon" | "evening";
export const TIME_BANDS: TimeBand[] = ["morning", "midday", "afternoon", "evening"];
/** Research: mornings lead (Buffer, Hootsuite, Sprout Social), then midday; evenings trail, with HubSpot's dissent. */
const RESEARCH_BAND_VALUE: Record<TimeBand, number> = { morning: 1, midday: 0.9, afternoon: 0.75, evening: 0.7 };
/** The time a band recommends when the user's results move a post into it. */
export const BAND_TIME: Record<TimeBand, string> = { morning: "9:00 AM", midday: "12:00 PM", afternoon: "3:00 PM", evening: "6:00 PM" };
export const BAND_LABEL: Record<TimeBand, string> = { morning: "mornings", midday: "around midday", afternoon: "afternoons", evening: "evenings" };

/** Which band a wall-clock hour falls in (night hours count as the nearest band). */
export function bandOf(hour: number): TimeBand {
  if (hour < 11) return "morning";
  if (hour < 14) return "midday";
  if (hour < 18) return "afternoon";
  return "evening";
}

/** "10:00 AM" -> its band. */
export function bandOfTime(time: string): TimeBand {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match) return "morning";
  const hour = (Number(match[1]) % 12) + (match[3] === "PM" ? 12 : 0);
  return bandOf(hour);
}

export type PostResult = { postedAt: Date; impressions: number; reactions: number; comments: number };

export type LearnedTimes = {
  /** Posts with results behind it. */
  results: number;
  /** Blended score per day (1 = the user's average, research prior included). */
  days: Record<Weekday, number>;
  bands: Record<TimeBand, number>;
  /**
   * Per day with at least two results: how that day's posts did against the user's other days
   * (mean rate on the day / mean rate on the other days), for the explanation and the dashboard.
   */
  dayRatios: Partial<Record<Weekday, { posts: number; ratio: number }>>;
  bandRatios: Partial<Record<TimeBand, { posts: number; ratio: number }>>;
};

export const engagementRate = (result: Pick<PostResult, "impressions" | "reactions" | "comments">) =>
  (result.reactions + 2 * result.comments) / Math.max(result.impressions, 1);

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The weekday and hour of an instant on the user's wall clock. */
function wallDayAndHour(instant: Date, timeZone: string): { day: Weekday; hour: number } {
  const parts = new Intl.DateTimeFormat("en-US", { weekday: "long", hour: "numeric", hourCycle: "h23", timeZone }).formatToParts(instant);
  const day = parts.find((part) => part.type === "weekday")!.value as Weekday;
  const hour = Number(parts.find((part) => part.type === "hour")!.value) % 24;
  return { day, hour };
}

/** The user's learned times, or undefined while there are too few results (the research decides alone). */
export function learnTimes(results: PostResult[], timeZone: string): LearnedTimes | undefined {
  if (results.length < MIN_RESULTS) return undefined;
  const rates = results.map(engagementRate);
  const overall = mean(rates);
  if (!(overall > 0)) return undefined;
  const rows = results.map((result, index) => ({ ...wallDayAndHour(result.postedAt, timeZone), relative: rates[index]! / overall, rate: rates[index]! }));

  const blend = <K extends string>(keys: readonly K[], keyOf: (row: (typeof rows)[number]) => K, research: Record<K, number>) => {
    const researchMean = mean(keys.map((key) => research[key]));
    const scores = {} as Record<K, number>;
    const ratios: Partial<Record<K, { posts: number; ratio: number }>> = {};
    for (const key of keys) {
      const mine = rows.filter((row) => keyOf(row) === key);
      const others = rows.filter((row) => keyOf(row) !== key);
      const prior = research[key] / researchMean;
      scores[key] = (mine.reduce((sum, row) => sum + row.relative, 0) + PRIOR_POSTS * prior) / (mine.length + PRIOR_POSTS);
      const othersRate = others.length > 0 ? mean(others.map((row) => row.rate)) : 0;
      if (mine.length >= 2 && othersRate > 0) ratios[key] = { posts: mine.length, ratio: mean(mine.map((row) => row.rate)) / othersRate };
    }
    return { scores, ratios };
  };
  const days = blend(WEEKDAYS, (row) => row.day, RESEARCH_DAY_VALUE);
  const bands = blend(TIME_BANDS, (row) => bandOf(row.hour), RESEARCH_BAND_VALUE);
  return { results: results.length, days: days.scores, bands: bands.scores, dayRatios: days.ratios, bandRatios: bands.ratios };
}

/**
 * The value of each day's slot for planning: the research's, or, with learned times, the
 * blended score on the research's scale (so the planner's weights keep their meaning).
 */
export function dayValues(learned: LearnedTimes | undefined): Record<Weekday, number> {
  if (!learned) return RESEARCH_DAY_VALUE;
  const researchMean = mean(WEEKDAYS.map((day) => RESEARCH_DAY_VALUE[day]));
  return Object.fromEntries(WEEKDAYS.map((day) => [day, learned.days[day] * researchMean])) as Record<Weekday, number>;
}

/** The band the user's results favour, when it beats the research's band for that time clearly (by 15%). */
export function learnedTime(learned: LearnedTimes | undefined, researchTime: string): string | undefined {
  if (!learned) return undefined;
  const current = bandOfTime(researchTime);
  const best = [...TIME_BANDS].sort((a, b) => learned.bands[b] - learned.bands[a])[0]!;
  return best !== current && learned.bands[best] > learned.bands[current] * 1.15 ? BAND_TIME[best] : undefined;
}

/**
 * Why a slot, when the user's results had a say: "your own results point here: your Thursday
 * posts average 2.1x your other days" (and the band, when the time moved to it).
 */
export function learnedReason(learned: LearnedTimes | undefined, day: Weekday, time: string, timeMoved: boolean): string | undefined {
  if (!learned) return undefined;
  const ratio = learned.dayRatios[day];
  const band = bandOfTime(time);
  const bandRatio = learned.bandRatios[band];
  const parts: string[] = [];
  if (ratio && ratio.ratio >= 1.2) parts.push(`your ${day} posts average ${formatRatio(ratio.ratio)} your other days`);
  if (timeMoved && bandRatio && bandRatio.ratio >= 1.1) parts.push(`your posts ${BAND_LABEL[band]} average ${formatRatio(bandRatio.ratio)} the rest`);
  if (parts.length === 0) return undefined;
  return `your own results point here: ${parts.join(", and ")}`;
}

/** "Your Tuesday posts average 2.1x your other days." when that day clearly stands out (1.2x or more). */
export function dayNote(learned: LearnedTimes | undefined, day: Weekday): string | undefined {
  const ratio = learned?.dayRatios[day];
  if (!ratio || ratio.ratio < 1.2) return undefined;
  return `Your ${day} posts average ${formatRatio(ratio.ratio)} your other days.`;
}

export const formatRatio = (ratio: number) => `${(Math.round(ratio * 10) / 10).toFixed(1)}x`;

/** The dashboard's "Your best times": the strongest days and bands by the user's own results. */
export function bestTimesSummary(learned: LearnedTimes): { label: string; ratio: number; posts: number }[] {
  const days = (Object.entries(learned.dayRatios) as [Weekday, { posts: number; ratio: number }][]).map(([day, value]) => ({ label: `${day}s`, ...value }));
  const bands = (Object.entries(learned.bandRatios) as [TimeBand, { posts: number; ratio: number }][]).map(([band, value]) => ({
    label: capitalise(BAND_LABEL[band]),
    ...value,
  }));
  return [...days, ...bands]
    .filter((entry) => entry.ratio >= 1.1)
    .sort((a, b) => b.ratio - a.ratio)
    .slice(0, 3);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
