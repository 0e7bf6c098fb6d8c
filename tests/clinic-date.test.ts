import { describe, expect, it } from "vitest";
import { formatClinicShortDate, RULE_YEARS } from "../src/shared/clinic-date";

/**
 * The public pages' dates ("Jan 5, 2026", the day in Utah) are written out without Intl in the browser
 * (src/shared/clinic-date.ts); here they are held against Intl with Node's full time zone data.
 */
const intl = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "America/Denver" });

describe("formatClinicShortDate", () => {
  it("gives the day Intl gives in America/Denver, every hour of every year the written rule covers", () => {
    const from = Date.UTC(RULE_YEARS.from, 0, 1) - 12 * 3_600_000;
    const to = Date.UTC(RULE_YEARS.to + 1, 0, 1) + 12 * 3_600_000;
    let checked = 0;
    for (let time = from; time <= to; time += 3_600_000) {
      const date = new Date(time);
      // expect() only on a difference: 300,000 of them would take seconds.
      if (formatClinicShortDate(date) !== intl.format(date))
        expect(formatClinicShortDate(date), date.toISOString()).toBe(intl.format(date));
      checked++;
    }
    expect(checked).toBeGreaterThan(290_000);
  });

  it("around the changes of 2026, to the minute, and outside the written years through Intl", () => {
    for (const iso of [
      "2026-03-08T08:59:00Z",
      "2026-03-08T09:00:00Z",
      "2026-11-01T07:59:00Z",
      "2026-11-01T08:00:00Z",
      "2026-01-01T06:59:00Z",
      "2026-01-01T07:00:00Z",
      "1999-07-04T05:00:00Z",
      "2050-12-31T23:00:00Z",
    ]) {
      expect(formatClinicShortDate(new Date(iso)), iso).toBe(intl.format(new Date(iso)));
    }
    expect(formatClinicShortDate(new Date("2026-01-01T06:59:00Z"))).toBe("Dec 31, 2025");
    expect(formatClinicShortDate(new Date("2026-07-04T05:59:00Z"))).toBe("Jul 3, 2026");
    expect(formatClinicShortDate(new Date("2026-07-04T06:00:00Z"))).toBe("Jul 4, 2026");
  });
});
