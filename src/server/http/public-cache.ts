import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

/**
 * Serialized public bodies (JSON answers and server-rendered pages for anonymous visitors), each with
 * its ETag and its gzip. Bounded by bytes: when full, the least recently used entries go, one by one,
 * so the pages people read stay while one-off requests (a crawler's unknown paths, say) pass through.
 * Emptied whenever staff change something; entries also expire after `ttlMs` so a change made through
 * another server instance shows within that time.
 */
export interface CachedBody {
  body: Buffer;
  etag: string;
  contentType: string;
  status: number;
  createdAt: number;
  gzip?: Buffer;
  /** Headers the answer carries besides the cache's own (a page's X-Total-Count, say). */
  headers?: Record<string, string>;
}

export interface PublicCacheOptions {
  /** The most the cache holds, in bytes: bodies, their gzip, keys and ENTRY_OVERHEAD_BYTES per entry. */
  maxBytes: number;
  ttlMs: number;
  /** Whether bodies get a gzip (not for images, which are compressed already). */
  compress: boolean;
}

export const DEFAULT_PUBLIC_CACHE_OPTIONS: PublicCacheOptions = { maxBytes: 32 * 1024 * 1024, ttlMs: 60_000, compress: true };

const GZIP_MIN_BYTES = 1024;
/** Counted per entry on top of its bytes (the Map slot and the entry object), so tiny entries are not free. */
export const ENTRY_OVERHEAD_BYTES = 256;

interface Slot {
  entry: CachedBody;
  bytes: number;
}

export class PublicCache {
  /** Least recently used first: a Map iterates in insertion order, and a hit re-inserts its entry. */
  private entries = new Map<string, Slot>();
  /** Bodies being computed, so concurrent misses on one key compute it once. */
  private pending = new Map<string, Promise<CachedBody>>();
  private heldBytes = 0;
  /** The key last used or inserted, which is the Map's last (undefined when unknown). */
  private newest: string | undefined;
  private version = 0;
  private readonly options: PublicCacheOptions;

  constructor(options: Partial<PublicCacheOptions> = {}) {
    this.options = { ...DEFAULT_PUBLIC_CACHE_OPTIONS, ...options };
  }

  get(key: string): CachedBody | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    if (Date.now() - slot.entry.createdAt > this.options.ttlMs) {
      this.entries.delete(key);
      if (this.newest === key) this.newest = undefined;
      this.heldBytes -= slot.bytes;
      return undefined;
    }
    // A use moves the entry to the end, unless it is there already (a page read again and again: the
    // fast lane asks on every answer, and a delete and set of the Map would cost more than the rest).
    if (this.newest !== key) {
      this.entries.delete(key);
      this.entries.set(key, slot);
      this.newest = key;
    }
    return slot.entry;
  }

  /**
   * The cached body, or one computed and stored. A body computed while staff changed something
   * (clear() ran meanwhile) is served to the requests that waited for it, not kept.
   */
  async getOrCreate(
    key: string,
    produce: () => Promise<{ body: string | Buffer; contentType: string; status?: number; headers?: Record<string, string> }>,
  ): Promise<CachedBody> {
    const hit = this.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const versionAtStart = this.version;
    const computing = (async () => {
      const produced = await produce();
      const entry = makeCachedBody(produced.body, produced.contentType, produced.status ?? 200, this.options.compress, produced.headers);
      if (versionAtStart === this.version && entry.status < 500) this.insert(key, entry);
      return entry;
    })();
    this.pending.set(key, computing);
    try {
      return await computing;
    } finally {
      if (this.pending.get(key) === computing) this.pending.delete(key);
    }
  }

  /** Staff changed something: every body is stale, and so is any being computed. */
  clear(): void {
    this.version += 1;
    this.entries.clear();
    this.newest = undefined;
    this.pending.clear();
    this.heldBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held (see PublicCacheOptions.maxBytes). */
  get bytes(): number {
    return this.heldBytes;
  }

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  /** The keys held, least recently used first (for tests and diagnostics; does not touch the order). */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Whether the key is held, without counting as a use. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  private insert(key: string, entry: CachedBody): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.heldBytes -= previous.bytes;
    }
    const bytes = entrySize(key, entry);
    // A body larger than the whole budget is served, not kept: keeping it would evict everything else.
    if (bytes > this.options.maxBytes) return;
    this.entries.set(key, { entry, bytes });
    this.newest = key;
    this.heldBytes += bytes;
    for (const [oldKey, slot] of this.entries) {
      if (this.heldBytes <= this.options.maxBytes) break;
      this.entries.delete(oldKey);
      this.heldBytes -= slot.bytes;
    }
  }
}

function entrySize(key: string, entry: CachedBody): number {
  const headerBytes = entry.headers ? Buffer.byteLength(JSON.stringify(entry.headers)) : 0;
  return entry.body.byteLength + (entry.gzip?.byteLength ?? 0) + Buffer.byteLength(key) + headerBytes + ENTRY_OVERHEAD_BYTES;
}

/**
 * A body with its ETag and, from 1 KB, its gzip. The gzip is made here, once, rather than on the first
 * request that accepts it: nearly every client does, it costs a fraction of the render or query that
 * produced the body, and an entry that never changes after it is stored keeps the cache's byte count
 * exact (a gzip added later would grow an entry behind the cache's back).
 */
export function makeCachedBody(
  body: string | Buffer,
  contentType: string,
  status = 200,
  compress = true,
  headers?: Record<string, string>,
): CachedBody {
  const buffer = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const etag = `"${createHash("sha1").update(buffer).digest("base64url").slice(0, 22)}"`;
  const gzip = compress && buffer.byteLength >= GZIP_MIN_BYTES ? gzipSync(buffer, { level: 6 }) : undefined;
  return {
    body: buffer,
    etag,
    contentType,
    status,
    createdAt: Date.now(),
    gzip: gzip && gzip.byteLength < buffer.byteLength ? gzip : undefined,
    headers,
  };
}

/** Answers a cached body: 304 on a matching If-None-Match, its gzip (if it has one) when the client takes it. */
export function respondCached(request: Request, entry: CachedBody, cacheControl: string): Response {
  const headers = new Headers({
    "Content-Type": entry.contentType,
    ETag: entry.etag,
    "Cache-Control": cacheControl,
    Vary: "Accept-Encoding",
    ...entry.headers,
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch?.split(/\s*,\s*/).includes(entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  if (entry.gzip && /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")) {
    headers.set("Content-Encoding", "gzip");
    return new Response(view(entry.gzip), { status: entry.status, headers });
  }
  return new Response(view(entry.body), { status: entry.status, headers });
}

/** A Uint8Array over the buffer's bytes, without copying them. */
function view(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
