import { useState } from "react";
import { appIcons, Icon } from "../ui/icons";
import { FirstCommentNote, startPostNow } from "./post-now";

/**
 * Post now on the reminder email's landing page (/posted/:token), signed out: copies the text
 * and opens LinkedIn's composer; the page's own form (Yes, mark as posted) is the confirmation.
 */
export default function PostNowLanding({ text, sourceUrl }: { text: string; sourceUrl: string | null }) {
  const [opened, setOpened] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={() => {
          startPostNow(text);
          setOpened(true);
        }}
      >
        <Icon d={appIcons.send} className="size-4" />
        Post now on LinkedIn
      </button>
      <FirstCommentNote sourceUrl={sourceUrl} />
      {opened && (
        <p role="status" className="text-sm text-base-content/80">
          LinkedIn opened in a new tab with your post filled in. Once it is live, confirm below.
        </p>
      )}
    </div>
  );
}
