import icalGenerator, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { type ClinicDetails, fullAddress } from "../../shared/clinic";
import type { LanguageCode } from "../../shared/languages";

/**
 * A visitor's booking mails (issue 38) in their language, and their calendar attachment. Neither names
 * the service, the clinician or anything the visitor wrote: the clinic's name, its address and phone,
 * the time in the clinic's time zone, and the cancel and reschedule links. The .ics carries the booking's stable UID and its
 * sequence (a move or a cancel raises it, so a calendar updates the one entry), times in UTC.
 */
export type BookingMailWhat = "requested" | "confirmed" | "cancelled" | "reminder" | "moved" | "movedRequested" | "requestMoved";

const LOCALES: Record<LanguageCode, string> = { en: "en-US", es: "es-US", zh: "zh-CN" };

/** The time in the clinic's time zone, in the visitor's language ("Tuesday, December 8, 2026, 9:00 AM MST"). */
export function bookingTime(start: Date, language: LanguageCode, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone, dateStyle: "full", timeStyle: "short" })
    .formatToParts(start)
    .map((part) => part.value)
    .join("")
    .replace(/\u202f/g, " ")
    .concat(
      " ",
      new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(start).find((p) => p.type === "timeZoneName")
        ?.value ?? "",
    )
    .trim();
}

interface Words {
  subject: Record<BookingMailWhat, string>;
  lead: Record<BookingMailWhat, string>;
  cancelLink: string;
  rescheduleLink: string;
  lateCancel: (hours: number, phone: string) => string;
  ignore: string;
}

const WORDS: Record<LanguageCode, Words> = {
  en: {
    subject: {
      requested: "We received your appointment request",
      confirmed: "Your appointment is confirmed",
      cancelled: "Your appointment is cancelled",
      reminder: "Reminder: your appointment is tomorrow",
      moved: "Your appointment is moved",
      movedRequested: "We received your request for a new time",
      requestMoved: "Your requested appointment has a new time",
    },
    lead: {
      requested: "We received your request for an appointment. We will confirm it by e-mail; until then the time is held for you.",
      confirmed: "Your appointment is confirmed. The attached calendar file adds it to your calendar.",
      cancelled: "Your appointment is cancelled and the time is free again. To book another time, visit our website or call us.",
      reminder: "This is a reminder of your appointment.",
      moved: "Your appointment is moved to the time below. The attached calendar file updates your calendar.",
      movedRequested:
        "Your appointment is moved to the time below, as a request: we will confirm the new time " +
        "by e-mail; until then it is held for you. The attached calendar file updates your calendar.",
      requestMoved:
        "The clinic moved your requested appointment to the time below. We will confirm it by e-mail; until then the time is held for you.",
    },
    cancelLink: "To cancel, open this link:",
    rescheduleLink: "To choose another time, open this link:",
    lateCancel: (hours, phone) => `Within ${hours} hours of the appointment, please call us to cancel or change it: ${phone}.`,
    ignore: "For privacy, this e-mail holds none of the details you sent us.",
  },
  es: {
    subject: {
      requested: "Recibimos su solicitud de cita",
      confirmed: "Su cita está confirmada",
      cancelled: "Su cita está cancelada",
      reminder: "Recordatorio: su cita es mañana",
      moved: "Su cita cambió de horario",
      movedRequested: "Recibimos su solicitud de un nuevo horario",
      requestMoved: "Su cita solicitada tiene un nuevo horario",
    },
    lead: {
      requested: "Recibimos su solicitud de cita. Se la confirmaremos por correo; mientras tanto reservamos el horario para usted.",
      confirmed: "Su cita está confirmada. El archivo de calendario adjunto la agrega a su calendario.",
      cancelled: "Su cita está cancelada y el horario queda libre. Para reservar otro horario, visite nuestro sitio web o llámenos.",
      reminder: "Le recordamos su cita.",
      moved: "Su cita pasó al horario indicado abajo. El archivo de calendario adjunto actualiza su calendario.",
      movedRequested:
        "Su cita pasó al horario indicado abajo, como solicitud: le confirmaremos el nuevo horario por " +
        "correo; mientras tanto lo reservamos para usted. El archivo de calendario adjunto actualiza su calendario.",
      requestMoved:
        "La clínica pasó su cita solicitada al horario indicado abajo. Se la confirmaremos por correo; mientras tanto reservamos el horario para usted.",
    },
    cancelLink: "Para cancelar, abra este enlace:",
    rescheduleLink: "Para elegir otro horario, abra este enlace:",
    lateCancel: (hours, phone) => `Dentro de las ${hours} horas previas a la cita, llámenos para cancelarla o cambiarla: ${phone}.`,
    ignore: "Por privacidad, este correo no contiene ninguno de los datos que nos envió.",
  },
  zh: {
    subject: {
      requested: "我们已收到您的预约申请",
      confirmed: "您的预约已确认",
      cancelled: "您的预约已取消",
      reminder: "提醒：您的预约在明天",
      moved: "您的预约时间已更改",
      movedRequested: "我们已收到您更改时间的申请",
      requestMoved: "您申请的预约时间已更改",
    },
    lead: {
      requested: "我们已收到您的预约申请，将通过电子邮件确认；在此之前，该时间为您保留。",
      confirmed: "您的预约已确认。附件中的日历文件可将其加入您的日历。",
      cancelled: "您的预约已取消，该时间已释放。如需预约其他时间，请访问我们的网站或致电我们。",
      reminder: "提醒您即将到来的预约。",
      moved: "您的预约已改到以下时间。附件中的日历文件会更新您的日历。",
      movedRequested:
        "您的预约已改到以下时间，待我们确认：我们将通过电子邮件确认新时间；在此之前，该时间为您保留。附件中的日历文件会更新您的日历。",
      requestMoved: "诊所已将您申请的预约改到以下时间，将通过电子邮件确认；在此之前，该时间为您保留。",
    },
    cancelLink: "如需取消，请打开此链接：",
    rescheduleLink: "如需更改时间，请打开此链接：",
    lateCancel: (hours, phone) => `预约前 ${hours} 小时内如需取消或更改，请致电：${phone}。`,
    ignore: "为保护隐私，此邮件不包含您提交的任何信息。",
  },
};

