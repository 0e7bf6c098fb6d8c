import type { Words } from "../parts";

/**
 * Booking a time (issue 38), in es: the Book page's words and the answers of a booking. The server
 * answers a booking in the visitor's language from these (src/server/services/bookings.ts).
 */
export const WORDS = {
  B: {
    /** 409: another visitor's booking took the time between the page and the submission. */
    taken: "Alguien acaba de reservar ese horario. Elija otro horario.",
    /** 400: the time is not one of the free times (past, outside the hours, the notice or the window). */
    notFree: "Ese horario ya no está disponible. Elija otro horario.",
  },
} satisfies Words;
