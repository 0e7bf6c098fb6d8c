import { successAnswer } from "../../shared/schemas/answers";
import { idParam } from "../../shared/schemas/fields";
import {
  availabilityAnswer,
  availabilityInput,
  bookingActInput,
  bookingAnswer,
  bookingInput,
  bookingReceivedAnswer,
  calendarInput,
  cancelLinkInput,
  clinicianAnswer,
  clinicianInput,
  dateOverrideInput,
  declineInput,
  freeTimesAnswer,
  freeTimesInput,
  moveInput,
  rescheduleInput,
  rescheduleLinkInput,
  resourceAnswer,
  resourceInput,
  serviceBookingAnswer,
  serviceBookingInput,
  setupChoicesAnswer,
  visitorCancelAnswer,
  visitorRescheduleAnswer,
  weeklyHoursInput,
} from "../../shared/schemas/booking";
import { actorOf } from "../services/activity";
import { listFreeTimes } from "../services/booking-availability";
import {
  changesClinicianLink,
  getAvailability,
  getServiceBooking,
  listClinicians,
  listResources,
  removeResource,
  saveClinician,
  saveResource,
  saveServiceBooking,
  setDateOverride,
  setWeeklyHours,
  setupChoices,
} from "../services/booking-setup";
import {
  cancelBooking,
  cancelByVisitor,
  confirmBooking,
  createBooking,
  declineBooking,
  listCalendar,
  markOutcome,
  moveBooking,
  rescheduleByVisitor,
  visitorCancelState,
  visitorRescheduleState,
} from "../services/bookings";
import { calendarContextAnswer, calendarHoursAnswer, calendarHoursInput, feedAnswer, feedInput } from "../../shared/schemas/booking-staff";
import type { Context } from "../context";
import { assertBookingInScope, calendarContext, calendarHours, calendarScopeOf, scopedFilter } from "../services/booking-calendar";
import { createFeed, revokeFeed } from "../services/booking-feed";
import { freshCheckWhen, permitted, publicProcedure, router, staffAccess } from "../trpc";
import { door, read } from "./doors";
import { listOf } from "./record-writes";

const tag = "Booking";

/**
 * Booking a time (issue 38; docs/decisions/0075-booking-model.md): the visitor's free times and booking
 * (public), staff's setup (availability.edit) and the calendar with its acts (bookings.work). A booking's
 * change moves the portal's live inquiry counts, as an inquiry's does.
 */
