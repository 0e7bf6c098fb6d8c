import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

/**
 * Serialized public bodies (JSON answers and server-rendered pages for anonymous visitors), each with
 * its ETag and a gzip made once. Emptied whenever staff change something; entries also expire after
 * `ttlMs` so a change made through another server instance shows within that time.
 */
export interface CachedBody {
  body: Buffer;
  etag: string;
  contentType: string;
  status: number;
  createdAt: number;
  gzip?: Buffer;
}

const GZIP_MIN_BYTES = 1024;

export class PublicCache {
  private entries = new Map<string, CachedBody>();
  private version = 0;

  constructor(
    private readonly options: { maxEntries: number; ttlMs: number } = { maxEntries: 500, ttlMs: 60_000 },
  ) {}

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.createdAt > this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Computes and stores a body unless staff changed something meanwhile (the stale body is then served once, not kept). */
  async getOrCreate(
    key: string,
    produce: () => Promise<{ body: string | Buffer; contentType: string; status?: number }>,
  ): Promise<CachedBody> {
    const hit = this.get(key);
    if (hit) return hit;
    const versionAtStart = this.version;
    const produced = await produce();
    const entry = makeCachedBody(produced.body, produced.contentType, produced.status ?? 200);
    if (versionAtStart === this.version && entry.status < 500) {
      if (this.entries.size >= this.options.maxEntries) this.entries.clear();
      this.entries.set(key, entry);
    }
    return entry;
  }

  clear(): void {
    this.version += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export function makeCachedBody(body: string | Buffer, contentType: string, status = 200): CachedBody {
  const buffer = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const etag = `"${createHash("sha1").update(buffer).digest("base64url").slice(0, 22)}"`;
  return { body: buffer, etag, contentType, status, createdAt: Date.now() };
}

/** Answers a cached body: 304 on a matching If-None-Match, gzip when the client takes it. */
export function respondCached(
  request: Request,
  entry: CachedBody,
  cacheControl: string,
): Response {
  const headers = new Headers({
    "Content-Type": entry.contentType,
    ETag: entry.etag,
    "Cache-Control": cacheControl,
    Vary: "Accept-Encoding",
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  if (entry.body.length >= GZIP_MIN_BYTES && /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")) {
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    headers.set("Content-Encoding", "gzip");
    return new Response(view(entry.gzip), { status: entry.status, headers });
  }
  return new Response(view(entry.body), { status: entry.status, headers });
}

/** A Uint8Array over the buffer's bytes, without copying them. */
function view(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
