import type { Words } from "../parts";

/**
 * Booking a time (issue 38), in zh: the Book page's words and the answers of a booking. The server
 * answers a booking in the visitor's language from these (src/server/services/bookings.ts).
 */
export const WORDS = {
  B: {
    /** 409: another visitor's booking took the time between the page and the submission. */
    taken: "该时间刚刚被预约。请选择其他时间。",
    /** 400: the time is not one of the free times (past, outside the hours, the notice or the window). */
    notFree: "该时间已不可预约。请选择其他时间。",
  },
} satisfies Words;
