import { createContext, use } from "react";

/** What every page may need to know about the running site, handed down by renderDocument. */
export type Site = {
  productName: string;
  /** The signed-in visitor on pages outside the app shell (billing pages, /account): their header offers Account and Log out. */
  account?: { email: string };
  appUrl: string;
  /** Where people can write to us; shown on the contact and legal pages. */
  supportEmail: string;
  /** A LinkedIn app is configured: One-Click Posting is available rather than coming soon. */
  autoPosting?: boolean;
  assets: {
    stylesheet: string;
    islandEntries: Record<string, string>;
    scriptEntries: Record<string, string>;
  };
};

export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
  const site = use(SiteContext);
  if (!site) throw new Error("useSite() outside renderDocument");
  return site;
}
