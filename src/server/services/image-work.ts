import sharp from "sharp";

/**
 * Image work (sharp: an upload's re-encoding, its variants, share images) runs one task at a time, on
 * one libvips thread, with libvips' operation cache off: a 24-megapixel photo decoded while another is
 * means twice the memory, and each thread and cached operation holds buffers of its own. A queue keeps
 * ten uploads at once to the memory of one; they wait their turn instead.
 */
sharp.concurrency(1);
sharp.cache(false);

let tail: Promise<unknown> = Promise.resolve();
let queued = 0;
let paused: Promise<void> | null = null;

/** Runs `task` after the image work queued before it; its answer or error is the caller's. */
export function imageTask<T>(task: () => Promise<T>): Promise<T> {
  queued += 1;
  const run = tail.then(async () => {
    while (paused) await paused;
    return task();
  });
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  tail = settled;
  void settled.then(() => (queued -= 1));
  return run;
}

/** How many image tasks are queued or running. */
export function imageTasksQueued(): number {
  return queued;
}

/** Resolves once every image task queued so far (and those they queued in turn) has finished. */
export async function imageWorkSettled(): Promise<void> {
  for (;;) {
    const current = tail;
    await current;
    // Background variants queue their next task from the one that finished; wait for those too.
    await new Promise((resolve) => setImmediate(resolve));
    if (current === tail && queued === 0) return;
  }
}

/**
 * Holds image work back until `until` settles (the memory guard, while the server sheds memory); what
 * is queued waits and then runs.
 */
export function pauseImageWork(until: Promise<unknown>): void {
  const gate = until.then(
    () => undefined,
    () => undefined,
  );
  paused = gate;
  void gate.then(() => {
    if (paused === gate) paused = null;
  });
}
