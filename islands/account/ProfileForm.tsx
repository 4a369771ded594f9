import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiError, fetchMe, type Me, type ProfileInput, queryKeys, updateProfile } from "../api";
import { failureToast } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { QueryProvider } from "../query-client";
import { TimezoneChangeDialog } from "./lazy-timezone-change-dialog";
import { toast } from "../ui/toast-store";

export type TimezoneChoices = { common: string[]; others: string[] };

/** What a timezone change did to the scheduled posts, for the toast. */
function retimedNote(retimed: { moved: number; kept: number } | undefined, zone: string): string {
  if (!retimed) return "Your changes have been saved.";
  const posts = (count: number) => (count === 1 ? "1 scheduled post" : `${count} scheduled posts`);
  if (retimed.moved === 0) return `${posts(retimed.kept)} kept their moments.`;
  const moved = `${posts(retimed.moved)} moved to their times of day in ${zoneLabel(zone)}.`;
  return retimed.kept > 0 ? `${moved} ${posts(retimed.kept)} kept their moments (already past there, or publishing).` : moved;
}

/** "America/Los_Angeles" as a person reads it. */
const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

/**
 * Settings' Profile Information (SPEC.md "Settings"): name, LinkedIn handle and timezone, saved
 * through PATCH /api/user/profile. The email is shown but cannot be changed.
 */
export default function ProfileForm(props: { profile: Me; timezones: TimezoneChoices }) {
  return (
    <QueryProvider>
      <Profile {...props} />
    </QueryProvider>
  );
}

function Profile({ profile, timezones }: { profile: Me; timezones: TimezoneChoices }) {
  const id = useId();
  const queryClient = useQueryClient();
  // The sidebar reads the same cache entry, so a new name shows there at once.
  const { data: me } = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, initialData: profile });
  const [name, setName] = useState(me.name);
  const [linkedinHandle, setLinkedinHandle] = useState(me.linkedinHandle ?? "");
  const [timezone, setTimezone] = useState(me.timezone);
  const dirty = name !== me.name || linkedinHandle !== (me.linkedinHandle ?? "") || timezone !== me.timezone;

  // The server's question when the timezone changes with scheduled posts ahead (a 409 with the count).
  const [asking, setAsking] = useState<{ input: ProfileInput; count: number; nextScheduledTime: string | null } | null>(null);
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      setAsking(null);
      queryClient.setQueryData(queryKeys.me, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      if (updated.scheduledPosts) void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      // Show what the server kept (a pasted profile URL comes back as the bare handle).
      setName(updated.name);
      setLinkedinHandle(updated.linkedinHandle ?? "");
      setTimezone(updated.timezone);
      toast({ title: "Profile updated", description: retimedNote(updated.scheduledPosts, updated.timezone) });
    },
    onError: async (error, input) => {
      if (await followGuard(error)) return;
      if (error instanceof ApiError && error.status === 409 && typeof error.body?.scheduledCount === "number" && !input.scheduledPosts) {
        setAsking({
          input,
          count: error.body.scheduledCount,
          nextScheduledTime: typeof error.body.nextScheduledTime === "string" ? error.body.nextScheduledTime : null,
        });
        return;
      }
      setAsking(null);
      toast(failureToast(error, "Could not update profile"));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ name, timezone, linkedinHandle });
  }

  // The saved zone is offered even when it is not in the list this browser knows.
  const [zoneSearch, setZoneSearch] = useState("");
  const allOthers = timezones.common.includes(timezone) || timezones.others.includes(timezone) ? timezones.others : [timezone, ...timezones.others];
  // The search narrows the long list ("tokyo", "new york"); the chosen zone always stays in it.
  const search = zoneSearch.trim().toLowerCase().replaceAll(" ", "_");
  const others = search === "" ? allOthers : allOthers.filter((zone) => zone === timezone || zone.toLowerCase().includes(search));

  return (
    <>
      <form method="post" className="flex flex-col gap-5" onSubmit={submit}>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              Full Name
            </label>
            <input
              id={`${id}-name`}
              name="name"
              className="input w-full"
              autoComplete="name"
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-email`} className="text-sm font-medium">
              Email
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              className="input w-full cursor-not-allowed bg-base-200 text-base-content/75"
              value={me.email}
              readOnly
              aria-describedby={`${id}-email-hint`}
            />
            <p id={`${id}-email-hint`} className="text-xs text-base-content/70">
              Email cannot be changed
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-linkedin`} className="text-sm font-medium">
              LinkedIn Handle
            </label>
            <input
              id={`${id}-linkedin`}
              name="linkedinHandle"
              className="input w-full"
              maxLength={200}
              placeholder="your-handle"
              autoCapitalize="none"
              spellCheck={false}
              value={linkedinHandle}
              onChange={(event) => setLinkedinHandle(event.target.value)}
              aria-describedby={`${id}-linkedin-hint`}
            />
            <p id={`${id}-linkedin-hint`} className="text-xs text-base-content/70">
              Your handle, or paste your linkedin.com/in/ profile address.
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-timezone`} className="text-sm font-medium">
              Timezone
            </label>
            <input
              type="search"
              className="input input-sm w-full"
              placeholder="Find a city or region, e.g. Tokyo"
              aria-label="Find a city or region"
              aria-controls={`${id}-timezone`}
              value={zoneSearch}
              onChange={(event) => {
                setZoneSearch(event.target.value);
                const found = event.target.value.trim().toLowerCase().replaceAll(" ", "_");
                // The first match is chosen as you type, so a search and Save is enough.
                const match = found && [...timezones.common, ...timezones.others].find((zone) => zone.toLowerCase().includes(found));
                if (match) setTimezone(match);
              }}
            />
            <select
              id={`${id}-timezone`}
              name="timezone"
              className="select w-full"
              value={timezone}
              onChange={(event) => setTimezone(event.target.value)}
              aria-describedby={`${id}-timezone-hint`}
            >
              <optgroup label="Common timezones">
                {timezones.common.map((zone) => (
                  <option key={zone} value={zone}>
                    {zoneLabel(zone)}
                  </option>
                ))}
              </optgroup>
              <optgroup label="All timezones">
                {others.map((zone) => (
                  <option key={zone} value={zone}>
                    {zoneLabel(zone)}
                  </option>
                ))}
              </optgroup>
            </select>
            <p id={`${id}-timezone-hint`} className="text-xs text-base-content/70">
              Scheduled times are shown in this timezone.
            </p>
          </div>
        </div>
        <div className="flex justify-end border-t border-base-300 pt-5">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !dirty} aria-busy={save.isPending || undefined}>
            {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {save.isPending ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </form>
      {asking && (
        <TimezoneChangeDialog
          count={asking.count}
          nextScheduledTime={asking.nextScheduledTime}
          from={me.timezone}
          to={asking.input.timezone}
          saving={save.isPending}
          onChoose={(scheduledPosts) => save.mutate({ ...asking.input, scheduledPosts })}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
