import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { leanNodeFlags, memoryLimitMb } from "../src/server/boot/memory-limit";
import { BUILT_SERVER, start, stopProcess } from "../tests/setup/processes";

/**
 * Starts the built server (npm run build) on `port` and a fresh data folder for a benchmark, as `npm
 * start` runs it (with the V8 limits it derives: src/server/boot/memory-limit.ts); resolves once it
 * listens (the same `start` the tests use), with its URL, pid and a stop function.
 */
export async function startBuiltServer(port: number, extraEnv: Record<string, string> = {}, options: { cpu?: number } = {}) {
  if (!existsSync(BUILT_SERVER)) throw new Error("Run `npm run build` first.");
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-"));
  const base = `http://127.0.0.1:${port}`;
  // On one core of its own when asked (taskset execs node: the pid stays the server's).
  const node = [process.execPath, ...leanNodeFlags(memoryLimitMb(), extraEnv.NODE_OPTIONS ?? ""), BUILT_SERVER];
  const [command, args] = options.cpu === undefined ? [node[0]!, node.slice(1)] : ["taskset", ["-c", String(options.cpu), ...node]];
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: base,
    ADMIN_PASSWORD: "bench-password-1",
    NODE_ENV: "production",
    ...extraEnv,
  };
  const running = await start(command, args, env, "Listening on");
  return {
    base,
    pid: running.child.pid!,
    async stop() {
      await stopProcess(running);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A process's CPU time so far (user + system), in µs, from /proc/<pid>/stat: utime and stime are fields
 * 14 and 15, counted after the command name "(...)", in clock ticks (USER_HZ, 100 on Linux: 10 ms each).
 */
export function cpuMicrosFromStat(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
