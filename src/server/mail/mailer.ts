import nodemailer from "nodemailer";
import type { MailSecurity } from "../../shared/schemas/settings";

/**
 * Mail over SMTP with nodemailer: through the mail server of the server's environment (SMTP_URL,
 * MAIL_FROM), or the one set up in the portal (Settings > E-mail, ./hub.ts picks). A message is plain
 * text with a Message-ID fixed by the caller, so a retried message is recognisably the same one.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  messageId?: string;
  /** Files sent with the text (a booking's calendar entry). */
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Where mail goes, as a failure names it: the host and port, and where they were set (the words of a
 * failure point there: SMTP_URL, or Settings > E-mail).
 */
export interface MailEndpoint {
  host: string;
  port: number;
  source: "environment" | "settings";
}

/** A mail server set up in the portal, its password decrypted (services/mail-server.ts). */
export interface MailServerConfig {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  password: string;
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

/** The host and port of an SMTP_URL (587 for smtp://, 465 for smtps:// when it names none). */
export function endpointOfUrl(smtpUrl: string): MailEndpoint {
  const url = new URL(smtpUrl);
  return { host: url.hostname, port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587), source: "environment" };
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/**
 * `server`: SMTP_URL, or a mail server of the portal. For the portal's: none is plain SMTP (no TLS, and
 * the schema allows no password with it), starttls requires the upgrade before anything else is sent,
 * tls is TLS from the first byte. `tls.ca`: a certificate authority to trust besides the system's (the
 * tests' self-signed mail server).
 */
export function createMailer(server: string | MailServerConfig, from: string, options: { ca?: string } = {}): Mailer {
  const tls = options.ca ? { tls: { ca: options.ca } } : {};
  const transport =
    typeof server === "string"
      ? nodemailer.createTransport({ url: server, requireTLS: mustRequireTls(server), ...tls, ...TIMEOUTS }, { from })
      : nodemailer.createTransport(
          {
            host: server.host,
            port: server.port,
            secure: server.security === "tls",
            requireTLS: server.security === "starttls",
            ignoreTLS: server.security === "none",
            ...(server.user ? { auth: { user: server.user, pass: server.password } } : {}),
            ...tls,
            ...TIMEOUTS,
          },
          { from },
        );
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
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

/**
 * What went wrong, in words a clinic's staff can act on (the mail server's own answer where it gave
 * one), from nodemailer's error code, the SMTP command that failed and the system's error: never a
 * stack trace. The words name where the mail server was set: SMTP_URL, or Settings > E-mail.
 */
export function describeMailError(error: unknown, endpoint: MailEndpoint | null): string {
  const e = (error ?? {}) as MailError;
  if (endpoint?.source === "settings") return describeForSettings(e, endpoint);
  let where = "the mail server";
  if (endpoint) where = `the mail server at ${endpoint.host}:${endpoint.port}`;
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
    if (e.command === "MAIL FROM") return `${capitalise(where)} refused the sender in MAIL_FROM (it answered: ${e.response}).`;
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

/** The same failures for a mail server set up in Settings > E-mail: what failed, at host:port, and what to check there. */
function describeForSettings(e: MailError, endpoint: MailEndpoint): string {
  const at = `${endpoint.host}:${endpoint.port}`;
  const text = `${e.message ?? ""} ${e.cause?.code ?? ""}`;
  const answered = e.response ? ` (it answered: ${e.response})` : "";
  if (e.command === "STARTTLS" || (/STARTTLS/.test(text) && /require/i.test(text)))
    return (
      `The mail server at ${at} does not offer STARTTLS, so nothing was sent. Choose TLS (usually port 465), or ` +
      `None if the server takes mail without a password.`
    );
  if (e.code === "EAUTH") return `The mail server at ${at} refused the login: check the user name and password${answered}.`;
  if (e.code === "ENOAUTH" || e.responseCode === 530)
    return `The mail server at ${at} asks for a login: enter its user name and password (with STARTTLS or TLS)${answered}.`;
  if (e.command === "MAIL FROM") return `The mail server at ${at} refused the sender's address: check the sender${answered}.`;
  if (e.command === "RCPT TO") return `The mail server at ${at} refused the recipient's address${answered}.`;
  if (e.responseCode && e.response) return `The mail server at ${at} refused the message${answered}.`;
  if (e.code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(text))
    return `Cannot connect to ${at}: no mail server named ${endpoint.host} could be found. Check the host name.`;
  if (/ECONNREFUSED/.test(text))
    return `Cannot connect to ${at}: the connection was refused. Is the mail server running, and are the host and port right?`;
  if (e.code === "ETIMEDOUT" || /ETIMEDOUT|timed? ?out/i.test(text))
    return `Cannot connect to ${at}: it did not answer in time. Check the host and port, and that a firewall lets the website reach it.`;
  if (e.code === "ETLS" || /certificate|TLS|SSL|wrong version/i.test(text))
    return `TLS failed with ${at} (${tlsReason(e.message)}). Check the security: port 465 usually takes TLS, port 587 STARTTLS.`;
  if (e.code === "ECONNECTION" || e.code === "ESOCKET" || e.code === "EPROTOCOL")
    return `The connection to ${at} failed (${e.message ?? e.code}). Check the host, port and security.`;
  return `Sending through ${at} failed (${e.message ?? "unknown error"}).`;
}

/**
 * OpenSSL's reason without its location ("80BC...:error:0A00010B:SSL routines:ssl3_get_record:wrong version
 * number:../deps/openssl/...:350:" is "wrong version number": the port does not speak TLS), else the message.
 */
function tlsReason(message: string | undefined): string {
  if (!message) return "no secure connection";
  const openssl = /SSL routines:[^:]*:([^:]+)/.exec(message);
  const reason = (openssl ? openssl[1]! : message).replace(/\s+/g, " ").trim();
  if (/wrong version number|packet length too long|unknown protocol/i.test(reason))
    return `${reason}: the server does not speak TLS on this port`;
  return reason.slice(0, 200);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
