import { chmodSync, existsSync, unlinkSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { logger, logTaskError } from "../log";

/**
 * Maintenance requests to a running server with the embedded database. PGlite allows one process at a
 * time, so while the server runs `npm run backup` cannot open DATA_DIR/db; it asks the server instead,
 * through a Unix socket in the data folder (mode 0600: only the server's own user can connect; removed
 * when the server stops). The protocol is one JSON request line, one JSON answer line, then the
 * archive's bytes until the end of the connection:
 *
 *   -> {"command":"backup","withKey":false,"encryptedBy":"site-key"}
 *   <- {"ok":true}            then the gzip archive     (or {"ok":false,"error":"..."})
 *   -> {"command":"ping"}     <- {"ok":true,"engine":"pglite"}
 *   -> {"command":"rotate-keys"}  <- {"ok":true,"report":{...}}   (npm run keys -- rotate)
 *   -> {"command":"key-status"}   <- {"ok":true,"remaining":0}     (npm run keys -- status)
 *
 * The archive crosses the socket as the bare gzip and the command line encrypts it (passphrase or site
 * key, ../services/backup-crypto.ts) before it reaches a file: the socket is the server's own user's
 * only, the same trust as the database files; the passphrase never reaches the server.
 *
 * With PostgreSQL (DATABASE_URL) no socket is opened: the command line reads the database directly.
 *
 * This file is the protocol alone: it imports no service. What each command does is handed in by
 * whoever starts the socket (MaintenanceOperations, built by ../services/maintenance.ts), and the
 * command line decides what becomes of the archive it receives.
 */
export const MAINTENANCE_SOCKET_NAME = "maintenance.sock";

export function maintenanceSocketPath(dataDir: string): string {
  return path.join(dataDir, MAINTENANCE_SOCKET_NAME);
}

const MAX_REQUEST_BYTES = 4096;

/** How the command line says the archive will be encrypted (for the activity log; it encrypts it itself). */
export type ArchiveEncryptedBy = "passphrase" | "site-key";

/** What the socket's commands do, handed in by whoever starts it. */
export interface MaintenanceOperations<Report = unknown> {
  engine: "pglite" | "postgres";
  /** The bare gzip archive; throws before the first byte when it cannot be made (no key to include, say). */
  backup(request: { withKey: boolean; encryptedBy: ArchiveEncryptedBy | null }): AsyncIterable<Uint8Array>;
  keyStatus(): Promise<{ keyId: string; remaining: number }>;
  rotateKeys(): Promise<{ keyId: string; report: Report }>;
}

/** Starts listening in `dataDir` (embedded database only); the returned function stops and removes the socket. */
export function startMaintenanceSocket(dataDir: string, operations: MaintenanceOperations): () => Promise<void> {
  if (operations.engine !== "pglite") return async () => {};
  const socketPath = maintenanceSocketPath(dataDir);
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
    // A client that goes away mid-answer is not the server's failure (the stream's own handling ends it).
    socket.on("error", () => {});
    handleConnection(operations, socket).catch((error) => {
      logTaskError("maintenance-socket", error);
      socket.destroy();
    });
  });
  let listening = false;
  const removeSocket = () => {
    if (!listening) return;
    listening = false;
    try {
      unlinkSync(socketPath);
    } catch {
      // already gone
    }
  };
  // The process may end by process.exit() without calling stop: the socket file goes with it.
  process.once("exit", removeSocket);

  let retried = false;
  const listen = () => {
    // Created owner-only from the start (no moment when another user could connect), then checked.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath);
    } finally {
      process.umask(umask);
    }
  };
  server.on("listening", () => {
    listening = true;
    try {
      chmodSync(socketPath, 0o600);
    } catch {
      // the umask made it so already
    }
    logger.info(`Maintenance socket: ${socketPath} (npm run backup asks the running server)`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE" && !retried) {
      retried = true;
      // A file left by a server that did not stop cleanly, or a live server on the same data folder.
      void answers(socketPath).then((live) => {
        if (live) {
          logger.warn(`Maintenance socket: another server answers on ${socketPath}; this one will not listen there.`);
          return;
        }
        try {
          unlinkSync(socketPath);
        } catch {
          // gone meanwhile
        }
        listen();
      });
      return;
    }
    logger.warn(`Maintenance socket: cannot listen on ${socketPath} (${error.code ?? "error"}); npm run backup needs the server stopped.`);
  });
  listen();

  return async () => {
    process.off("exit", removeSocket);
    for (const socket of connections) socket.destroy();
    await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    removeSocket();
  };
}

