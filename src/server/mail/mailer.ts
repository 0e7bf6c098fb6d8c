import nodemailer from "nodemailer";

/**
 * Mail over SMTP with nodemailer (SMTP_URL, MAIL_FROM). One transport for the server; a message is
 * plain text with a Message-ID fixed by the caller, so a retried message is recognisably the same one.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Whether the password in an smtp:// URL must travel inside STARTTLS: always when the URL carries a
 * user or password. nodemailer would otherwise send AUTH in clear to a server (or a man in the middle
 * that strips the offer) that does not advertise STARTTLS; with requireTLS it refuses to go on instead.
 * smtps:// is TLS from the first byte; a URL without credentials sends no secret.
 */
export function mustRequireTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === "smtp:" && (url.username !== "" || url.password !== "");
}

/** `tls.ca`: a certificate authority to trust besides the system's (the tests' self-signed mail server). */
export function createMailer(smtpUrl: string, from: string, options: { ca?: string } = {}): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      requireTLS: mustRequireTls(smtpUrl),
      ...(options.ca ? { tls: { ca: options.ca } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from },
  );
  return {
    async send(message) {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, messageId: message.messageId });
    },
    close() {
      transport.close();
    },
  };
}

interface MailError {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  message?: string;
  cause?: { code?: string };
}

/** What went wrong, in words a clinic's staff can act on (the mail server's own answer where it gave one). */
export function describeMailError(error: unknown, smtpUrl: string | undefined): string {
  const e = (error ?? {}) as MailError;
  let where = "the mail server";
  try {
    if (smtpUrl) {
      const url = new URL(smtpUrl);
      where = `the mail server at ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
    }
  } catch {
    // keep the generic words
  }
  const text = `${e.message ?? ""} ${e.cause?.code ?? ""}`;
  // requireTLS (a password in an smtp:// URL): the server refused STARTTLS, so no AUTH was sent.
  if (e.command === "STARTTLS" || (/STARTTLS/.test(text) && /require/i.test(text))) {
    return (
      `${capitalise(where)} does not offer STARTTLS, so the password in SMTP_URL was not sent. Use a server ` +
      `that offers STARTTLS, or smtps:// (port 465).`
    );
  }
  if (e.responseCode && e.response) {
    if (e.code === "EAUTH") return `${capitalise(where)} refused the user name or password in SMTP_URL (it answered: ${e.response}).`;
    return `${capitalise(where)} refused the message (it answered: ${e.response}).`;
  }
  if (e.code === "EAUTH" || e.code === "ENOAUTH") return `${capitalise(where)} refused the user name or password in SMTP_URL.`;
  if (e.code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(text)) return `The name of ${where} could not be found. Check the host in SMTP_URL.`;
  if (e.code === "ETIMEDOUT" || /ETIMEDOUT|timed? ?out/i.test(text)) return `${capitalise(where)} did not answer in time.`;
  if (/ECONNREFUSED/.test(text))
    return `Could not connect to ${where}: the connection was refused. Is the mail server running, and is SMTP_URL right?`;
  if (e.code === "ETLS" || /certificate|TLS|SSL/i.test(text))
    return `A secure connection to ${where} could not be made (${e.message ?? "TLS failed"}).`;
  if (e.code === "ECONNECTION" || e.code === "ESOCKET") return `The connection to ${where} failed (${e.message ?? e.code}).`;
  return `Sending through ${where} failed (${e.message ?? "unknown error"}).`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
