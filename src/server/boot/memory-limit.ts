import { readFileSync } from "node:fs";
import { totalmem } from "node:os";

/**
 * The lean default start (issue 37): `npm start` gives node the heap a small server needs without
 * anyone choosing it, derived from the memory the process may use. The 512 MB settings of
 * docs/performance.md ("Smallest server") are what it gives a 512 MB machine or container.
 */

/** Above this a cgroup's memory limit means "no limit" (cgroup v1 writes a huge number; v2 writes "max"). */
const NO_LIMIT_BYTES = 2 ** 60;

function readLimit(file: string): number | null {
  try {
    const text = readFileSync(file, "utf8").trim();
    const bytes = Number(text);
    return text !== "max" && Number.isFinite(bytes) && bytes > 0 && bytes < NO_LIMIT_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

/** The memory this process may use, in MB: the machine's, or its container's (cgroup v2 or v1) when that is less. */
export function memoryLimitMb(root = "/sys/fs/cgroup"): number {
  const limits = [totalmem(), readLimit(`${root}/memory.max`), readLimit(`${root}/memory/memory.limit_in_bytes`)];
  return Math.floor(Math.min(...limits.filter((bytes): bytes is number => bytes !== null)) / 1024 / 1024);
}

/**
 * V8's limits for the server: young-generation semi-spaces of 2 MB (V8's default grows them to 16 MB
 * each, and once grown they stay resident: about 30 MB of a small server, no measurable CPU on the
 * cached answers, docs/performance.md) and an old generation of a quarter of the memory the process
 * may use, from 128 MB (a 512 MB machine: the documented settings) to 512 MB (with more memory V8's own
 * default, up to 4 GB, let 50,000 inquiries' export grow the server by 115 MB of garbage it collects
 * late; with 512 MB, by under 40 MB). A limit the operator gave (in NODE_OPTIONS or on node's command
 * line) stands: only the missing ones are added.
 */
export function leanNodeFlags(limitMb: number, given: string): string[] {
  const flags: string[] = [];
  if (!/--max-semi-space-size\b/.test(given)) flags.push("--max-semi-space-size=2");
  if (!/--max-old-space-size\b/.test(given)) flags.push(`--max-old-space-size=${Math.min(512, Math.max(128, Math.floor(limitMb / 4)))}`);
  return flags;
}

/**
 * The memory guard's ceiling when MEMORY_CEILING_MB is not set: on a process with 1 GB or less, 400
 * of every 512 MB of it (a 512 MB machine: the documented 400 MB); above that, no guard, as before.
 */
export function defaultMemoryCeilingMb(limitMb: number): number | undefined {
  return limitMb <= 1024 ? Math.max(200, Math.floor((limitMb * 400) / 512)) : undefined;
}
