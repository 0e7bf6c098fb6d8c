import { formatClinicDateTimeLong } from "../../shared/clinic-date";
import { REPLY_PROMISE_HOURS } from "../../shared/schemas/inquiries";
import { fullAddress, hoursRows, type ClinicDetails, type HoursWords } from "../../shared/clinic";
import type { LanguageCode } from "../../shared/languages";
import { CATALOGUES } from "../../client/public/catalogue/all";

/**
 * Every e-mail the site sends, word for word. None holds anything an inquirer wrote: not their name,
 * e-mail, phone, service or health details; staff follow the link into the portal to read them.
 */

/** "Monday, November 23, 2026 at 9:05 AM MST" in the clinic's time zone. */
export function clinicTime(date: Date): string {
  return formatClinicDateTimeLong(date);
}

/** The clinic's details (Settings) as the mails show them (the hours in a language's words: the acknowledgement's). */
const hours = (clinic: ClinicDetails, words?: HoursWords) =>
  hoursRows(clinic.hours, words)
    .map((h) => `${h.days}: ${h.time}`)
    .join("\n");
const footer = (clinic: ClinicDetails) => `${clinic.name}\n${fullAddress(clinic)}\n${clinic.phone}`;

export const MAIL_TEXT = {
  newInquiry: (arrivedAt: Date, link: string) => ({
    subject: "New appointment inquiry",
    text:
      `A new appointment inquiry arrived on ${clinicTime(arrivedAt)}.\n\n` +
      `Open it in the admin portal:\n${link}\n\n` +
      `We promise a reply within ${REPLY_PROMISE_HOURS} hours. For privacy, this e-mail holds none of the inquiry's details.\n\n` +
      `You receive this because new-inquiry e-mail is on in your account (My Account in the admin portal).`,
  }),
  overdueReminder: (arrivedAt: Date, link: string) => ({
    subject: "Reminder: an inquiry is still waiting for a reply",
    text:
      `An appointment inquiry that arrived on ${clinicTime(arrivedAt)} is still New after ${REPLY_PROMISE_HOURS} hours. ` +
      `We promise a reply within ${REPLY_PROMISE_HOURS} hours.\n\n` +
      `Open it in the admin portal:\n${link}\n\n` +
      `For privacy, this e-mail holds none of the inquiry's details.`,
  }),
  acknowledgement: (clinic: ClinicDetails) => ({
    subject: `We received your inquiry - ${clinic.name}`,
    text:
      `Thank you for contacting ${clinic.name}.\n\n` +
      `We received your appointment inquiry and will reply within ${REPLY_PROMISE_HOURS} hours. ` +
      `If you would like to reach us sooner, call us at ${clinic.phone}.\n\n` +
      `Our hours:\n${hours(clinic)}\n\n` +
      `If you did not send an inquiry, you can ignore this e-mail.\n\n${footer(clinic)}`,
  }),
  newDevice: (signIn: { device: string; ip: string; at: string }, link: string) => ({
    subject: "New sign-in to your account",
    text:
      `Your admin portal account was signed in to from a device it has not used recently:\n\n` +
      `${signIn.device}, from the address ${signIn.ip}, on ${clinicTime(new Date(signIn.at))}.\n\n` +
      `If this was you, there is nothing to do. If it was not, end that session and change your password in My Account:\n${link}`,
  }),
  /**
   * To the Super Administrators: someone used emergency access to health details (no name, no reason, no health detail: the activity log has who and
   * why).
   */
  emergencyAccess: (at: Date, until: Date, link: string) => ({
    subject: "Emergency access to health details was used",
    text:
      `A staff member whose role does not open health details turned on emergency access on ${clinicTime(at)}. ` +
      `It lasts until ${clinicTime(until)}.\n\n` +
      `Who it was and the reason they gave are in the activity log of the admin portal:\n${link}\n\n` +
      `For privacy, this e-mail holds no names and no health details.`,
  }),
  emailConfirm: (address: string, link: string) => ({
    subject: "Confirm your new e-mail address",
    text:
      `Someone, most likely you, asked for ${address} to become the e-mail address of an admin portal account.\n\n` +
      `To confirm it, open this link and sign in (it works for 24 hours):\n${link}\n\n` +
      `If this was not you, ignore this message: the account's e-mail stays as it was.`,
  }),
  test: (sentAt: Date, clinic: ClinicDetails) => ({
    subject: `Test e-mail from the ${clinic.name} website`,
    text:
      `This is a test e-mail sent from the admin portal's Settings on ${clinicTime(sentAt)}. The website can ` +
      `send mail.\n\n${footer(clinic)}`,
  }),
} as const;

/**
 * The acknowledgement to the visitor, in the language of the form they sent (issue 27): the English
 * above, or its Spanish or Chinese, with the hours in that language's words (the site's catalogue).
 */
export function acknowledgementIn(language: LanguageCode, clinic: ClinicDetails): { subject: string; text: string } {
  if (language === "en") return MAIL_TEXT.acknowledgement(clinic);
  const { L } = CATALOGUES[language];
  const ourHours = hours(clinic, { closed: L.closed, weekdays: L.weekdays, time: L.time });
  if (language === "es") {
    return {
      subject: `Recibimos su solicitud - ${clinic.name}`,
      text:
        `Gracias por comunicarse con ${clinic.name}.\n\n` +
        `Recibimos su solicitud de cita y le responderemos en un plazo de ${REPLY_PROMISE_HOURS} horas. ` +
        `Si desea hablar con nosotros antes, llámenos al ${clinic.phone}.\n\n` +
        `Nuestro horario:\n${ourHours}\n\n` +
        `Si usted no envió ninguna solicitud, puede ignorar este correo.\n\n${footer(clinic)}`,
    };
  }
  return {
    subject: `我们已收到您的咨询 - ${clinic.name}`,
    text:
      `感谢您联系 ${clinic.name}。\n\n` +
      `我们已收到您的预约咨询，将在 ${REPLY_PROMISE_HOURS} 小时内回复您。` +
      `如需尽快联系我们，请致电 ${clinic.phone}。\n\n` +
      `营业时间：\n${ourHours}\n\n` +
      `如果您没有提交过咨询，请忽略此邮件。\n\n${footer(clinic)}`,
  };
}
