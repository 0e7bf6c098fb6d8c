import { SPEC_CLINIC_NAME } from "../../shared/clinic";
import { PASSWORD_MIN_SINGLE_FACTOR, PASSWORD_RULE_MESSAGES } from "../../shared/schemas/users";
import type { Database } from "../db/client";
import { errors } from "../errors";
import { getClinic } from "./settings";

/**
 * The rules of NIST SP 800-63B-4 for a password someone sets (docs/decisions/0053-passwords-and-account-setup.md),
 * checked wherever a password is set: one's own change, a super admin's create or reset, the `npm run
 * admin` command and ADMIN_PASSWORD at first start. The shared schema (8 to 128 characters, any
 * character) runs first; here, what needs the server:
 * - at least 15 characters for an account without a second factor;
 * - not on the blocklist of common and breached passwords (the zxcvbn-ts common list, shipped with the
 *   product, pinned in package.json), compared without regard to case;
 * - not the username, the clinic's name or short name, or the site's own name (the spec's name, in
 *   the pages' titles), with or without digits and symbols around or inside it: their letters are
 *   compared, without regard to case ("Admin-2026!" is "admin"). A passphrase that merely contains
 *   one of them among other words is allowed ("e2e-admin-password"): decision 0053 says why.
 * No composition rules, no expiry. Each refusal names its rule.
 */

/** The letters only, lower-cased: how names and passwords are compared. */
function lettersOf(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}]/gu, "");
}

let blocklist: Promise<Set<string>> | null = null;

/**
 * The blocklist, loaded at the first password set (not at start: a server that never sets a password
 * never holds it). Only entries of 8 characters or more are kept (shorter ones are refused by length
 * anyway): about 18,000 lower-cased strings, some 3 MB.
 */
function loadBlocklist(): Promise<Set<string>> {
  blocklist ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => {
    const words = dictionary["passwords-common"] as string[];
    return new Set(words.filter((word) => word.length >= 8).map((word) => word.toLowerCase()));
  });
  return blocklist;
}

export interface PasswordContext {
  /** The account's username (the one being created, or the account whose password changes). */
  username: string;
  /** Whether the account will have a second factor once the password is set. */
  hasSecondFactor: boolean;
}

/** The names a password may not contain: the clinic's name and short name (Settings), and the site's own name (page titles). */
async function siteNames(db: Database): Promise<string[]> {
  const clinic = await getClinic(db);
  return [clinic.name, clinic.shortName, SPEC_CLINIC_NAME];
}

/** Whether the password is the name, give or take digits and symbols. */
function isName(passwordLetters: string, name: string): boolean {
  const letters = lettersOf(name);
  return letters.length > 0 && passwordLetters === letters;
}

/** The first rule the password breaks (its message), or null when it may be set. */
export async function passwordProblem(db: Database, password: string, context: PasswordContext): Promise<string | null> {
  if (!context.hasSecondFactor && [...password].length < PASSWORD_MIN_SINGLE_FACTOR) return PASSWORD_RULE_MESSAGES.tooShortSingleFactor;
  if ((await loadBlocklist()).has(password.toLowerCase())) return PASSWORD_RULE_MESSAGES.blocklisted;
  const letters = lettersOf(password);
  if (isName(letters, context.username)) return PASSWORD_RULE_MESSAGES.isUsername;
  for (const name of await siteNames(db)) {
    if (isName(letters, name)) return PASSWORD_RULE_MESSAGES.isClinicName;
  }
  return null;
}

/** The same, as the 400 of the field that holds the password (`newPassword`, `password`). */
export async function assertPasswordAllowed(db: Database, password: string, context: PasswordContext, field: string): Promise<void> {
  const problem = await passwordProblem(db, password, context);
  if (problem) throw errors.invalidField([field], problem);
}
