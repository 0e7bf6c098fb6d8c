import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";

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
  // The test servers start with no role required to have a second factor (their staff sign in without one).
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? "", REQUIRE_SECOND_FACTOR: "none", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const check = () => {
      if (out.includes(ready)) resolve({ child, output: () => out, exited });
    };
    const read = (d: Buffer) => {
      out += d;
      check();
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
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

export const BUILT_SERVER = path.resolve("dist/server/index.js");

export type BuiltServer = Running & { base: string };

/**
 * The built server (npm run build) on a free port of 127.0.0.1, its public origin that address (or
 * `hostname`'s, e.g. localhost: WebAuthn needs a domain, not an address); resolves once it listens
 * (rejects when it exits first). `nodeArgs` go before the entry (--max-old-space-size=128, say).
 */
export async function startBuiltServer(env: Record<string, string>, nodeArgs: string[] = [], hostname = "127.0.0.1"): Promise<BuiltServer> {
  if (!existsSync(BUILT_SERVER)) throw new Error("dist/server/index.js is missing: run `npm run build`");
  const port = await freePort();
  const base = `http://${hostname}:${port}`;
  const running = await start(
    process.execPath,
    [...nodeArgs, BUILT_SERVER],
    { ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: base },
    "Listening on",
  );
  return { ...running, base };
}

/**
 * The environment of one of several built servers behind nginx (tests/load-balancer.test.ts,
 * e2e/admin-live.spec.ts): on `port`, its own data folder, the shared PostgreSQL database and key, the
 * load balancer's address as its public origin, trusting the proxy's X-Forwarded-For.
 */
export function instanceEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl: string;
  publicOrigin: string;
  secretKey: string;
  admin: { username: string; password: string };
}): Record<string, string> {
  return {
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    PUBLIC_ORIGIN: options.publicOrigin,
    SECRET_KEY: options.secretKey,
    TRUST_PROXY: "true",
    ADMIN_USERNAME: options.admin.username,
    ADMIN_PASSWORD: options.admin.password,
    CONTACT_LIMIT_PER_HOUR: "1000",
    NODE_ENV: "production",
  };
}

export const NGINX = "/usr/sbin/nginx";

/**
 * Real nginx (Debian's package; .ci/run installs it) with deploy/nginx-clinic.conf, the file docs/operations.md
 * gives, its two upstream entries pointed at `upstreams` and listening on `port`, inside a main
 * configuration of its own under `work/nginx`. Resolves once nginx has written its pid file (after it
 * opened its listening socket: it prints nothing when ready), or rejects when it exits first.
 */
export async function startNginx(work: string, upstreams: readonly [number, number], port: number): Promise<Running> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run does)`);
  const site = readFileSync(path.resolve("deploy/nginx-clinic.conf"), "utf8")
    .replace("127.0.0.1:3001", `127.0.0.1:${upstreams[0]}`)
    .replace("127.0.0.1:3002", `127.0.0.1:${upstreams[1]}`)
    .replace("listen 80;", `listen 127.0.0.1:${port};`);
  const folder = path.join(work, "nginx");
  mkdirSync(folder, { recursive: true });
  const temp = (name: string) => path.join(folder, name);
  writeFileSync(
    temp("nginx.conf"),
    `daemon off;\nworker_processes 1;\npid ${temp("nginx.pid")};\nerror_log stderr warn;\nevents { worker_connections 256; }\n` +
      `http {\n  access_log off;\n  client_body_temp_path ${temp("body")};\n  proxy_temp_path ${temp("proxy")};\n  fastcgi_temp_path ${temp("fastcgi")};\n` +
      `  uwsgi_temp_path ${temp("uwsgi")};\n  scgi_temp_path ${temp("scgi")};\n${site}\n}\n`,
  );
  const child = spawn(NGINX, ["-p", folder, "-c", temp("nginx.conf"), "-e", "stderr"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      watcher.close();
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve();
    };
    const onExit = () => done(new Error(`nginx did not start:\n${out}`));
    const watcher = watch(folder, () => {
      if (existsSync(temp("nginx.pid"))) done();
    });
    child.once("exit", onExit);
    if (existsSync(temp("nginx.pid"))) done();
  });
  return { child, output: () => out, exited };
}
