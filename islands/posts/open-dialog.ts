import { useState } from "react";
import type { PostDialog } from "./post-dialogs";

/** Which dialog is open for which post (the dialogs themselves load when one opens: lazy-dialogs.tsx). */
export function useOpenDialog() {
  const [open, setOpen] = useState<{ dialog: PostDialog; postId: string } | null>(null);
  return { open, show: (postId: string, dialog: PostDialog) => setOpen({ dialog, postId }), close: () => setOpen(null) };
}

