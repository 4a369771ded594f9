import { createContext } from "react";

/**
 * Whose name the LinkedIn preview shows: the island's root provides the signed-in user's. A module
 * of its own so an island can provide it without loading the preview (which only dialogs and the
 * generator's cards draw).
 */
export const PreviewAuthor = createContext<string>("You");
