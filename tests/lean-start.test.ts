import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSeeder } from "../bench/seed-inquiries";
import { createSecretBox } from "../src/server/auth/secret-box";
import { openPglite } from "../src/server/db/client";
import { defaultMemoryCeilingMb, leanNodeFlags, memoryLimitMb } from "../src/server/boot/memory-limit";
import { BUILT_SERVER, freePort, start, stopProcess, type Running } from "./setup/processes";

/**
 * The lean default start (issue 37): `npm start` gives node the limits of the "Smallest server"
 * settings (docs/performance.md) derived from the memory the process may use, without anyone choosing
 * them, and a stream of many rows then keeps the server's growth small: the CSV export of 20,000
 * inquiries grows the server started by package.json's own "start" script by under 30 MB of resident
 * memory (V8's defaults on this machine: 39 MB at 10,000 and 115 MB at 50,000; with the derived
 * limits 18 and 19 MB).
 */
const SECRET_KEY = "lean-start-test-key-0123456789abcdef0123456789abcdef";
const PASSWORD = "lean-start-password-1";
const INQUIRIES = 20_000;
const MB = 1024;

describe("the heap's limits from the memory the process may use", () => {
  it("gives a 512 MB machine the documented settings, more memory up to 512 MB of heap, and keeps the operator's own", () => {
    expect(leanNodeFlags(512, "")).toEqual(["--max-semi-space-size=2", "--max-old-space-size=128"]);
    expect(leanNodeFlags(256, "")).toEqual(["--max-semi-space-size=2", "--max-old-space-size=128"]);
    expect(leanNodeFlags(1024, "")).toEqual(["--max-semi-space-size=2", "--max-old-space-size=256"]);
    expect(leanNodeFlags(24_000, "")).toEqual(["--max-semi-space-size=2", "--max-old-space-size=512"]);
    expect(leanNodeFlags(512, "--max-old-space-size=300")).toEqual(["--max-semi-space-size=2"]);
    expect(leanNodeFlags(512, "--max-semi-space-size=8 --max-old-space-size=300")).toEqual([]);
    expect(defaultMemoryCeilingMb(512)).toBe(400);
    expect(defaultMemoryCeilingMb(1024)).toBe(800);
    expect(defaultMemoryCeilingMb(4096)).toBeUndefined();
  });

  it("reads a container's limit (cgroup v2 and v1) when it is less than the machine's", () => {
    const root = mkdtempSync(path.join(tmpdir(), "clinic-cgroup-"));
    try {
      writeFileSync(path.join(root, "memory.max"), `${512 * 1024 * 1024}\n`);
      expect(memoryLimitMb(root)).toBe(512);
      writeFileSync(path.join(root, "memory.max"), "max\n");
      mkdirSync(path.join(root, "memory"));
      writeFileSync(path.join(root, "memory", "memory.limit_in_bytes"), `${768 * 1024 * 1024}\n`);
      expect(memoryLimitMb(root)).toBe(768);
      writeFileSync(path.join(root, "memory", "memory.limit_in_bytes"), "9223372036854771712\n");
      expect(memoryLimitMb(root)).toBeGreaterThan(768); // no limit: the machine's memory
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("npm start on 20,000 inquiries", () => {
  let dataDir = "";
  let server: Running | undefined;
  let base = "";

  const status = (field: "VmRSS" | "VmHWM") =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server!.child.pid}/status`, "utf8"))![1]);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "clinic-lean-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, SECRET_KEY, ADMIN_PASSWORD: PASSWORD, PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: base };
    // The folder made and migrated by a first start, then the inquiries written into it while no server holds it.
    await stopProcess(await start(process.execPath, [BUILT_SERVER], env, "Listening on"));
    const handle = await openPglite({ dataDir });
    try {
      await makeSeeder(handle.db, createSecretBox(SECRET_KEY))(INQUIRIES);
    } finally {
      await handle.close();
    }
    // package.json's own "start" script, as npm runs it (sh -c; it execs node, so the pid is the server's).
    const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
    server = await start("sh", ["-c", script], env, "Listening on");
  }, 600_000);

  afterAll(async () => {
    await stopProcess(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts node with the derived limits", () => {
    const commandLine = readFileSync(`/proc/${server!.child.pid}/cmdline`, "utf8").split("\0");
    expect(commandLine).toContain("--max-semi-space-size=2");
    expect(commandLine.some((arg) => /^--max-old-space-size=\d+$/.test(arg))).toBe(true);
    expect(commandLine).toContain(BUILT_SERVER.slice(BUILT_SERVER.indexOf("dist/")));
  });

  it("exports every inquiry as CSV with the server's resident memory up by under 30 MB", async () => {
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    // The pages' caches filled first, as on a server that has been up a while.
    for (const page of ["/", "/services", "/contact", "/api/services"]) await (await fetch(base + page)).arrayBuffer();
    const before = status("VmRSS");
    writeFileSync(`/proc/${server!.child.pid}/clear_refs`, "5"); // the peak from here on
    const res = await fetch(`${base}/api/admin/contact/export`, { headers: { cookie, origin: base } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.split("\n").filter((line) => line.includes("@example.com")).length).toBe(INQUIRIES);
    const growth = (status("VmHWM") - before) / MB;
    expect(growth, `resident memory from ${Math.round(before / MB)} MB, peak ${Math.round(growth)} MB above it`).toBeLessThan(30);
  }, 300_000);
});
