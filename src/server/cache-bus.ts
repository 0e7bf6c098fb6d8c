import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "./db/client";
import { logTaskError } from "./log";

/**
 * "Something public changed": every instance empties its page and JSON cache. Here at once; on the
 * other instances through PostgreSQL's LISTEN/NOTIFY (a message on one channel, delivered within
 * milliseconds); on the embedded database there is only this process. The caches' one-minute expiry
 * stays as a safety net. When the listening connection drops (a database restart), it listens again by
 * itself and empties the caches then, since the messages sent meanwhile are lost.
 */
const CHANNEL = "clinic_public_changed";

export class CacheBus {
  /** Tells this instance's own messages from the others' (NOTIFY reaches the sender too). */
  readonly instanceId = randomUUID();
  private readonly handlers = new Set<() => void>();
  private notify: ((payload: string) => Promise<void>) | null = null;

  /** Runs `handler` whenever something public changed, here or on another instance; answers a function that stops it. */
  onChange(handler: () => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Something public changed through this instance: empties here, and tells the others. */
  async changed(): Promise<void> {
    this.changedHere();
    if (this.notify) await this.notify(this.instanceId).catch((error) => logTaskError("cache-bus", error));
  }

  /** Something public changed that every instance sees for itself (a scheduled article's time came). */
  changedHere(): void {
    for (const handler of this.handlers) handler();
  }

  /** On PostgreSQL: listens for the other instances' changes. Answers a function that stops listening. */
  async connect(database: DatabaseHandle): Promise<() => Promise<void>> {
    if (!database.listen || !database.notify) return async () => {};
    const notify = database.notify;
    const stop = await database.listen(
      CHANNEL,
      (payload) => {
        if (payload !== this.instanceId) this.changedHere();
      },
      // Listening again after the connection dropped: what the others said meanwhile is lost, so empty.
      () => this.changedHere(),
    );
    this.notify = (payload) => notify(CHANNEL, payload);
    return async () => {
      this.notify = null;
      await stop();
    };
  }
}
