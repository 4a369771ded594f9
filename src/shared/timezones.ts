/**
 * IANA timezones, the one check of them: the profile, signup's browser zone, the settings picker
 * and the strategist all accept a zone only through here. Shared with the browser.
 */

/** The zones the settings page offers first (SPEC.md section 9); the profile accepts any valid IANA zone. */
export const timezoneOptions = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Paris",
  "Asia/Tokyo",
] as const;

/** An IANA zone name this runtime knows ("Europe/London", "UTC"); bare abbreviations such as "EST" are refused. */
export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return zone.includes("/") || zone === "UTC";
  } catch {
    return false;
  }
}

/** The zone used when a stored one is unusable: reading or planning must never fail on it. */
export const DEFAULT_TIMEZONE = "America/New_York";

export function timezoneOr(zone: string, fallback = DEFAULT_TIMEZONE): string {
  return isValidTimezone(zone) ? zone : fallback;
}
