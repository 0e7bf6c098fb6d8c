import type { AppDeps } from "../deps";
import { logger } from "../log";
import { imageTasksQueued, pauseImageWork } from "../services/image-work";

/**
 * The memory guard (MEMORY_CEILING_MB): every 2 s it reads the process's resident memory; at 90 % of
 * the ceiling it sheds what it can give back without losing anything (the page cache, the image cache,
 * the fast lane's answers) and holds image work back (uploads and variants wait in their queue) until
 * memory is under 80 % again or 30 s have passed, with a log line each time; then it lets image work
 * run for 30 s before it may hold it again, so a memory that stays high slows uploads but never stops them. The health answer reports
 * the reading (`memory`). Without a ceiling nothing is watched, and the answer says so (ceilingMb null).
 */
const CHECK_MS = 2_000;
const SHED_AT = 0.9;
const RESUME_AT = 0.8;
const MAX_HOLD_MS = 30_000;

let ceilingMb: number | null = null;
let shedding = false;
/** After a hold, image work runs for this long before the guard may hold it again (no starving it). */
const COOLDOWN_MS = 30_000;
let quietUntil = 0;

export interface MemoryReading {
  /** The process's resident memory, in MB. */
  residentMb: number;
  /** MEMORY_CEILING_MB, or null when none is set. */
  ceilingMb: number | null;
  /** "shedding" while the guard holds image work back near the ceiling. */
  state: "ok" | "shedding";
  /** Image tasks (uploads' re-encoding, variants) queued or running. */
  imageTasks: number;
}

export function memoryReading(): MemoryReading {
  return {
    residentMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
    ceilingMb,
    state: shedding ? "shedding" : "ok",
    imageTasks: imageTasksQueued(),
  };
}

/** Starts watching when a ceiling is configured; answers a function that stops. */
export function startMemoryGuard(deps: Pick<AppDeps, "config" | "publicCache" | "imageCache" | "fastLane">): () => void {
  const ceiling = deps.config.memoryCeilingMb;
  if (!ceiling) return () => {};
  ceilingMb = ceiling;
  const bytes = ceiling * 1024 * 1024;
  /** Ends a hold at once (stopping the guard must not leave image work waiting). */
  let release: (() => void) | null = null;
  const check = () => {
    if (shedding || Date.now() < quietUntil) return;
    const resident = process.memoryUsage.rss();
    if (resident < bytes * SHED_AT) return;
    shedding = true;
    deps.publicCache.clear();
    deps.imageCache.clear();
    deps.fastLane.clear();
    logger.warn(
      { residentMb: Math.round(resident / 1024 / 1024), ceilingMb: ceiling, imageTasks: imageTasksQueued() },
      `Memory: ${Math.round(resident / 1024 / 1024)} MB resident, near the ceiling of ${ceiling} MB (MEMORY_CEILING_MB): ` +
        `emptied the page and image caches; image work waits`,
    );
    const held = new Promise<void>((resolve) => {
      const started = Date.now();
      const wait = setInterval(() => {
        if (process.memoryUsage.rss() < bytes * RESUME_AT || Date.now() - started >= MAX_HOLD_MS) release?.();
      }, 500);
      wait.unref();
      release = () => {
        clearInterval(wait);
        release = null;
        resolve();
      };
    });
    pauseImageWork(held);
    void held.then(() => {
      shedding = false;
      quietUntil = Date.now() + COOLDOWN_MS;
      logger.info({ residentMb: Math.round(process.memoryUsage.rss() / 1024 / 1024), ceilingMb: ceiling }, "Memory: image work resumes");
    });
  };
  const timer = setInterval(check, CHECK_MS);
  timer.unref();
  check();
  return () => {
    clearInterval(timer);
    release?.();
    ceilingMb = null;
  };
}
