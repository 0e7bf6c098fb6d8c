/** How the mail dispatcher paces itself (src/server/services/mail-outbox.ts); the tests make it quick. */
export interface MailTiming {
  /** How often the dispatcher looks for due mail. */
  pollMs: number;
  /** The wait after a first failure; it doubles with each further failure, up to retryCapMs. */
  retryBaseMs: number;
  retryCapMs: number;
  /** How often overdue inquiries are looked for. */
  reminderCheckMs: number;
}

export const DEFAULT_MAIL_TIMING: MailTiming = { pollMs: 5_000, retryBaseMs: 10_000, retryCapMs: 15 * 60_000, reminderCheckMs: 60_000 };
