import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { formatDateTime } from "../../src/shared/format-date";
import { apiRequest, isNetworkError } from "../api";
import { failureMessage } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { appIcons, Icon } from "../ui/icons";
import { QueryProvider } from "../query-client";
import { networkErrorToast, toast } from "../ui/toast-store";

export type AwaitingPost = { id: string; firstLine: string; postedAt: string; linkedinUrl: string | null };
type Numbers = { impressions: number; reactions: number; comments: number };

const saveResults = ({ id, numbers }: { id: string; numbers: Numbers }) => apiRequest("PUT", `/api/posts/${encodeURIComponent(id)}/results`, numbers);
const skipResults = (id: string) => apiRequest("POST", `/api/posts/${encodeURIComponent(id)}/results/skip`);

/**
 * The dashboard's "How did it do?": for posts that went out two or more days ago, the numbers
 * LinkedIn shows under the post (impressions, reactions, comments), or Skip. They teach the
 * strategist the user's own best times.
 */
export default function PostResults(props: { posts: AwaitingPost[]; timezone: string }) {
  return (
    <QueryProvider>
      <Results {...props} />
    </QueryProvider>
  );
}

function Results({ posts: initial, timezone }: { posts: AwaitingPost[]; timezone: string }) {
  const [posts, setPosts] = useState(initial);
  const done = (id: string) => setPosts((current) => current.filter((post) => post.id !== id));
  if (posts.length === 0) {
    return <p className="text-sm text-base-content/70">All caught up. Thank you: your numbers now shape your best times.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-base-300">
      {posts.map((post) => (
        <ResultRow key={post.id} post={post} timezone={timezone} onDone={() => done(post.id)} />
      ))}
    </ul>
  );
}

function ResultRow({ post, timezone, onDone }: { post: AwaitingPost; timezone: string; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ impressions: "", reactions: "", comments: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const onError = async (error: unknown) => {
    if (await followGuard(error)) return;
    if (isNetworkError(error)) return void toast(networkErrorToast);
    setFailure(failureMessage(error));
  };
  const save = useMutation({
    mutationFn: saveResults,
    onSuccess: () => {
      toast({ title: "Results saved", description: "Thank you: they help find your best times." });
      onDone();
    },
    onError,
  });
  const skip = useMutation({ mutationFn: skipResults, onSuccess: onDone, onError });
  const busy = save.isPending || skip.isPending;
  const complete = Object.values(values).every((value) => /^\d+$/.test(value.trim()));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return setFailure("Enter whole numbers for impressions, reactions and comments (0 is fine).");
    setFailure(null);
    save.mutate({ id: post.id, numbers: { impressions: Number(values.impressions), reactions: Number(values.reactions), comments: Number(values.comments) } });
  }

  const fields = [
    ["impressions", "Impressions"],
    ["reactions", "Reactions"],
    ["comments", "Comments"],
  ] as const;

  return (
    <li className="py-4 first:pt-0 last:pb-0" data-results-for={post.id}>
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
        <div className="min-w-0">
          <p id={`${id}-title`} className="truncate font-medium">
            {post.firstLine}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-base-content/70">
            <span>{`Posted ${formatDateTime(post.postedAt, timezone)}`}</span>
            {post.linkedinUrl && (
              <a className="link link-hover inline-flex items-center gap-1" href={post.linkedinUrl} target="_blank" rel="noopener noreferrer">
                <Icon d={appIcons.link} className="size-3.5" />
                Open on LinkedIn
              </a>
            )}
          </p>
        </div>
        <div className="grid grid-cols-3 gap-2 sm:max-w-md">
          {fields.map(([key, label]) => (
            <div key={key} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${key}`} className="text-xs font-medium">
                {label}
              </label>
              <input
                id={`${id}-${key}`}
                className="input input-sm w-full tabular-nums"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                value={values[key]}
                onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
              />
            </div>
          ))}
        </div>
        {failure && (
          <p role="alert" className="alert alert-error alert-soft py-2 text-sm">
            {failure}
          </p>
        )}
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy} aria-busy={save.isPending || undefined}>
            {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Save
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => skip.mutate(post.id)}>
            Skip
          </button>
        </div>
      </form>
    </li>
  );
}
