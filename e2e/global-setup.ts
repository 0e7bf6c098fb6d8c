import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { startSmtpServer } from "../tests/setup/smtp";
import { E2E_ADMIN, E2E_BASE_URL, E2E_MAIL_LOG, E2E_PORT, E2E_SECRET_KEY } from "./env";

/**
 * Starts the built server (npm run build) on a fresh data folder, or on a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set, and stops it after the run.
 */
export default async function globalSetup() {
  const server = path.resolve("dist/server/index.js");
  if (!existsSync(server)) throw new Error("Run `npm run build` before the browser tests (npm test does).");
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-e2e-"));
  // A real SMTP server receives the e2e server's mail; each message is one JSON line in E2E_MAIL_LOG.
  mkdirSync(path.dirname(E2E_MAIL_LOG), { recursive: true });
  writeFileSync(E2E_MAIL_LOG, "");
  const smtp = await startSmtpServer({
    onMessage: (mail) =>
      appendFileSync(
        E2E_MAIL_LOG,
        `${JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, messageId: mail.messageId })}\n`,
      ),
  });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: E2E_BASE_URL,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // No role is required to have a second factor: the tests sign in without one (admin-account-setup.spec.ts turns it on).
    REQUIRE_SECOND_FACTOR: "none",
    SECRET_KEY: E2E_SECRET_KEY,
    SMTP_URL: smtp.url(),
    MAIL_FROM: "clinic@e2e.test",
    // Every inquiry of the run comes from 127.0.0.1: room for all of them (the default is 8 an hour).
    CONTACT_LIMIT_PER_HOUR: "60",
    NODE_ENV: "production",
  };

  let dropDatabase: (() => Promise<void>) | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const name = `clinic_e2e_${process.pid}`;
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    // The specs that must set a fact no request can (a session's last check made old) reach the same database.
    process.env.E2E_DATABASE_URL = env.DATABASE_URL;
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const child = spawn(process.execPath, [server], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await dropDatabase?.();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await listening(child, `Listening on ${E2E_BASE_URL} `, () => output);
    const health = await fetch(`${E2E_BASE_URL}/api/health`);
    if (!health.ok) throw new Error(`The e2e server answers /api/health with ${health.status}:\n${output}`);
  } catch (error) {
    await stop();
    throw error;
  }

  return async () => {
    await stop();
    if (process.env.E2E_SHOW_SERVER_LOG) console.log(output);
  };
}

/**
 * Resolves when the server prints its "Listening on ..." line: it does so once migrations, the seed
 * and the first admin are done and the port is open, so no guessed wait or polling is needed (and a
 * stale server left on the same port cannot be mistaken for this one). A server that exits first
 * fails the run with its output; the deadline is only a safety net for a server that hangs.
 */
function listening(child: ChildProcess, line: string, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (output().includes(line)) settle();
    };
    const onExit = () => settle(new Error(`The e2e server exited:\n${output()}`));
    const deadline = setTimeout(() => settle(new Error(`The e2e server did not start within 120 s:\n${output()}`)), 120_000);
    function settle(error?: Error) {
      clearTimeout(deadline);
      child.stdout?.off("data", onData);
      child.off("close", onExit);
      if (error) reject(error);
      else resolve();
    }
    // Registered after the collecting listener, so output() already holds this chunk.
    child.stdout?.on("data", onData);
    child.once("close", onExit); // after its output is all read
  });
}
