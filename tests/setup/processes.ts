import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";

/** A port nothing listens on right now (the kernel's pick). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts a process and resolves once `ready` appears in its output (or rejects when it exits first). */
export function start(command: string, args: string[], env: Record<string, string>, ready: string): Promise<Running> {
  const child = spawn(command, args, { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const check = () => {
      if (out.includes(ready)) resolve({ child, output: () => out, exited });
    };
    child.stdout!.on("data", (d) => ((out += d), check()));
    child.stderr!.on("data", (d) => ((out += d), check()));
    void exited.then((code) => reject(new Error(`${command} exited (${code}) before it was ready:\n${out}`)));
  });
}

/** Ends a process started by `start` (if it still runs) and waits for it. */
export async function stopProcess(running: Running | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill(signal);
    await running.exited;
  }
}
