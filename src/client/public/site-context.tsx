import { createContext, useContext, type ReactNode } from "react";

/**
 * Facts the server hands the page: the public origin (canonical and share URLs), the current year, and
 * on the contact page the inquiry form's token (signed by the server when it sent the page).
 */
export interface SiteInfo {
  origin: string;
  year: number;
  formToken?: string;
}

const SiteContext = createContext<SiteInfo>({ origin: "", year: 2026 });

export function SiteProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
