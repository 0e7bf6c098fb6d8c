import type { Api } from "../../save";

/**
 * After a sign-in the server accepted: whether it lands in the portal, so that "Login successful.
 * Redirecting to admin dashboard..." is true, or holds the account at a first step (choose a new
 * password, set up a second factor: docs/decisions/0053), where that toast would promise what does not
 * happen (issue 36). Read from the session, which says what the account must do first.
 */
export async function signInLands(api: Api): Promise<boolean> {
  const session = await api.auth.session.query();
  return session !== null && session.accountSetup === null;
}
