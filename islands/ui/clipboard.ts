import { toast } from "./toast-store";

/**
 * Copies text and says so with SPEC.md section 8's toasts ('Copied!'; 'Failed to copy' /
 * 'Could not copy to clipboard.'). The Clipboard API is missing outside secure contexts and may
 * be refused by the browser's permissions: both are the failure toast, never an uncaught error.
 */
export async function copyToClipboard(text: string, description?: string, options: { quiet?: boolean } = {}): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    // quiet: the caller says it was copied in its own words (Post now's question).
    if (!options.quiet) toast({ title: "Copied!", description });
    return true;
  } catch {
    toast({ title: "Failed to copy", description: "Could not copy to clipboard.", variant: "destructive" });
    return false;
  }
}
