/** The stored theme choice; absent means "follow the system". Read by the inline head script too. */
export const THEME_STORAGE_KEY = "cadence-theme";
export type Theme = "light" | "dark";
