import type { WebHandlers } from "./app";
import type { AppDeps } from "./deps";

/** The web front ends (public pages and admin shell) are registered here; see the public-site issue. */
export async function createWebHandlers(_deps: AppDeps): Promise<WebHandlers | undefined> {
  return undefined;
}
