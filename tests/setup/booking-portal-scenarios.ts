import type { Scenario, Session } from "./door-calls";
import { send } from "./door-calls";

/**
 * The portal calendar's routes (issue 38, tests/openapi.test.ts): the fixture team member is made a
 * bookable clinician first, so its hours and its calendar feed exist.
 */
const localDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function clinician(s: Session): Promise<number> {
  const teamMemberId = s.fixtures.ids.team;
  await send(s, "PUT", "/api/admin/booking/clinicians", { teamMemberId, staffUserId: null, isActive: true });
  return teamMemberId;
}

export const BOOKING_PORTAL_SCENARIOS: Record<string, Scenario> = {
  "GET /api/admin/booking/calendar/hours": {
    ok: [
      async (s) =>
        send(s, "GET", `/api/admin/booking/calendar/hours?from=${localDay(0)}&to=${localDay(6)}&clinicianId=${await clinician(s)}`),
    ],
  },
  "POST /api/admin/booking/clinicians/{teamMemberId}/feed": {
    ok: [async (s) => send(s, "POST", `/api/admin/booking/clinicians/${await clinician(s)}/feed`, {})],
  },
  "GET /api/booking/feed/{file}": {
    ok: [
      async (s) => {
        const made = await send(s, "POST", `/api/admin/booking/clinicians/${await clinician(s)}/feed`, {});
        const { path } = (await made.json()) as { path: string };
        return send(s, "GET", path, undefined, null);
      },
    ],
    errors: [[404, (s) => send(s, "GET", "/api/booking/feed/unknown.ics", undefined, null)]],
  },
  "DELETE /api/admin/booking/clinicians/{teamMemberId}/feed": {
    ok: [async (s) => send(s, "DELETE", `/api/admin/booking/clinicians/${await clinician(s)}/feed`)],
  },
};
