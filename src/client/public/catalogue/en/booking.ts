import type { Words } from "../parts";

/**
 * Booking a time (issue 38), in en: the Book page's words and the answers of a booking. The server
 * answers a booking in the visitor's language from these (src/server/services/bookings.ts).
 */
export const WORDS = {
  B: {
    /** 409: another visitor's booking took the time between the page and the submission. */
    taken: "That time was just taken. Please choose another time.",
    /** 400: the time is not one of the free times (past, outside the hours, the notice or the window). */
    notFree: "That time is no longer available. Please choose another time.",
    /** The Book page and the visitor's cancel page (docs/public-site.md#booking-a-time). */
    bookTime: "Book a time",
    title: "Book a time",
    choose: "Choose a time",
    earlier: "Earlier days",
    later: "Later days",
    none: "No free times on these days. Try later days, or call us.",
    chosen: "Your time",
    change: "Choose another time",
    details: "Your details",
    submit: "Book this time",
    sending: "Booking...",
    requested: "Thank you. We received your request for this time; we will confirm it by e-mail.",
    confirmed: "Thank you. Your appointment is booked; a confirmation is on its way by e-mail.",
    cancelTitle: "Cancel your appointment",
    cancelAsk: "Do you want to cancel your appointment on this date?",
    cancelButton: "Cancel the appointment",
    cancelDone: "Your appointment is cancelled. The time is free again.",
    cancelGone: "This link is not valid any more: the appointment has passed, was changed or was already cancelled.",
    lateCall: "This appointment is too soon to cancel online. Please call us to cancel: {phone}",
    /** The visitor's reschedule page (docs/decisions/0081-reschedule-link.md). */
    rescheduleTitle: "Change your appointment time",
    rescheduleNow: "Your appointment now:",
    rescheduleChoose: "Choose a new time",
    rescheduleButton: "Move to this time",
    rescheduleNoChoice: "Choose one of the times.",
    rescheduleDone: "Your appointment is moved to this time. A confirmation is on its way by e-mail.",
    rescheduleDoneRequested:
      "Your appointment is moved to this time, as a request: we will confirm it by e-mail; until then it is held for you.",
    rescheduleLate: "This appointment is too soon to change online. Please call us to change it: {phone}",
  },
} satisfies Words;
