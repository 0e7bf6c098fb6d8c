import type { z } from "zod";
import { BK } from "../../text-booking";

/**
 * The Availability screen's intervals (issue 38): what staff type (a wall-clock time, "09:00", in the
 * clinic's time zone) and what the server keeps (minutes from local midnight, 0..1440). An end of
 * "00:00" is midnight, the end of the day (1440). The checks are the procedures' own schemas
 * (src/shared/schemas/booking.ts: end after start, steps of 5, no overlap), run before the save so a bad
 * interval is named at its place and nothing is sent.
 */
export interface Interval {
  key: number;
  start: string;
  end: string;
}

let nextKey = 0;
export const newInterval = (start = "09:00", end = "17:00"): Interval => ({ key: ++nextKey, start, end });

export const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

export const intervalOf = (stretch: { startMinute: number; endMinute: number }) =>
  newInterval(timeOf(stretch.startMinute), timeOf(stretch.endMinute));

function minuteOf(time: string, end: boolean): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return end && minute === 0 ? 1440 : minute;
}

/** A message per interval (its key) that may not be saved. */
export type IntervalErrors = Map<number, string>;

/**
 * The intervals as the server's stretches, each with its key, or the messages of those that are not
 * times. `extra` adds the rest of a row the schema wants (the weekday).
 */
export function toStretches<Extra extends object>(
  intervals: ReadonlyArray<Interval & { extra?: Extra }>,
): { rows: Array<{ key: number; startMinute: number; endMinute: number } & Partial<Extra>>; errors: IntervalErrors } {
  const errors: IntervalErrors = new Map();
  const rows: Array<{ key: number; startMinute: number; endMinute: number } & Partial<Extra>> = [];
  for (const interval of intervals) {
    const startMinute = minuteOf(interval.start, false);
    const endMinute = minuteOf(interval.end, true);
    if (startMinute === null || endMinute === null) errors.set(interval.key, BK.availability.badTime);
    else rows.push({ ...(interval.extra ?? ({} as Extra)), key: interval.key, startMinute, endMinute });
  }
  return { rows, errors };
}

/** The schema's messages of a list at `path` (["weekly"], ["stretches"]) given to the rows' keys. */
export function schemaErrors(
  issues: readonly z.core.$ZodIssue[],
  path: readonly string[],
  rows: ReadonlyArray<{ key: number }>,
  errors: IntervalErrors,
) {
  for (const issue of issues) {
    const at = issue.path;
    if (path.every((part, i) => at[i] === part) && typeof at[path.length] === "number") {
      const row = rows[at[path.length] as number];
      if (row && !errors.has(row.key)) errors.set(row.key, issue.message);
    }
  }
  return errors;
}

/** "9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM" */
export const stretchesText = (stretches: ReadonlyArray<{ startMinute: number; endMinute: number }>) =>
  stretches.map((s) => `${BK.minutesText(s.startMinute)} – ${BK.minutesText(s.endMinute)}`).join(", ");
