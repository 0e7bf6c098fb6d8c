/** How the mail dispatcher paces itself (src/server/services/mail-outbox.ts); the tests make it quick. */
export interface MailTiming {
  /** How often the dispatcher looks for due mail (a real interval). */
  pollMs: number;
  /** The wait after a first failure; it doubles with each further failure, up to retryCapMs. */
  retryBaseMs: number;
  retryCapMs: number;
  /** How often overdue inquiries are looked for. */
  reminderCheckMs: number;
  /**
   * The clock the outbox reads: when a message is due, when it may be tried again, when it was sent
   * or failed. The real clock; a test gives one it moves itself, so a mail server down for minutes
   * is tested without waiting for them.
   */
  now: () => Date;
}

export const DEFAULT_MAIL_TIMING: MailTiming = {
  pollMs: 5_000,
  retryBaseMs: 10_000,
  retryCapMs: 15 * 60_000,
  reminderCheckMs: 60_000,
  now: () => new Date(),
};
