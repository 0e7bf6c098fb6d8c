import { expect } from "vitest";
import type { TestApp } from "./test-app";

/**
 * What the booking tests make through the staff REST routes: a bookable service and its online
 * booking settings, and a week open every hour. One place, so a new setting is given a default once.
 */

/** A REST answer's JSON body, after checking its status (the body is in the failure's message). */
export async function okBody(res: Response, status = 200) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

/** Weekly hours open all day, every day (a clinician's or a resource's). */
export const EVERY_DAY = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));

/** The seeded first bookable clinician, opened all day every day: its team member's id and name. */
export async function openFirstClinician(t: TestApp, cookie: string): Promise<{ id: number; name: string }> {
  const clinicians = (await okBody(await t.request("/api/admin/booking/clinicians", { cookie }))) as Array<{
    teamMemberId: number;
    name: string;
  }>;
  const first = clinicians[0]!;
  await okBody(
    await t.request("/api/admin/booking/availability/weekly", {
      method: "PUT",
      cookie,
      json: { ownerKind: "clinician", ownerId: first.teamMemberId, weekly: EVERY_DAY },
    }),
  );
  return { id: first.teamMemberId, name: first.name };
}

/**
 * A service's online booking settings (PUT /api/admin/booking/services): an hour long on the hour, no
 * buffers, an hour's notice, 14 days ahead, no room or device, confirmed at once, no late-cancel window;
 * `extra` changes any of them.
 */
export function bookingSettings(serviceId: number, clinicianIds: number[], extra: Record<string, unknown> = {}) {
  return {
    serviceId,
    bookable: true,
    durationMinutes: 60,
    intervalMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minNoticeMinutes: 60,
    daysAhead: 14,
    resourceId: null,
    requiresConfirmation: false,
    lateCancelHours: 0,
    clinicianIds,
    ...extra,
  };
}

/** A published service with a unique slug, made bookable online with `bookingSettings`. */
export async function makeBookableService(
  t: TestApp,
  cookie: string,
  title: string,
  clinicianIds: number[],
  extra: Record<string, unknown> = {},
): Promise<{ id: number; slug: string }> {
  const slug = `${title.toLowerCase().replaceAll(" ", "-")}-${Math.random().toString(36).slice(2, 7)}`;
  const made = await okBody(
    await t.request("/api/admin/services", {
      json: { title, slug, shortDescription: "Short", description: "Long", imageAlt: "A picture" },
      cookie,
    }),
    201,
  );
  await okBody(
    await t.request("/api/admin/booking/services", { method: "PUT", cookie, json: bookingSettings(made.id, clinicianIds, extra) }),
  );
  return { id: made.id as number, slug: made.slug as string };
}
