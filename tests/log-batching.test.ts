import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The request log leaves in batches (src/server/log.ts): a busy server writes hundreds of request lines
 * in one system call instead of one per turn of the event loop, and nothing is lost when the process
 * exits. Run in a process of its own, whose stdout is a real pipe, as the server's is in production.
 */
const script = `
  import { logRequestLine } from ${JSON.stringify(path.resolve("src/server/log.ts"))};
  let writes = 0;
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => { writes += 1; return write(chunk, ...rest); };
  let turn = 0;
  // 100 turns of the event loop with 10 request lines each, then an exit straight away.
  const next = () => {
    for (let i = 0; i < 10; i++) logRequestLine("id-" + turn + "-" + i, "GET", "/api/services", 200, 0.1);
    if (++turn < 100) setImmediate(next);
    else { process.stderr.write("writes=" + writes + "\\n"); process.exit(0); }
  };
  next();
`;

describe("the request log", () => {
  it("writes the lines of 100 turns of the event loop in a few writes, and all of them before the process exits", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      env: { ...process.env, LOG_LEVEL: "info" },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { requestId: string; route: string; status: number });
    expect(lines).toHaveLength(1000);
    expect(new Set(lines.map((line) => line.requestId)).size).toBe(1000);
    expect(lines[999]).toMatchObject({ requestId: "id-99-9", route: "/api/services", status: 200 });
    // A write per turn would be 100.
    const writes = Number(/writes=(\d+)/.exec(run.stderr)?.[1]);
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThan(10);
  });
});
