import { describe, expect, it } from "vitest";
import {
  type Availability,
  type Busy,
  freeTimes,
  localToInstant,
  type SlotQuery,
  type SlotRules,
  type Stretch,
} from "../src/server/services/booking-slots";

/**
 * The slot engine (issue 38), rule by rule: hours, overrides, duration, interval, buffers, notice,
 * window, a resource shared by two services, and the daylight-saving days in America/Denver.
 */
const TZ = "America/Denver";
const h = (hour: number, minute = 0) => hour * 60 + minute;
const everyDay = (stretches: Stretch[]): Availability => ({ weekly: Array.from({ length: 7 }, () => stretches), overrides: new Map() });
const nineToFive = everyDay([{ start: h(9), end: h(17) }]);
const rules: SlotRules = {
  durationMinutes: 60,
  intervalMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  daysAhead: 60,
};
/** Local wall-clock labels "YYYY-MM-DD HH:MM" of the answer's starts. */
const wall = new Intl.DateTimeFormat("sv-SE", { timeZone: TZ, dateStyle: "short", timeStyle: "short" });
const labels = (query: SlotQuery) => freeTimes(query).map((slot) => wall.format(slot.start));
const at = (date: string, minute: number) => localToInstant(date, minute, TZ);
// A Wednesday in winter (UTC−7), seen from the Monday before.
const DAY = "2026-01-14";
const NOW = new Date("2026-01-12T14:00:00Z"); // 07:00 local

function query(overrides: Partial<SlotQuery> = {}): SlotQuery {
  return {
    from: DAY,
    to: DAY,
    now: NOW,
    timeZone: TZ,
    rules,
    clinic: nineToFive,
    resource: null,
    clinicians: [{ id: 1, availability: nineToFive, busy: [] }],
    ...overrides,
  };
}

