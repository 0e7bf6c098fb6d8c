import { createContext, useContext } from "react";

/**
 * The screen being shown, as its entry in the screen table (routes.tsx) describes it: its page title
 * is the heading PageHeader shows unless told otherwise. Provided by ScreenFrame.
 */
export interface CurrentScreen {
  path: string;
  title: string;
}

export const CurrentScreenContext = createContext<CurrentScreen | null>(null);

/** The current screen's page title ("" outside a screen, e.g. the sign-in page). */
export function useScreenTitle(): string {
  return useContext(CurrentScreenContext)?.title ?? "";
}
