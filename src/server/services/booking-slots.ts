/**
 * The slot engine (issue 38; docs/decisions/0075-booking-model.md): the free times of a service over a
 * range of the clinic's local dates. Pure: it takes the hours, overrides and busy times already read
 * (./booking-availability.ts reads them) and the moment `now`, so every rule is tested without a clock.
 *
 * A time is free for a clinician when, on its local date, the appointment [start, start + duration]
 * lies inside the clinic's hours ∩ the clinician's ∩ the resource's (each: that date's overrides, else
 * the weekday's hours); its held time [start − buffer before, end + buffer after] overlaps no active
 * booking of the clinician or the resource (their held times, buffers included); it starts at least the
 * minimum notice after `now`; its local date is no later than today + days ahead. Starts step by the
 * interval from the start of each open stretch. Local minutes become instants through the time zone's
 * rules, so the spring-forward and fall-back days have their real lengths: a wall time that does not
 * exist (2:30 on spring-forward day) is the instant an hour later's wall clock reads (3:30); an
 * ambiguous one (1:30 on fall-back day) is its first occurrence.
 */

/** Minutes from local midnight: [start, end), 0..1440. */
export interface Stretch {
  start: number;
  end: number;
}

/** Whose hours: weekly stretches by weekday (0 Sunday .. 6 Saturday) and a date's overrides ([] closes the day). */
export interface Availability {
  weekly: ReadonlyArray<readonly Stretch[]>;
  overrides: ReadonlyMap<string, readonly Stretch[]>;
}

/** A held time, as epoch milliseconds [start, end). */
export interface Busy {
  start: number;
  end: number;
}

export interface SlotRules {
  durationMinutes: number;
  intervalMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  daysAhead: number;
}

export interface SlotQuery {
  /** Local dates, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  now: Date;
  timeZone: string;
  rules: SlotRules;
  clinic: Availability;
  /** The resource the service needs, or null. */
  resource: { availability: Availability; busy: readonly Busy[] } | null;
  /** The service's clinicians, in the order a booking without a choice takes them. */
  clinicians: ReadonlyArray<{ id: number; availability: Availability; busy: readonly Busy[] }>;
}

export interface FreeTime {
  start: Date;
  end: Date;
  /** The clinicians free at that time, in the service's order. */
  clinicianIds: number[];
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `instant`, as epoch milliseconds whose UTC fields read it. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant)))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const QUARTER_HOUR = 15 * MINUTE;
const offsets = new Map<string, number>();

/**
 * The time zone's offset from UTC at `instant`, in milliseconds (Denver in winter: −7 h). Offsets change
 * on quarter hours (every zone in use today): one is found per quarter hour and kept (Intl's formatting
 * is the slot engine's dearest step; a month of free times asks for the same few thousand times over).
 */
export function offsetAt(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = wallClock(quarter, timeZone) - quarter;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const dateParts = (date: string) => date.split("-").map(Number) as [number, number, number];

/** The instant a local date's minute (0..1440) names; see the module's note for the DST days. */
export function localToInstant(date: string, minute: number, timeZone: string): number {
  const [y, m, d] = dateParts(date);
  const wall = Date.UTC(y, m - 1, d) + minute * MINUTE;
  const first = wall - offsetAt(wall, timeZone);
  const firstOffset = offsetAt(first, timeZone);
  if (wall - firstOffset === first) {
    // It exists; when ambiguous, an hour earlier under the other offset is the first occurrence.
    const earlier = wall - offsetAt(first - 3 * 3_600_000, timeZone);
    return earlier < first && offsetAt(earlier, timeZone) === wall - earlier ? earlier : first;
  }
  const second = wall - firstOffset;
  return offsetAt(second, timeZone) === wall - second ? second : Math.max(first, second);
}

/** The local date (YYYY-MM-DD) of an instant. */
export function localDate(instant: number, timeZone: string): string {
  return new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);
}

/** A local date `days` later. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = dateParts(date);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

export const weekdayOf = (date: string) => {
  const [y, m, d] = dateParts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** A date's stretches: its overrides, else its weekday's. */
export function stretchesOn(availability: Availability, date: string): readonly Stretch[] {
  return availability.overrides.get(date) ?? availability.weekly[weekdayOf(date)] ?? [];
}

/** The overlap of two sets of stretches (each sorted or not; the answer sorted and merged). */
export function intersect(a: readonly Stretch[], b: readonly Stretch[]): Stretch[] {
  const out: Stretch[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start < end) out.push({ start, end });
    }
  return merge(out);
}

function merge(stretches: Stretch[]): Stretch[] {
  const sorted = [...stretches].sort((x, y) => x.start - y.start);
  const out: Stretch[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** Whether [start, end) overlaps a held time; `busy` sorted by start and not overlapping itself (one owner's). */
export function overlapsBusy(busy: readonly Busy[], start: number, end: number): boolean {
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < busy.length && busy[lo]!.start < end;
}

const byStart = (list: readonly Busy[]) => [...list].sort((x, y) => x.start - y.start);

/** The last local date a service books: today plus how far ahead it books (its booking window). */
export const lastBookableDay = (today: string, daysAhead: number): string => addDays(today, daysAhead);

/** The free times, earliest first. */
export function freeTimes(query: SlotQuery): FreeTime[] {
  const { rules, timeZone } = query;
  const today = localDate(query.now.getTime(), timeZone);
  const first = [query.from, today].sort()[1]!;
  const lastAllowed = lastBookableDay(today, rules.daysAhead);
  const last = [query.to, lastAllowed].sort()[0]!;
  const earliest = query.now.getTime() + rules.minNoticeMinutes * MINUTE;
  const duration = rules.durationMinutes * MINUTE;
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const step = rules.intervalMinutes * MINUTE;
  const resourceBusy = query.resource ? byStart(query.resource.busy) : [];
  const clinicians = query.clinicians.map((c) => ({ ...c, busy: byStart(c.busy) }));
  const found = new Map<number, FreeTime>();
  // The same local minutes recur for every clinician of a date: each instant is found once.
  const instants = new Map<number, number>();
  const instantOf = (date: string, minute: number) => {
    let instant = instants.get(minute);
    if (instant === undefined) {
      instant = localToInstant(date, minute, timeZone);
      instants.set(minute, instant);
    }
    return instant;
  };
  for (let date = first; date <= last; date = addDays(date, 1)) {
    instants.clear();
    let open = stretchesOn(query.clinic, date);
    if (query.resource) open = intersect(open, stretchesOn(query.resource.availability, date));
    if (open.length === 0) continue;
    for (const clinician of clinicians) {
      for (const stretch of intersect(open, stretchesOn(clinician.availability, date))) {
        const stretchEnd = instantOf(date, stretch.end);
        for (let start = instantOf(date, stretch.start); start + duration <= stretchEnd; start += step) {
          if (start < earliest) continue;
          const held = { start: start - before, end: start + duration + after };
          if (overlapsBusy(clinician.busy, held.start, held.end)) continue;
          if (query.resource && overlapsBusy(resourceBusy, held.start, held.end)) continue;
          const slot = found.get(start);
          if (slot) slot.clinicianIds.push(clinician.id);
          else found.set(start, { start: new Date(start), end: new Date(start + duration), clinicianIds: [clinician.id] });
        }
      }
    }
  }
  return [...found.values()].sort((x, y) => x.start.getTime() - y.start.getTime());
}
