import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiRequest } from "../api";
import { failureToast } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { QueryProvider } from "../query-client";
import { toast } from "../ui/toast-store";

/** As the server keeps them (src/services/voice.ts). */
const MAX_POSTS = 10;
const MAX_CHARS = 3_000;

const saveVoice = (posts: string[]) => apiRequest<{ posts: string[] }>("PUT", "/api/user/voice", { posts });

/**
 * Settings → Your voice: up to 10 of the user's own past LinkedIn posts. The strategist writes
 * plans and rewrites the way these read (never from what they say). Edited in place and saved
 * together; an empty box is left out on save.
 */
export default function VoiceSettings(props: { initial: string[] }) {
  return (
    <QueryProvider>
      <Voice {...props} />
    </QueryProvider>
  );
}

function Voice({ initial }: { initial: string[] }) {
  const id = useId();
  const [posts, setPosts] = useState<string[]>(initial.length > 0 ? initial : [""]);
  const [saved, setSaved] = useState(initial);
  const save = useMutation({
    mutationFn: saveVoice,
    onSuccess: (answer) => {
      setSaved(answer.posts);
      setPosts(answer.posts.length > 0 ? answer.posts : [""]);
      toast({
        title: "Voice saved",
        description:
          answer.posts.length > 0
            ? `Your next plans and rewrites follow your ${answer.posts.length} past post${answer.posts.length === 1 ? "" : "s"}.`
            : "Plans no longer follow a voice of yours.",
      });
    },
    onError: async (error) => {
      if (await followGuard(error)) return;
      toast(failureToast(error, "Could not save your voice"));
    },
  });

  const kept = posts.map((post) => post.trim()).filter(Boolean);
  const tooLong = posts.some((post) => post.length > MAX_CHARS);
  const changed = JSON.stringify(kept) !== JSON.stringify(saved);
  const edit = (index: number, text: string) => setPosts((current) => current.map((post, at) => (at === index ? text : post)));

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) save.mutate(kept);
      }}
    >
      <p className="text-sm text-base-content/70" data-voice-count>
        {kept.length} of {MAX_POSTS} past posts
      </p>
      {posts.map((post, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: numbered slots of controlled textareas: the position is the identity
        <div key={index} className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between">
            <label htmlFor={`${id}-${index}`} className="text-sm font-medium">
              Past post {index + 1}
            </label>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setPosts((current) => (current.length === 1 ? [""] : current.filter((_, at) => at !== index)))}
            >
              Remove<span className="sr-only"> past post {index + 1}</span>
            </button>
          </div>
          <textarea
            id={`${id}-${index}`}
            className={`textarea w-full ${post.length > MAX_CHARS ? "textarea-error" : ""}`}
            rows={5}
            value={post}
            placeholder="Paste a post you wrote on LinkedIn"
            onChange={(event) => edit(index, event.target.value)}
          />
          {post.length > MAX_CHARS && (
            <p className="text-xs text-error">{(post.length - MAX_CHARS).toLocaleString("en-US")} characters over LinkedIn's limit.</p>
          )}
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" disabled={posts.length >= MAX_POSTS} onClick={() => setPosts((current) => [...current, ""])}>
          Add a past post
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!changed || tooLong || save.isPending} aria-busy={save.isPending || undefined}>
          Save your voice
        </button>
      </div>
    </form>
  );
}
