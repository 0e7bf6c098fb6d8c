import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Starts the built server (npm run build) on a fresh data folder for a benchmark; returns its URL and a stop function. */
export async function startBuiltServer(port: number, extraEnv: Record<string, string> = {}, options: { cpu?: number } = {}) {
  const entry = path.resolve("dist/server/index.js");
  if (!existsSync(entry)) throw new Error("Run `npm run build` first.");
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-"));
  const base = `http://127.0.0.1:${port}`;
  // On one core of its own when asked (taskset execs node: the pid stays the server's).
  const [command, args] = options.cpu === undefined ? [process.execPath, [entry]] : ["taskset", ["-c", String(options.cpu), process.execPath, entry]];
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_ORIGIN: base, ADMIN_PASSWORD: "bench-password-1", NODE_ENV: "production", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null || i > 600) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