describe("the slot engine", () => {
  it("honours the hours: the clinic's ∩ the clinician's, whole appointments only", () => {
    const clinician = everyDay([{ start: h(8), end: h(12, 30) }]);
    expect(labels(query({ clinicians: [{ id: 1, availability: clinician, busy: [] }] }))).toEqual([
      `${DAY} 09:00`,
      `${DAY} 10:00`,
      `${DAY} 11:00`,
    ]);
    const closedWednesdays: Availability = { weekly: nineToFive.weekly.map((s, day) => (day === 3 ? [] : s)), overrides: new Map() };
    expect(labels(query({ clinic: closedWednesdays }))).toEqual([]);
  });

  it("honours date overrides: a closed day, and other hours that day", () => {
    const holiday: Availability = { ...nineToFive, overrides: new Map([[DAY, []]]) };
    expect(labels(query({ clinic: holiday }))).toEqual([]);
    const extra: Availability = { ...nineToFive, overrides: new Map([[DAY, [{ start: h(18), end: h(20) }]]]) };
    const late = everyDay([{ start: h(0), end: h(24) }]);
    expect(labels(query({ clinic: late, clinicians: [{ id: 1, availability: extra, busy: [] }] }))).toEqual([
      `${DAY} 18:00`,
      `${DAY} 19:00`,
    ]);
  });

  it("honours the duration and the interval", () => {
    const result = labels(query({ rules: { ...rules, durationMinutes: 90, intervalMinutes: 30 } }));
    expect(result[0]).toBe(`${DAY} 09:00`);
    expect(result[1]).toBe(`${DAY} 09:30`);
    // The last whole 90 minutes before 17:00 start at 15:30.
    expect(result.at(-1)).toBe(`${DAY} 15:30`);
    expect(result).toHaveLength(14);
  });

  it("honours buffers: a held time (buffers included) overlaps no booking's held time", () => {
    // A booking 12:00-13:00 held with 15 minutes after it: 12:00 to 13:15.
    const busy: Busy[] = [{ start: at(DAY, h(12)), end: at(DAY, h(13, 15)) }];
    const plain = labels(query({ rules: { ...rules, intervalMinutes: 15 }, clinicians: [{ id: 1, availability: nineToFive, busy }] }));
    expect(plain).toContain(`${DAY} 11:00`);
    expect(plain).not.toContain(`${DAY} 13:00`);
    expect(plain).toContain(`${DAY} 13:15`);
    const buffered = labels(
      query({
        rules: { ...rules, intervalMinutes: 15, bufferBeforeMinutes: 15, bufferAfterMinutes: 10 },
        clinicians: [{ id: 1, availability: nineToFive, busy }],
      }),
    );
    // 10:45 + 60 + 10 after = 11:55: free; 11:00 + 70 = 12:10 overlaps.
    expect(buffered).toContain(`${DAY} 10:45`);
    expect(buffered).not.toContain(`${DAY} 11:00`);
    // 13:15 − 15 before = 13:00 overlaps the held 13:15; 13:30 − 15 = 13:15 does not.
    expect(buffered).not.toContain(`${DAY} 13:15`);
    expect(buffered).toContain(`${DAY} 13:30`);
  });

  it("honours the minimum notice", () => {
    const now = new Date(at(DAY, h(10, 20)));
    expect(labels(query({ now, rules: { ...rules, minNoticeMinutes: 120 } }))[0]).toBe(`${DAY} 13:00`);
    expect(labels(query({ now, rules: { ...rules, minNoticeMinutes: 0 } }))[0]).toBe(`${DAY} 11:00`);
  });

  it("honours the booking window: no later than today + days ahead, and nothing before today", () => {
    const result = labels(query({ from: "2026-01-01", to: "2026-01-31", rules: { ...rules, daysAhead: 3 } }));
    const days = [...new Set(result.map((label) => label.slice(0, 10)))];
    expect(days).toEqual(["2026-01-12", "2026-01-13", "2026-01-14", "2026-01-15"]);
  });

  it("a resource shared by two services: one service's booking takes the resource from the other, whoever the clinician", () => {
    const chairBusy: Busy[] = [{ start: at(DAY, h(10)), end: at(DAY, h(11)) }];
    const chair = { availability: nineToFive, busy: chairBusy };
    const otherClinician = [{ id: 2, availability: nineToFive, busy: [] }];
    const withChair = labels(query({ resource: chair, clinicians: otherClinician }));
    expect(withChair).not.toContain(`${DAY} 10:00`);
    expect(withChair).toContain(`${DAY} 11:00`);
    // A service without the resource does not care.
    expect(labels(query({ clinicians: otherClinician }))).toContain(`${DAY} 10:00`);
    // The resource's own hours count too.
    const morningsOnly = { availability: everyDay([{ start: h(9), end: h(12) }]), busy: [] };
    expect(labels(query({ resource: morningsOnly }))).toEqual([`${DAY} 09:00`, `${DAY} 10:00`, `${DAY} 11:00`]);
  });

  it("merges clinicians: a time lists each free clinician in the service's order", () => {
    const busy: Busy[] = [{ start: at(DAY, h(9)), end: at(DAY, h(10)) }];
    const slots = freeTimes(
      query({
        clinicians: [
          { id: 7, availability: nineToFive, busy },
          { id: 3, availability: nineToFive, busy: [] },
        ],
      }),
    );
    expect(slots[0]!.clinicianIds).toEqual([3]);
    expect(slots[1]!.clinicianIds).toEqual([7, 3]);
  });

  it("spring-forward day (2026-03-08): local wall times stay right and the night is an hour shorter", () => {
    const day = "2026-03-08";
    const night = everyDay([{ start: h(0), end: h(5) }]);
    const slots = freeTimes(
      query({
        from: day,
        to: day,
        now: new Date("2026-03-01T00:00:00Z"),
        clinic: night,
        clinicians: [{ id: 1, availability: night, busy: [] }],
      }),
    );
    // 0:00, 1:00 MST, then 3:00, 4:00 MDT: 2:00 does not exist; four real hours.
    expect(slots.map((s) => wall.format(s.start))).toEqual([`${day} 00:00`, `${day} 01:00`, `${day} 03:00`, `${day} 04:00`]);
    expect(slots.map((s) => s.start.toISOString())).toEqual([
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T08:00:00.000Z",
      "2026-03-08T09:00:00.000Z",
      "2026-03-08T10:00:00.000Z",
    ]);
    // Daytime hours read the same on the wall as any other day, now at UTC−6.
    const day9 = freeTimes(query({ from: day, to: day, now: new Date("2026-03-01T00:00:00Z") }));
    expect(day9[0]!.start.toISOString()).toBe("2026-03-08T15:00:00.000Z");
    expect(wall.format(day9[0]!.start)).toBe(`${day} 09:00`);
  });

  it("fall-back day (2026-11-01): 1:00 comes twice, both real hours are offered, daytime at UTC−7", () => {
    const day = "2026-11-01";
    const night = everyDay([{ start: h(0), end: h(3) }]);
    const slots = freeTimes(
      query({
        from: day,
        to: day,
        now: new Date("2026-10-25T00:00:00Z"),
        clinic: night,
        clinicians: [{ id: 1, availability: night, busy: [] }],
      }),
    );
    expect(slots.map((s) => s.start.toISOString())).toEqual([
      "2026-11-01T06:00:00.000Z", // 0:00 MDT
      "2026-11-01T07:00:00.000Z", // 1:00 MDT
      "2026-11-01T08:00:00.000Z", // 1:00 MST
      "2026-11-01T09:00:00.000Z", // 2:00 MST
    ]);
    const day9 = freeTimes(query({ from: day, to: day, now: new Date("2026-10-25T00:00:00Z") }));
    expect(day9[0]!.start.toISOString()).toBe("2026-11-01T16:00:00.000Z");
    expect(wall.format(day9.at(-1)!.start)).toBe(`${day} 16:00`);
  });

  it("a wall time that does not exist is read an hour later; an ambiguous one is its first occurrence", () => {
    expect(new Date(localToInstant("2026-03-08", h(2, 30), TZ)).toISOString()).toBe("2026-03-08T09:30:00.000Z");
    expect(new Date(localToInstant("2026-11-01", h(1, 30), TZ)).toISOString()).toBe("2026-11-01T07:30:00.000Z");
    expect(new Date(localToInstant("2026-11-01", h(24), TZ)).toISOString()).toBe("2026-11-02T07:00:00.000Z");
  });
});