export const bookingRouter = router({
  freeTimes: publicProcedure
    .meta(
      read("Public site", "/booking/free-times", "A bookable service's free times", "The free times, earliest first.", {
        description:
          "`service` is the service's slug; `from` and `to` local dates (YYYY-MM-DD, the clinic's time zone, at most 62 " +
          "days). Each time lists the clinicians free then. Never cached: times go as they are booked.",
        noStore: true,
        errors: [404],
      }),
    )
    .input(freeTimesInput)
    .output(freeTimesAnswer)
    .query(({ ctx, input }) => listFreeTimes(ctx.deps.db, input, new Date(), ctx.deps.freeTimesCache)),

  book: publicProcedure
    .meta(
      door("post", "Public site", "/booking", "Book a time", "Requested (staff confirm it) or confirmed.", {
        description:
          "The inquiry form's details and consents (as POST /api/contact: limited per network, spam-checked, stored " +
          "encrypted with its consent receipt, on the inquiry desk) with the service's slug, the start (one of its free " +
          "times), a clinician (optional: the first free one) and `idempotencyKey`: the same key again answers the first " +
          "result. 409 when another booking took the time first (in the visitor's `language`).",
        errors: [409, 429],
        answer: { status: 201 },
      }),
    )
    .input(bookingInput)
    .output(bookingReceivedAnswer)
    .mutation(async ({ ctx, input }) => {
      const answer = await createBooking(ctx.deps, ctx.ip, input);
      return answer;
    }),

  cancelLink: publicProcedure
    .meta(
      read("Public site", "/booking/cancel", "What a visitor's cancel link finds", "The booking's state (nothing changes).", {
        description: "`token` from the cancel link in the booking's mails (signed, for cancelling only, expiring at the booking's start).",
        noStore: true,
      }),
    )
    .input(cancelLinkInput)
    .output(visitorCancelAnswer)
    .query(({ ctx, input }) => visitorCancelState(ctx.deps, input.token)),

  cancelByLink: publicProcedure
    .meta(
      door("post", "Public site", "/booking/cancel", "Cancel with the link from the booking's mail", "The booking's state after.", {
        description:
          "Frees the time and mails the cancellation (.ics METHOD:CANCEL). Inside the service's late-cancel window it " +
          "changes nothing and answers `late` with the clinic's phone; an invalid or expired link answers `gone`.",
      }),
    )
    .input(cancelLinkInput)
    .output(visitorCancelAnswer)
    .mutation(async ({ ctx, input }) => {
      const answer = await cancelByVisitor(ctx.deps, ctx.ip, input.token);
      if (answer.state === "cancelled") await ctx.deps.cacheBus.inquiries("changed");
      return answer;
    }),

  rescheduleLink: publicProcedure
    .meta(
      read(
        "Public site",
        "/booking/reschedule",
        "What a visitor's reschedule link finds",
        "The booking's state and free times (nothing changes).",
        {
          description:
            "`token` from the reschedule link in the booking's mails (signed, for rescheduling only, bound to the time it was " +
            "mailed for); `from` the first local date. `open` lists the free times of the booking's service with its clinician " +
            "over 7 days (its own time does not block them); `late` inside the late-cancel window; `gone` an invalid, used or expired link.",
          noStore: true,
        },
      ),
    )
    .input(rescheduleLinkInput)
    .output(visitorRescheduleAnswer)
    .query(({ ctx, input }) => visitorRescheduleState(ctx.deps, input.token, input.from)),

  rescheduleByLink: publicProcedure
    .meta(
      door(
        "post",
        "Public site",
        "/booking/reschedule",
        "Move a booking with the link from the booking's mail",
        "The booking's state after.",
        {
          description:
            "Moves the booking to `start` (one of the free times the link's read offers) and mails the updated .ics (same UID, " +
            "higher SEQUENCE). A confirmed booking of a service that requires confirmation goes back to requested. 409 when " +
            "another booking took the time (in the booking's language); inside the late-cancel window it changes nothing and " +
            "answers `late`; an invalid link answers `gone`.",
          errors: [409],
        },
      ),
    )
    .input(rescheduleInput)
    .output(visitorRescheduleAnswer)
    .mutation(async ({ ctx, input }) => {
      const answer = await rescheduleByVisitor(ctx.deps, ctx.ip, input.token, input.start);
      if (answer.state === "moved") await ctx.deps.cacheBus.inquiries("changed");
      return answer;
    }),

  // ---- setup (availability.edit)

  availability: permitted("availability.edit")
    .meta(
      read(tag, "/admin/booking/availability", "An owner's weekly hours and date overrides", "Hours and overrides.", {
        description:
          "ownerKind clinic (ownerId 0: its holidays; its weekly hours are Clinic details'), clinician (a team member's id) or resource.",
      }),
    )
    .input(availabilityInput)
    .output(availabilityAnswer)
    .query(({ ctx, input }) => getAvailability(ctx.deps.db, input)),

  setWeeklyHours: permitted("availability.edit")
    .meta(
      door("put", tag, "/admin/booking/availability/weekly", "Replace a clinician's or resource's weekly hours", "Hours and overrides."),
    )
    .input(weeklyHoursInput)
    .output(availabilityAnswer)
    .mutation(({ ctx, input }) => setWeeklyHours(ctx.deps.db, actorOf(ctx), input)),

  setDateOverride: permitted("availability.edit")
    .meta(
      door(
        "put",
        tag,
        "/admin/booking/availability/date",
        "Close a date, give it other hours, or remove its override",
        "Hours and overrides.",
      ),
    )
    .input(dateOverrideInput)
    .output(availabilityAnswer)
    .mutation(({ ctx, input }) => setDateOverride(ctx.deps.db, actorOf(ctx), input)),

  resources: permitted("availability.edit")
    .meta(read(tag, "/admin/booking/resources", "Rooms and devices", "The resources."))
    .output(listOf(resourceAnswer))
    .query(({ ctx }) => listResources(ctx.deps.db)),

  saveResource: permitted("availability.edit")
    .meta(door("post", tag, "/admin/booking/resources", "Create (no id) or update a resource", "The resource."))
    .input(resourceInput)
    .output(resourceAnswer)
    .mutation(({ ctx, input }) => saveResource(ctx.deps.db, actorOf(ctx), input)),

  removeResource: permitted("availability.edit")
    .meta(
      door("delete", tag, "/admin/booking/resources/:id", "Remove a resource with its hours and overrides", "Deleted.", {
        errors: [404, 409],
        description: "409 (nothing changes) while a service's online booking needs it, or an active booking not yet ended holds it.",
      }),
    )
    .input(idParam)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await removeResource(ctx.deps.db, actorOf(ctx), input.id);
      return { success: true as const };
    }),

  clinicians: permitted("availability.edit")
    .meta(read(tag, "/admin/booking/clinicians", "Bookable clinicians (team members)", "The clinicians."))
    .output(listOf(clinicianAnswer))
    .query(({ ctx }) => listClinicians(ctx.deps.db)),

  setupChoices: permitted("availability.edit")
    .meta(
      read(tag, "/admin/booking/choices", "Team members and staff accounts to choose from", "Team members and active staff accounts.", {
        description: "Who may be made a bookable clinician (any team member), and the accounts a clinician may be linked to.",
      }),
    )
    .output(setupChoicesAnswer)
    .query(({ ctx }) => setupChoices(ctx.deps.db)),

  saveClinician: permitted("availability.edit")
    .meta(
      door("put", tag, "/admin/booking/clinicians", "Mark a team member bookable, and link their staff account", "The clinician.", {
        description:
          "`staffUserId` links the staff account that sees this calendar as its own (null: none; left out: none). A " +
          "save that changes the link needs a fresh check (403 with `requiresFreshCheck`); an account already linked " +
          "to another clinician answers 409.",
        errors: [403, 404, 409],
      }),
    )
    // The link decides whose calendar an account sees and whose feed it manages: a stolen session may not change it.
    .use(freshCheckWhen((ctx, raw) => changesClinicianLink(ctx.deps.db, raw)))
    .input(clinicianInput)
    .output(clinicianAnswer)
    .mutation(({ ctx, input }) => saveClinician(ctx.deps.db, actorOf(ctx), input)),

  serviceSettings: permitted("availability.edit")
    .meta(read(tag, "/admin/booking/services/:id", "A service's booking settings", "The settings (defaults when never set)."))
    .input(idParam)
    .output(serviceBookingAnswer)
    .query(({ ctx, input }) => getServiceBooking(ctx.deps.db, input.id)),

  saveServiceSettings: permitted("availability.edit")
    .meta(door("put", tag, "/admin/booking/services", "Save a service's booking settings and clinicians", "The settings."))
    .input(serviceBookingInput)
    .output(serviceBookingAnswer)
    .mutation(({ ctx, input }) => saveServiceBooking(ctx.deps.db, actorOf(ctx), input)),

  // ---- the calendar (bookings.work)

  calendar: permitted("bookings.work")
    .meta(
      read(tag, "/admin/booking/calendar", "Bookings over local dates", "Bookings of every status, by start.", {
        description: "For one clinician or resource (or both: either matches), or all. No one's name: open the inquiry for who booked.",
      }),
    )
    .input(calendarInput)
    .output(listOf(bookingAnswer))
    .query(async ({ ctx, input }) => listCalendar(ctx.deps.db, scopedFilter(await scopeOf(ctx), input))),

  calendarContext: permitted("bookings.work")
    .meta(
      read(tag, "/admin/booking/calendar/context", "Whose calendars the caller sees", "Clinicians, resources and services.", {
        description: "An account linked to a clinician sees only that clinician's calendar, unless its role edits availability.",
      }),
    )
    .output(calendarContextAnswer)
    .query(async ({ ctx }) => calendarContext(ctx.deps.db, ctx.auth.user, (await staffAccess(ctx)).permissions)),

  calendarHours: permitted("bookings.work")
    .meta(read(tag, "/admin/booking/calendar/hours", "One clinician's or resource's open hours per local date", "Open stretches per date."))
    .input(calendarHoursInput)
    .output(calendarHoursAnswer)
    .query(async ({ ctx, input }) => calendarHours(ctx.deps.db, scopedFilter(await scopeOf(ctx), input))),

  createFeed: permitted("bookings.work")
    .meta(
      door("post", tag, "/admin/booking/clinicians/:teamMemberId/feed", "Create a clinician's calendar feed address", "The address.", {
        errors: [404],
        description: "The clinician (their linked account) or an administrator. A new address replaces the earlier one; shown once.",
      }),
    )
    .input(feedInput)
    .output(feedAnswer)
    .mutation(async ({ ctx, input }) =>
      createFeed(ctx.deps.db, actorOf(ctx), ctx.auth.user, (await staffAccess(ctx)).permissions, input.teamMemberId),
    ),

  revokeFeed: permitted("bookings.work")
    .meta(
      door("delete", tag, "/admin/booking/clinicians/:teamMemberId/feed", "Revoke a clinician's calendar feed address", "No address.", {
        errors: [404],
        description: "The address answers 404 from now on.",
      }),
    )
    .input(feedInput)
    .output(feedAnswer)
    .mutation(async ({ ctx, input }) =>
      revokeFeed(ctx.deps.db, actorOf(ctx), ctx.auth.user, (await staffAccess(ctx)).permissions, input.teamMemberId),
    ),

  confirm: permitted("bookings.work")
    .meta(door("post", tag, "/admin/booking/:id/confirm", "Confirm a requested booking", "The booking.", { errors: [409] }))
    .input(bookingActInput)
    .output(bookingAnswer)
    .mutation(async ({ ctx, input }) => changed(ctx, await confirmBooking(ctx.deps.db, await inScope(ctx, input.id), input.id))),

  decline: permitted("bookings.work")
    .meta(
      door("post", tag, "/admin/booking/:id/decline", "Decline a requested booking (frees its time)", "The booking.", { errors: [409] }),
    )
    .input(declineInput)
    .output(bookingAnswer)
    .mutation(async ({ ctx, input }) =>
      changed(ctx, await declineBooking(ctx.deps.db, await inScope(ctx, input.id), input.id, input.message)),
    ),

  cancel: permitted("bookings.work")
    .meta(door("post", tag, "/admin/booking/:id/cancel", "Cancel a booking (frees its time)", "The booking.", { errors: [409] }))
    .input(bookingActInput)
    .output(bookingAnswer)
    .mutation(async ({ ctx, input }) => changed(ctx, await cancelBooking(ctx.deps.db, await inScope(ctx, input.id), input.id))),

  move: permitted("bookings.work")
    .meta(door("post", tag, "/admin/booking/:id/move", "Move a booking to another free time", "The booking.", { errors: [409] }))
    .input(moveInput)
    .output(bookingAnswer)
    .mutation(async ({ ctx, input }) => changed(ctx, await moveBooking(ctx.deps.db, await inScope(ctx, input.id), input))),

  attended: permitted("bookings.work")
    .meta(door("post", tag, "/admin/booking/:id/attended", "Mark a confirmed booking attended", "The booking."))
    .input(bookingActInput)
    .output(bookingAnswer)
    .mutation(async ({ ctx, input }) => changed(ctx, await markOutcome(ctx.deps.db, await inScope(ctx, input.id), input.id, "attended"))),

  noShow: permitted("bookings.work")
    .meta(door("post", tag, "/admin/booking/:id/no-show", "Mark a confirmed booking no-show", "The booking."))
    .input(bookingActInput)
    .output(bookingAnswer)
    .mutation(async ({ ctx, input }) => changed(ctx, await markOutcome(ctx.deps.db, await inScope(ctx, input.id), input.id, "no_show"))),
});

type StaffContext = Context & { auth: NonNullable<Context["auth"]> };

/** The caller's calendar scope: their own clinician's only, or every calendar (booking-calendar.ts). */
async function scopeOf(ctx: StaffContext) {
  return calendarScopeOf(ctx.deps.db, ctx.auth.user, (await staffAccess(ctx)).permissions);
}

/** The caller, once the booking is in their calendar scope (403 otherwise). */
async function inScope(ctx: StaffContext, bookingId: number) {
  await assertBookingInScope(ctx.deps.db, await scopeOf(ctx), bookingId);
  return actorOf(ctx);
}

/** Tells the portal's live counts (an inquiry's status may follow a booking's). */
async function changed<T>(ctx: { deps: { cacheBus: { inquiries(what: "changed"): Promise<unknown> } } }, row: T): Promise<T> {
  await ctx.deps.cacheBus.inquiries("changed");
  return row;
}
