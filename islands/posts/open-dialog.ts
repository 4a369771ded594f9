import { useState } from "react";

/** A post's dialogs (post-dialogs.tsx, which imports post-actions.tsx: so named here). "posted": Mark as Posted's confirm; "post-now": the same question after Post now opened LinkedIn. */
export type PostDialog = "view" | "schedule" | "edit" | "posted" | "post-now" | "delete";

/** Which dialog is open for which post (the dialogs themselves load when one opens: lazy-dialogs.tsx). */
export function useOpenDialog() {
  const [open, setOpen] = useState<{ dialog: PostDialog; postId: string } | null>(null);
  return { open, show: (postId: string, dialog: PostDialog) => setOpen({ dialog, postId }), close: () => setOpen(null) };
}
