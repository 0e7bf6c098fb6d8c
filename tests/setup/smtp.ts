import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the tests (the smtp-server package): it accepts mail on a local port and
 * keeps every message, with its envelope, headers and decoded text. It can be stopped (connections
 * are then refused, as with a mail server that is down) and started again on the same port.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const body = raw.slice(split + 4);
  const text = /quoted-printable/i.test(header("Content-Transfer-Encoding")) ? decodeQuotedPrintable(body) : body;
  return { from, to, raw, subject: header("Subject"), messageId: header("Message-ID"), text };
}

export async function startSmtpServer(options: { auth?: { user: string; pass: string }; onMessage?: (mail: ReceivedMail) => void } = {}) {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  const listen = async () => {
    server = new SMTPServer({
      disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
      authOptional: !options.auth,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) callback(null, { user: auth.username });
        else callback(new Error("Invalid username or password"));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const mail = parse(Buffer.concat(chunks).toString("utf8"), from, to);
          messages.push(mail);
          options.onMessage?.(mail);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", () => resolve()));
    port = (server!.server.address() as AddressInfo).port;
  };

  await listen();
  const url = () => (options.auth ? `smtp://${options.auth.user}:${options.auth.pass}@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`);
  return {
    messages,
    get port() {
      return port;
    },
    url,
    /** Stops listening: the next connections are refused, as with a mail server that is down. */
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    /** Listens again on the same port. */
    start: listen,
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
