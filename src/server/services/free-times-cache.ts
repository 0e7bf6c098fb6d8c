import type { FreeTime } from "./booking-slots";

/**
 * The free times the site has listed, per bookable service and local date (issue 38; decision 0084),
 * kept until the next change that can alter them. Any range of dates asked for is answered from the
 * days kept, and only the days missing are computed (one read of the database for their span).
 *
 * What empties it, here and on every instance (the cache bus, live/cache-bus.ts, wired in
 * boot/bootstrap.ts): every staff change ("public": availability, overrides, resources, a service's
 * booking settings, Clinic details, a booking confirmed, declined, cancelled, moved) and every booking
 * made or changed by a visitor ("inquiries": a booking is an inquiry on the desk), and a lost listening
 * connection. A change the bus does not carry (a database edited by hand, a restore from the command
 * line) shows within `ttlMs`, as the public cache's expiry lets it.
 *
 * What it never does: decide a booking. The booking path reads the times itself and the claims refuse a
 * second holder (decision 0075); this cache serves the listing only.
 *
 * Time passing: a service's days are kept for one local date of the clinic ("today": the window of days
 * ahead moves at midnight); the times before the minimum notice are left out on every read, from the
 * moment of the read, so a kept answer never offers a time now inside the notice or past.
 */
export interface CachedService<S> {
  /** The clinic's local date the days were computed on. */
  today: string;
  /** The service's settings and clinicians, as read (a change of them empties the cache). */
  service: S;
  /** Free times by local date (a date with none: []). */
  days: Map<string, FreeTime[]>;
  /** The latest moment a day was computed at: a read from before it (a clock set back) computes again. */
  computedAt: number;
  /** When the first of it was computed: the safety net's expiry counts from it. */
  madeAt: number;
}

export class FreeTimesCache<S = unknown> {
  private readonly services = new Map<string, CachedService<S>>();
  /** Moves on with every clear: a computation begun before a change does not store what it read. */
  private generationNow = 0;

  constructor(private readonly ttlMs = 60_000) {}

  get generation(): number {
    return this.generationNow;
  }

  /** A service's kept days, when computed on `today`, not expired and not after `now`. */
  get(slug: string, today: string, now: number): CachedService<S> | undefined {
    const kept = this.services.get(slug);
    if (!kept) return undefined;
    if (kept.today !== today || now - kept.madeAt >= this.ttlMs || now < kept.computedAt) {
      this.services.delete(slug);
      return undefined;
    }
    return kept;
  }

  /** Keeps a service's entry, unless something changed since `generation` was read. */
  put(slug: string, entry: CachedService<S>, generation: number): void {
    if (generation === this.generationNow) this.services.set(slug, entry);
  }

  /** Something that can alter free times changed (here or on another instance): forget every one. */
  clear(): void {
    this.generationNow++;
    this.services.clear();
  }
}