async function handleConnection(operations: MaintenanceOperations, socket: Socket): Promise<void> {
  const request = await readRequest(socket);
  if (!request) return;
  if (request.command === "ping") {
    socket.end(`${JSON.stringify({ ok: true, engine: operations.engine })}\n`);
    return;
  }
  if (request.command === "key-status") {
    socket.end(`${JSON.stringify({ ok: true, ...(await operations.keyStatus()) })}\n`);
    return;
  }
  if (request.command === "rotate-keys") {
    socket.end(`${JSON.stringify({ ok: true, ...(await operations.rotateKeys()) })}\n`);
    return;
  }
  if (request.command !== "backup") {
    socket.end(`${JSON.stringify({ ok: false, error: `Unknown command ${JSON.stringify(request.command)}` })}\n`);
    return;
  }
  const encryptedBy = request.encryptedBy === "passphrase" || request.encryptedBy === "site-key" ? request.encryptedBy : null;
  const archive = operations.backup({ withKey: request.withKey === true, encryptedBy });
  socket.write(`${JSON.stringify({ ok: true })}\n`);
  // A failure midway ends the connection without the archive's end line: the command line sees it cut short.
  await pipeline(Readable.from(archive), socket);
}

/** The request line (JSON), or null after answering a bad one. The socket is left paused. */
type MaintenanceRequest = { command?: unknown; withKey?: unknown; encryptedBy?: unknown };

function readRequest(socket: Socket): Promise<MaintenanceRequest | null> {
  return new Promise((resolve) => {
    let text = "";
    const settle = (value: MaintenanceRequest | null) => {
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("error", onEnd);
      socket.setTimeout(0);
      socket.pause();
      if (value === null && !socket.destroyed) socket.end(`${JSON.stringify({ ok: false, error: "Bad request" })}\n`);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const nl = text.indexOf("\n");
      if (nl >= 0) {
        let value: unknown = null;
        try {
          value = JSON.parse(text.slice(0, nl));
        } catch {
          // a bad request
        }
        settle(value && typeof value === "object" ? (value as { command?: unknown }) : null);
      } else if (text.length > MAX_REQUEST_BYTES) {
        settle(null);
      }
    };
    const onEnd = () => settle(null);
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("data", onData);
    socket.once("end", onEnd);
    socket.once("error", onEnd);
  });
}

/** True when a server answers on the socket (a ping within two seconds). */
export async function answers(socketPath: string): Promise<boolean> {
  if (!existsSync(socketPath)) return false;
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    const done = (value: boolean) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write(`${JSON.stringify({ command: "ping" })}\n`));
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
      if (text.includes("\n")) done(text.startsWith('{"ok":true'));
    });
    socket.once("end", () => done(false));
  });
}

/**
 * Asks the running server for a backup and hands its bare gzip bytes, as they arrive, to `receive`
 * (which encrypts and writes them). False when no server answers on the socket (none is running, or a
 * file left by one that stopped uncleanly); `receive` is then not called.
 */
export async function requestBackup(
  socketPath: string,
  options: { withKey: boolean; encryptedBy: ArchiveEncryptedBy },
  receive: (archive: AsyncIterable<Buffer>) => Promise<void>,
): Promise<boolean> {
  if (!existsSync(socketPath)) return false;
  let socket: Socket;
  try {
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(socketPath);
      s.once("connect", () => resolve(s));
      s.once("error", reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED" || code === "ENOENT") return false;
    throw error;
  }
  socket.write(`${JSON.stringify({ command: "backup", withKey: options.withKey, encryptedBy: options.encryptedBy })}\n`);
  let answer: string | null = null;
  // The gzip bytes after the answer line, as they arrive.
  async function* archive(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    for await (const chunk of socket) {
      let data = chunk as Buffer;
      if (answer === null) {
        head = Buffer.concat([head, data]);
        const nl = head.indexOf(10);
        if (nl < 0) {
          if (head.length > MAX_REQUEST_BYTES) throw new Error("The server's answer is not understood");
          continue;
        }
        answer = head.subarray(0, nl).toString("utf8");
        const parsed = JSON.parse(answer) as { ok?: boolean; error?: string };
        if (!parsed.ok) throw new Error(`The server refused the backup: ${parsed.error ?? "no reason given"}`);
        data = head.subarray(nl + 1);
      }
      if (data.length > 0) yield data;
    }
    if (answer === null) throw new Error("The server closed the connection without answering");
  }
  try {
    await receive(archive());
  } finally {
    socket.destroy();
  }
  return true;
}

/**
 * Asks the running server to re-encrypt every secret with its newest key (npm run keys -- rotate);
 * null when no server answers on the socket.
 */
export async function requestRotation<Report>(socketPath: string): Promise<{ keyId: string; report: Report } | null> {
  return askServer(socketPath, "rotate-keys");
}

/** Asks the running server how many values are not under its newest key (npm run keys -- status); null when none answers. */
export async function requestKeyStatus(socketPath: string): Promise<{ keyId: string; remaining: number } | null> {
  return askServer(socketPath, "key-status");
}

async function askServer<T>(socketPath: string, command: string): Promise<T | null> {
  if (!(await answers(socketPath))) return null;
  const socket = connect(socketPath);
  socket.write(`${JSON.stringify({ command })}\n`);
  let text = "";
  for await (const chunk of socket) text += (chunk as Buffer).toString("utf8");
  const answer = JSON.parse(text.split("\n")[0] ?? "{}") as { ok?: boolean; error?: string } & T;
  if (!answer.ok) throw new Error(`The server refused ${command}: ${answer.error ?? "no reason given"}`);
  return answer;
}
