import EmailPreview from "./EmailPreview";
import ThemeToggle from "./ThemeToggle";

/**
 * Every island, by name. The server renders them from here; scripts/build.ts builds one
 * browser entry per name. A component not listed here never reaches the browser.
 */
export const islands = { EmailPreview, ThemeToggle };

export type IslandName = keyof typeof islands;
