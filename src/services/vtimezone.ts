/**
 * A VTIMEZONE component (RFC 5545 section 3.6.5) for one IANA zone, from Intl alone: the offset
 * the zone had at the start of a window and each change of offset inside it, found by scanning.
 *
 * The calendar feed writes its events in UTC, so no event depends on this; it is there because a
 * calendar needs at least one component to be valid (an empty feed is otherwise outside RFC 5545's
 * grammar) and because it tells a client which zone the posts were planned in.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes `timeZone`'s clock is ahead of UTC at `instantMs` ("GMT-07:00" is -420, "GMT" 0). */
export function utcOffsetMinutes(instantMs: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(new Date(instantMs)).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

type Observance = { startMs: number; from: number; to: number };

/** The offset changes between `startMs` and `endMs`: a daily scan, then a search to the minute. */
function transitions(timeZone: string, startMs: number, endMs: number): Observance[] {
  const found: Observance[] = [];
  let before = startMs;
  let beforeOffset = utcOffsetMinutes(before, timeZone);
  for (let at = startMs + DAY_MS; at <= endMs; at += DAY_MS) {
    const offset = utcOffsetMinutes(at, timeZone);
    if (offset !== beforeOffset) {
      // The change lies in (before, at]: halve the interval until it is one minute wide.
      let low = before;
      let high = at;
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 2 / 60_000) * 60_000;
        if (utcOffsetMinutes(middle, timeZone) === beforeOffset) low = middle;
        else high = middle;
      }
      found.push({ startMs: high, from: beforeOffset, to: offset });
      beforeOffset = offset;
    }
    before = at;
  }
  return found;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "+0100" / "-0700". */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const whole = Math.abs(minutes);
  return `${sign}${pad(Math.floor(whole / 60))}${pad(whole % 60)}`;
}

/** The local time the observance starts at, in the offset in force before it (RFC 5545: DTSTART is local). */
function localStart(instantMs: number, fromOffset: number): string {
  const local = new Date(instantMs + fromOffset * 60_000);
  return `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}T${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}00`;
}

/**
 * VTIMEZONE text (lines joined by CRLF, no final one) for `timeZone` over a year either side of
 * `around`: the offset in force at the window's start, then each change. Of a zone's offsets the
 * larger is its daylight time; a zone with one offset has a single STANDARD observance.
 */
export function vtimezone(timeZone: string, around: Date): string {
  const startMs = Math.floor((around.getTime() - 366 * DAY_MS) / HOUR_MS) * HOUR_MS;
  const endMs = around.getTime() + 366 * DAY_MS;
  const first = utcOffsetMinutes(startMs, timeZone);
  const changes = transitions(timeZone, startMs, endMs);
  const standard = Math.min(first, ...changes.map((change) => change.to));
  const observances: Observance[] = [{ startMs, from: first, to: first }, ...changes];
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  for (const observance of observances) {
    const kind = observance.to > standard ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStart(observance.startMs, observance.from)}`,
      `TZOFFSETFROM:${offsetText(observance.from)}`,
      `TZOFFSETTO:${offsetText(observance.to)}`,
      `END:${kind}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