export interface BookingMailFacts {
  what: BookingMailWhat;
  language: LanguageCode;
  clinic: ClinicDetails;
  start: Date;
  timeZone: string;
  /** The signed cancel and reschedule links, when the visitor may still act online (outside the late-cancel window). */
  links: { cancel: string; reschedule: string } | null;
  lateCancelHours: number;
}

export function bookingMailText(facts: BookingMailFacts): { subject: string; text: string } {
  const w = WORDS[facts.language];
  const { clinic } = facts;
  const lines = [w.lead[facts.what], "", bookingTime(facts.start, facts.language, facts.timeZone), clinic.name, fullAddress(clinic), ""];
  if (facts.what !== "cancelled") {
    if (facts.links) lines.push(w.rescheduleLink, facts.links.reschedule, "", w.cancelLink, facts.links.cancel, "");
    lines.push(w.lateCancel(facts.lateCancelHours, clinic.phone), "");
  }
  lines.push(w.ignore, "", clinic.name, fullAddress(clinic), clinic.phone);
  return { subject: `${w.subject[facts.what]} - ${clinic.name}`, text: lines.join("\n") };
}

/**
 * The calendar entry: METHOD REQUEST while it stands, CANCEL when it is cancelled or declined; UTC times.
 * STATUS is CONFIRMED, TENTATIVE for a time awaiting staff's confirmation (a visitor's move of a service
 * that requires it), CANCELLED.
 */
export function bookingCalendar(input: {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  clinic: ClinicDetails;
  cancelled: boolean;
  tentative?: boolean;
  url: string;
}): string {
  // One iCalendar writer for the mails and the staff feed (services/booking-feed.ts): ical-generator.
  const calendar = icalGenerator({
    prodId: "//clinic-website//booking//EN",
    method: input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    summary: input.clinic.name,
    location: fullAddress(input.clinic),
    url: input.url,
    status: input.cancelled ? ICalEventStatus.CANCELLED : input.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    organizer: input.clinic.email ? { name: input.clinic.name, email: input.clinic.email } : undefined,
  });
  return calendar.toString();
}
