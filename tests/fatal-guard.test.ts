import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * The last guard (src/server/log.ts exitOnUnexpectedErrors, installed by startServer): an exception
 * thrown outside every promise, or a rejection nobody handles, is logged without its message (which may
 * quote a patient's data) and ends the process with status 1, for a supervisor to start it again.
 */
const run = async (throwing: string) => {
  const script = `import { exitOnUnexpectedErrors } from ${JSON.stringify(path.resolve("src/server/log.ts"))};
exitOnUnexpectedErrors();
${throwing}
setTimeout(() => console.log("still running"), 2000);`;
  try {
    await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { timeout: 20_000 });
    return { code: 0, output: "" };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
};

describe("an error nothing caught", () => {
  it("thrown from a timer: one log line without its message, then exit 1", async () => {
    const { code, output } = await run(
      `setImmediate(() => { const e = new TypeError("Jane Patient jane@example.com"); e.code = "E_TEST"; throw e; });`,
    );
    expect(code).toBe(1);
    const line = JSON.parse(output.split("\n").find((l) => l.includes("unexpected error"))!);
    expect(line).toMatchObject({ level: "fatal", kind: "uncaughtException", errorClass: "TypeError", code: "E_TEST" });
    expect(line.frames.length).toBeGreaterThan(0);
    expect(output).not.toContain("Jane");
    expect(output).not.toContain("still running");
  });

  it("a rejection nobody handled: the same", async () => {
    const { code, output } = await run(`Promise.reject(new Error("Jane Patient"));`);
    expect(code).toBe(1);
    expect(output).toMatch(/"kind":"unhandledRejection"/);
    expect(output).not.toContain("Jane");
  });
});
