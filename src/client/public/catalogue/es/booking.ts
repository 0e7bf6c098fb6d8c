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
    /** The Book page and the visitor's cancel page (docs/public-site.md#booking-a-time). */
    bookTime: "Reservar un horario",
    title: "Reservar un horario",
    choose: "Elija un horario",
    earlier: "Días anteriores",
    later: "Días siguientes",
    none: "No hay horarios libres en estos días. Pruebe días siguientes o llámenos.",
    chosen: "Su horario",
    change: "Elegir otro horario",
    details: "Sus datos",
    submit: "Reservar este horario",
    sending: "Reservando...",
    requested: "Gracias. Recibimos su solicitud para este horario; se la confirmaremos por correo.",
    confirmed: "Gracias. Su cita está reservada; le enviamos una confirmación por correo.",
    cancelTitle: "Cancelar su cita",
    cancelAsk: "¿Desea cancelar su cita en esta fecha?",
    cancelButton: "Cancelar la cita",
    cancelDone: "Su cita está cancelada. El horario queda libre.",
    cancelGone: "Este enlace ya no es válido: la cita ya pasó, cambió o ya se canceló.",
    lateCall: "Falta muy poco para esta cita para cancelarla en línea. Llámenos para cancelar: {phone}",
    /** The visitor's reschedule page (docs/decisions/0081-reschedule-link.md). */
    rescheduleTitle: "Cambiar el horario de su cita",
    rescheduleNow: "Su cita ahora:",
    rescheduleChoose: "Elija un nuevo horario",
    rescheduleButton: "Cambiar a este horario",
    rescheduleNoChoice: "Elija uno de los horarios.",
    rescheduleDone: "Su cita pasó a este horario. Le enviamos una confirmación por correo.",
    rescheduleDoneRequested:
      "Su cita pasó a este horario, como solicitud: se la confirmaremos por correo; mientras tanto lo reservamos para usted.",
    rescheduleLate: "Falta muy poco para esta cita para cambiarla en línea. Llámenos para cambiarla: {phone}",
  },
} satisfies Words;
