import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { E2E_ADMIN, E2E_BASE_URL, E2E_PORT } from "./env";

/**
 * Starts the built server (npm run build) on a fresh data folder, or on a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set, and stops it after the run.
 */
export default async function globalSetup() {
  const server = path.resolve("dist/server/index.js");
  if (!existsSync(server)) throw new Error("Run `npm run build` before the browser tests (npm test does).");
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-e2e-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: E2E_BASE_URL,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
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
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const child = spawn(process.execPath, [server], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The e2e server exited:\n${output}`);
    try {
      if ((await fetch(`${E2E_BASE_URL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The e2e server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    if (process.env.E2E_SHOW_SERVER_LOG) console.log(output);
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
