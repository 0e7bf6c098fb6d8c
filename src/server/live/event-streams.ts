/**
 * The portal's open event streams on this instance (live-events.ts), kept here so that a stop can end
 * them before it waits for the requests in flight (start.ts). It imports nothing: deps.ts holds one.
 */
export interface OpenStream {
  userId: number;
  close(): void;
}

/** The open streams of this instance, so that a stop can end them before it waits for requests in flight. */
export class EventStreams {
  private readonly open = new Set<OpenStream>();
  /** How often a stream says it is still there and checks its session (tests make it shorter). */
  heartbeatMs = 25_000;

  get size(): number {
    return this.open.size;
  }

  countFor(userId: number): number {
    let n = 0;
    for (const stream of this.open) if (stream.userId === userId) n++;
    return n;
  }

  add(stream: OpenStream): () => void {
    this.open.add(stream);
    return () => this.open.delete(stream);
  }

  /** Ends every stream (a graceful stop): the browsers reconnect, behind a load balancer to another instance. */
  closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }
}
