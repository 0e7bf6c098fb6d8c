import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "../db/client";
import { logTaskError } from "../log";

/**
 * What changed, told to every instance: here at once; on the other instances through PostgreSQL's
 * LISTEN/NOTIFY (one channel, one listening connection per instance, delivered within milliseconds);
 * on the embedded database there is only this process. Three topics travel on it:
 *
 * - "public": something public changed; every instance empties its page and JSON cache (the caches'
 *   one-minute expiry stays as a safety net).
 * - "inquiries": an inquiry arrived ("arrived") or one changed ("changed": status, assignee, deleted);
 *   the portal's open event streams count again (live-events.ts). Nothing about the inquiry travels.
 * - "mail": the mail server of Settings > E-mail changed; every instance reads it again before its next
 *   message (mail/hub.ts). Nothing of the server travels.
 *
 * When the listening connection drops (a database restart), it listens again by itself and then tells
 * every topic's handlers `null`, "something may have changed", since the messages sent meanwhile are lost.
 */
const CHANNEL = "clinic_public_changed";

export type BusTopic = "public" | "inquiries" | "mail";
const TOPICS: readonly BusTopic[] = ["public", "inquiries", "mail"];
export type InquiryChange = "arrived" | "changed";
type Handler = (detail: string | null) => void;

export class CacheBus {
  /** Tells this instance's own messages from the others' (NOTIFY reaches the sender too). */
  readonly instanceId = randomUUID();
  private readonly handlers: Record<BusTopic, Set<Handler>> = { public: new Set(), inquiries: new Set(), mail: new Set() };
  private notify: ((payload: string) => Promise<void>) | null = null;

  /** Runs `handler` whenever something public changed, here or on another instance; answers a function that stops it. */
  onChange(handler: () => void): () => void {
    return this.subscribe("public", handler);
  }

  /** Runs `handler` whenever an inquiry arrived or changed, here or on another instance (`null`: after a lost connection). */
  onInquiries(handler: (change: InquiryChange | null) => void): () => void {
    return this.subscribe("inquiries", handler as Handler);
  }

  /** Runs `handler` whenever the mail server of Settings > E-mail changed, here or on another instance (or after a lost connection). */
  onMail(handler: () => void): () => void {
    return this.subscribe("mail", handler);
  }

  /** The mail server of Settings > E-mail changed through this instance: here, and on the others. */
  mail(): Promise<void> {
    return this.publish("mail", "");
  }

  /** Something public changed through this instance: empties here, and tells the others. */
  changed(): Promise<void> {
    return this.publish("public", "");
  }

  /** Something public changed that every instance sees for itself (a scheduled article's time came). */
  changedHere(): void {
    this.deliver("public", "");
  }

  /** An inquiry arrived or changed through this instance: here, and on the others. */
  inquiries(change: InquiryChange): Promise<void> {
    return this.publish("inquiries", change);
  }

  /** On PostgreSQL: listens for the other instances' messages. Answers a function that stops listening. */
  async connect(database: DatabaseHandle): Promise<() => Promise<void>> {
    if (!database.listen || !database.notify) return async () => {};
    const notify = database.notify;
    const stop = await database.listen(
      CHANNEL,
      (payload) => {
        // "<instance> <topic> <detail>"
        const [instance, topic, detail = ""] = payload.split(" ");
        if (instance !== this.instanceId && TOPICS.includes(topic as BusTopic)) this.deliver(topic as BusTopic, detail);
      },
      // Listening again after the connection dropped: what the others said meanwhile is lost.
      () => {
        for (const topic of TOPICS) this.deliver(topic, null);
      },
    );
    this.notify = (payload) => notify(CHANNEL, payload);
    return async () => {
      this.notify = null;
      await stop();
    };
  }

  private subscribe(topic: BusTopic, handler: Handler): () => void {
    this.handlers[topic].add(handler);
    return () => this.handlers[topic].delete(handler);
  }

  private deliver(topic: BusTopic, detail: string | null): void {
    for (const handler of this.handlers[topic]) handler(detail);
  }

  private async publish(topic: BusTopic, detail: string): Promise<void> {
    this.deliver(topic, detail);
    if (this.notify) await this.notify(`${this.instanceId} ${topic} ${detail}`).catch((error) => logTaskError("cache-bus", error));
  }
}
