import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
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

/**
 * A self-signed certificate for 127.0.0.1, made with openssl for this run: the mail server's STARTTLS,
 * trusted by the app under test through createMailer's `ca` (never by turning verification off).
 */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "clinic-smtp-tls-"));
  try {
    const made = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { encoding: "utf8" },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
    return { key: readFileSync(path.join(dir, "key.pem"), "utf8"), cert: readFileSync(path.join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `auth`: the server asks for a user and password. `tls`: it offers STARTTLS with that certificate
 * (without it, a server that never offers STARTTLS: a client that requires TLS must not send AUTH).
 * `authAttempts` counts the AUTH commands that reached the server. `refuseSenders`: MAIL FROM these
 * addresses is answered 553 (a provider that only takes its own addresses as the sender).
 */
export async function startSmtpServer(
  options: {
    auth?: { user: string; pass: string };
    tls?: { key: string; cert: string };
    onMessage?: (mail: ReceivedMail) => void;
    refuseSenders?: string[];
  } = {},
) {
  const messages: ReceivedMail[] = [];
  const attempts = { auth: 0 };
  let server: SMTPServer | null = null;
  let port = 0;

  const listen = async () => {
    server = new SMTPServer({
      disabledCommands: [...(options.tls ? [] : ["STARTTLS"]), ...(options.auth ? [] : ["AUTH"])],
      ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
      authOptional: !options.auth,
      allowInsecureAuth: !options.tls,
      logger: false,
      onAuth(auth, _session, callback) {
        attempts.auth += 1;
        if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass)
          callback(null, { user: auth.username });
        else callback(new Error("Invalid username or password"));
      },
      onMailFrom(address, _session, callback) {
        if (options.refuseSenders?.includes(address.address)) {
          const refusal = new Error("Sender address rejected: not owned by user") as Error & { responseCode: number };
          refusal.responseCode = 553;
          callback(refusal);
        } else callback();
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
    get authAttempts() {
      return attempts.auth;
    },
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
