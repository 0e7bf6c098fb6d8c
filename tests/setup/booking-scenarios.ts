import { sql } from "drizzle-orm";
import type { Scenario, Session } from "./door-calls";
import { freshIp, send, uniqueWord } from "./door-calls";

/**
 * The booking routes' scenarios (issue 38) for tests/openapi.test.ts: a time is booked only from a
 * bookable service's free times, so each success makes one first (the fixture team member as its
 * clinician, every hour of every day; the clinic's own hours still apply), and an act on a booking
 * books one first.
 */

const localDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const everyDay = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));

async function bookableService(s: Session): Promise<string> {
  const teamMemberId = s.fixtures.ids.team;
  await send(s, "PUT", "/api/admin/booking/clinicians", { teamMemberId, staffUserId: null, isActive: true });
  await send(s, "PUT", "/api/admin/booking/availability/weekly", { ownerKind: "clinician", ownerId: teamMemberId, weekly: everyDay });
  const word = uniqueWord();
  const service = await send(s, "POST", "/api/admin/services", {
    title: `Bookable ${word}`,
    slug: `bookable-${word}`,
    shortDescription: "Short",
    description: "Long",
    imageAlt: "A picture",
  });
  const { id, slug } = (await service.json()) as { id: number; slug: string };
  await send(s, "PUT", "/api/admin/booking/services", {
    serviceId: id,
    bookable: true,
    durationMinutes: 60,
    intervalMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minNoticeMinutes: 60,
    daysAhead: 30,
    resourceId: null,
    requiresConfirmation: true,
    lateCancelHours: 24,
    clinicianIds: [teamMemberId],
  });
  return slug;
}

const freeTimesUrl = (slug: string) => `/api/booking/free-times?service=${slug}&from=${localDay(0)}&to=${localDay(10)}`;

async function freeStarts(s: Session, slug: string): Promise<string[]> {
  const body = (await (await send(s, "GET", freeTimesUrl(slug), undefined, null)).json()) as { times: Array<{ start: string }> };
  return body.times.map((time) => time.start);
}

const bookingBody = (s: Session, slug: string, start: string) => ({
  name: "Avery Stone",
  email: "avery@example.com",
  phone: "801-555-0133",
  privacyPolicy: true,
  hipaaConsent: true,
  termsAndConditions: true,
  formToken: s.fixtures.formToken(),
  service: slug,
  start,
  idempotencyKey: `scenario-${uniqueWord()}`,
});

const book = (s: Session, slug: string, start: string, ip = freshIp()) =>
  send(s, "POST", "/api/booking", bookingBody(s, slug, start), null, { ip });

/** A booked (requested) time of a new bookable service: its id, the service and the other free starts. */
async function booked(s: Session) {
  const slug = await bookableService(s);
  const starts = await freeStarts(s, slug);
  const res = await book(s, slug, starts[0]!);
  if (res.status !== 201) throw new Error(`booking: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { id: number }).id, slug, starts };
}

const act = (name: string) => async (s: Session) => send(s, "POST", `/api/admin/booking/${(await booked(s)).id}/${name}`, {});

/** A confirmed booking moved into the past (attended and no-show need its time begun). */
async function pastConfirmed(s: Session) {
  const { id } = await booked(s);
  await send(s, "POST", `/api/admin/booking/${id}/confirm`, {});
  await s.t.deps.db.execute(
    sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour', block_starts_at = now() - interval '2 hours', block_ends_at = now() - interval '1 hour' where id = ${id}`,
  );
  return id;
}

export const BOOKING_SCENARIOS: Record<string, Scenario> = {
  "GET /api/booking/free-times": {
    ok: [async (s) => send(s, "GET", freeTimesUrl(await bookableService(s)), undefined, null)],
  },
  "POST /api/booking": {
    ok: [
      async (s) => {
        const slug = await bookableService(s);
        return book(s, slug, (await freeStarts(s, slug))[0]!);
      },
    ],
    errors: [
      // A racer that read the time as free before the first was saved: the claims refuse it.
      [
        409,
        async (s) => {
          const { id, slug, starts } = await booked(s);
          await s.t.deps.db.execute(sql`update bookings set status = 'declined' where id = ${id}`);
          return book(s, slug, starts[0]!);
        },
      ],
      [
        429,
        async (s) => {
          const slug = await bookableService(s);
          const [first, second] = await freeStarts(s, slug);
          const ip = freshIp();
          await book(s, slug, first!, ip);
          return book(s, slug, second!, ip);
        },
      ],
    ],
  },
  "POST /api/admin/booking/{id}/confirm": { ok: [act("confirm")] },
  "POST /api/admin/booking/{id}/decline": { ok: [act("decline")] },
  "POST /api/admin/booking/{id}/cancel": { ok: [act("cancel")] },
  "POST /api/admin/booking/{id}/move": {
    ok: [
      async (s) => {
        const { id, starts } = await booked(s);
        return send(s, "POST", `/api/admin/booking/${id}/move`, { start: starts[3] });
      },
    ],
  },
  "POST /api/admin/booking/{id}/attended": {
    ok: [async (s) => send(s, "POST", `/api/admin/booking/${await pastConfirmed(s)}/attended`, {})],
  },
  "POST /api/admin/booking/{id}/no-show": {
    ok: [async (s) => send(s, "POST", `/api/admin/booking/${await pastConfirmed(s)}/no-show`, {})],
  },
  "DELETE /api/admin/booking/resources/{id}": {
    ok: [
      async (s) => {
        const room = await send(s, "POST", "/api/admin/booking/resources", { name: `Room ${uniqueWord()}`, kind: "room" });
        return send(s, "DELETE", `/api/admin/booking/resources/${((await room.json()) as { id: number }).id}`);
      },
    ],
  },
  "PUT /api/admin/booking/availability/weekly": {
    ok: [
      async (s) => {
        await send(s, "PUT", "/api/admin/booking/clinicians", { teamMemberId: s.fixtures.ids.team, staffUserId: null, isActive: true });
        return send(s, "PUT", "/api/admin/booking/availability/weekly", {
          ownerKind: "clinician",
          ownerId: s.fixtures.ids.team,
          weekly: [{ weekday: 1, startMinute: 540, endMinute: 1020 }],
        });
      },
    ],
  },
};
