import { createMailer, endpointOfUrl, type MailEndpoint, type Mailer, type MailServerConfig } from "./mailer";

/**
 * The mail server in force, for everything that sends or asks whether mail goes out: SMTP_URL (and
 * MAIL_FROM) from the server's environment when set, which win; else the one set up in the portal
 * (Settings > E-mail), read from the database and kept until it changes. A save there tells every
 * instance (live/cache-bus.ts, topic "mail"), which drops what it kept and reads again at the next
 * use: no restart. What it kept also expires after a minute, a safety net like the caches'.
 */
export interface ActiveMail {
  mailer: Mailer;
  endpoint: MailEndpoint;
  /** The sender as nodemailer takes it: an address, or "Name" <address>. */
  from: string;
}

/** What the portal stored: the server with its password decrypted, and the sender's address. */
export interface StoredMailServer {
  server: MailServerConfig;
  from: string;
}

const KEEP_MS = 60_000;

export class MailHub {
  private readonly environment: ActiveMail | null;
  private kept: { at: number; value: Promise<ActiveMail | null> } | null = null;

  constructor(
    private readonly options: {
      /** SMTP_URL, or undefined. */
      smtpUrl: string | undefined;
      /** MAIL_FROM when set, else undefined. */
      mailFrom: string | undefined;
      /** The sender when MAIL_FROM is not set and SMTP_URL is. */
      defaultFrom: string;
      /** The portal's mail server, or null when none is set up. */
      load: () => Promise<StoredMailServer | null>;
      ca?: string;
      now?: () => number;
    },
  ) {
    this.environment = options.smtpUrl
      ? {
          mailer: createMailer(options.smtpUrl, options.mailFrom ?? options.defaultFrom, { ca: options.ca }),
          endpoint: endpointOfUrl(options.smtpUrl),
          from: options.mailFrom ?? options.defaultFrom,
        }
      : null;
  }

  /** Whether SMTP_URL sets the mail server (then the portal's form is read-only). */
  get fromEnvironment(): boolean {
    return this.environment !== null;
  }

  /** The mail server in force now, or null: no mail goes out. */
  current(): Promise<ActiveMail | null> {
    if (this.environment) return Promise.resolve(this.environment);
    const now = (this.options.now ?? Date.now)();
    if (this.kept && now - this.kept.at >= KEEP_MS) this.changed();
    if (!this.kept) {
      const value = this.loadActive();
      this.kept = { at: now, value };
      // A failed read is not kept: the next use reads again.
      value.catch(() => {
        if (this.kept?.value === value) this.kept = null;
      });
    }
    return this.kept.value;
  }

  /** The portal's mail server changed (here or on another instance): read it again at the next use. */
  changed(): void {
    const previous = this.kept;
    this.kept = null;
    // A transport without a pool holds no connection between messages: a message under way finishes.
    void previous?.value.then((active) => active?.mailer.close()).catch(() => {});
  }

  close(): void {
    this.environment?.mailer.close();
    void this.kept?.value.then((active) => active?.mailer.close()).catch(() => {});
  }

  private async loadActive(): Promise<ActiveMail | null> {
    const stored = await this.options.load();
    if (!stored) return null;
    const from = this.options.mailFrom ?? stored.from;
    if (!from) return null;
    return {
      mailer: createMailer(stored.server, from, { ca: this.options.ca }),
      endpoint: { host: stored.server.host, port: stored.server.port, source: "settings" },
      from,
    };
  }
}
