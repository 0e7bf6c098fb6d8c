import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clinicDayEnd,
  clinicDayStart,
  clinicToday,
  formatDateTime,
  formatDateTimeFull,
  formatDay,
  formatTime,
  fromPicker,
  toPicker,
} from "../src/client/admin/dates";
import { exportFilename } from "../src/client/admin/screens/contact/format";
import { serverFilter } from "../src/client/admin/screens/contact/view";
import { clinicTime } from "../src/server/mail/text";

/**
 * The portal shows every date and time in the clinic's time zone (Utah), whatever the browser's
 * (issue 36): run here with the process in Tokyo, as a staff member travelling would be, across both
 * of daylight saving's changes.
 */
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Asia/Tokyo";
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("the portal's dates in Utah", () => {
  it("runs in another time zone", () => {
    expect(new Date("2026-01-15T17:05:00Z").getHours()).toBe(2); // Tokyo: UTC+9
  });

  it("writes an instant as Utah's wall clock: MST in winter, MDT in summer, and on the days the clocks change", () => {
    expect(formatDateTime(new Date("2026-01-15T17:05:00Z"))).toBe("Jan 15, 2026, 10:05 AM");
    expect(formatDateTime(new Date("2026-07-15T17:05:00Z"))).toBe("Jul 15, 2026, 11:05 AM");
    // 2026-03-08 02:00 MST becomes 03:00 MDT (09:00 UTC); 2026-11-01 02:00 MDT becomes 01:00 MST (08:00 UTC).
    expect(formatDateTime(new Date("2026-03-08T08:59:00Z"))).toBe("Mar 8, 2026, 1:59 AM");
    expect(formatDateTime(new Date("2026-03-08T09:00:00Z"))).toBe("Mar 8, 2026, 3:00 AM");
    expect(formatDateTime(new Date("2026-11-01T07:30:00Z"))).toBe("Nov 1, 2026, 1:30 AM");
    expect(formatDateTime(new Date("2026-11-01T08:30:00Z"))).toBe("Nov 1, 2026, 1:30 AM");
    expect(formatDateTimeFull(new Date("2026-01-15T17:05:09Z"))).toBe("Thursday, January 15, 2026 at 10:05:09 AM MST");
    expect(formatDateTimeFull(new Date("2026-07-15T17:05:09Z"))).toBe("Wednesday, July 15, 2026 at 11:05:09 AM MDT");
    expect(formatTime(new Date("2026-07-15T17:05:00Z"))).toBe("11:05 AM");
    // Late evening in Utah is already the next day in Tokyo (and in UTC): the day is Utah's.
    expect(formatDay(new Date("2026-07-16T04:30:00Z"))).toBe("Jul 15, 2026");
    expect(clinicToday(new Date("2026-07-16T04:30:00Z"))).toBe("2026-07-15");
    expect(exportFilename(new Date("2026-07-16T04:30:00Z"))).toBe("contact-submissions-2026-07-15.csv");
  });

  it("says the same hour as the e-mails, which write the same long form without the seconds", () => {
    for (const instant of ["2026-01-15T17:05:09Z", "2026-07-15T17:05:09Z", "2026-11-01T08:30:00Z"]) {
      const at = new Date(instant);
      expect(formatDateTimeFull(at).replace(/:\d\d (AM|PM)/, " $1")).toBe(clinicTime(at));
    }
    expect(clinicTime(new Date("2026-11-23T16:05:00Z"))).toBe("Monday, November 23, 2026 at 9:05 AM MST");
  });

  it("a day filter is Utah's whole day, 23 or 25 hours long on the days the clocks change", () => {
    expect(clinicDayStart("2026-07-15")).toBe("2026-07-15T06:00:00.000Z");
    expect(clinicDayEnd("2026-07-15")).toBe("2026-07-16T05:59:59.999Z");
    expect(clinicDayStart("2026-03-08")).toBe("2026-03-08T07:00:00.000Z");
    expect(clinicDayEnd("2026-03-08")).toBe("2026-03-09T05:59:59.999Z");
    expect(clinicDayStart("2026-11-01")).toBe("2026-11-01T06:00:00.000Z");
    expect(clinicDayEnd("2026-11-01")).toBe("2026-11-02T06:59:59.999Z");
    const view = { page: 1, pageSize: 25, sort: "newest" as const, from: "2026-01-10", to: "2026-01-10" };
    expect(serverFilter(view)).toEqual({ from: "2026-01-10T07:00:00.000Z", to: "2026-01-11T06:59:59.999Z" });
  });

  it("a date picker holds Utah's wall clock and gives back the instant it names in Utah", () => {
    const summer = new Date("2026-07-15T15:30:00Z"); // 9:30 AM MDT
    const picked = toPicker(summer);
    expect(picked.format("YYYY-MM-DD HH:mm")).toBe("2026-07-15 09:30");
    expect(fromPicker(picked).toISOString()).toBe(summer.toISOString());
    const winter = new Date("2026-12-01T16:30:00Z"); // 9:30 AM MST
    expect(toPicker(winter).format("MMMM D, YYYY h:mm A")).toBe("December 1, 2026 9:30 AM");
    expect(fromPicker(toPicker(winter)).toISOString()).toBe(winter.toISOString());
  });
});
