/**
 * The inquiry form's choices and messages (public-site.md section 5), apart from its zod schema
 * (schemas/contact.ts, which re-exports them): the form shows these with the page, and loads the
 * schema's code only when the visitor starts on the form.
 */

/**
 * The services the form offers are data: each service the clinic marks "Offered on the contact form",
 * in the site's order (services.offeredOnContactForm; seeded so a new site offers the spec's Utah Stem
 * Cell Therapy and Ozone Therapy), then General Consultation, which is no service page and is always
 * offered (docs/decisions/0050-contact-form-service-choices.md). An inquiry keeps the names it was sent with.
 */
export const GENERAL_CONSULTATION = "General Consultation";

/** General Consultation as the form shows it in each language (the inquiry keeps the English name). */
const GENERAL_CONSULTATION_IN = { en: GENERAL_CONSULTATION, es: "Consulta general", zh: "一般咨询" } as const;

/** A choice that is no service's title (General Consultation) as the form shows it in a language. */
export function generalConsultationIn(language: "en" | "es" | "zh", choice: string): string {
  return choice === GENERAL_CONSULTATION ? GENERAL_CONSULTATION_IN[language] : choice;
}

/** The form's choices from the services offered on it (titles, in the site's order). */
export function contactServiceChoices(offeredTitles: readonly string[]): string[] {
  return [...new Set([...offeredTitles, GENERAL_CONSULTATION])];
}

/** A service name as the form sends it and an inquiry keeps it (a service title's limit). */
export const CONTACT_SERVICE_MAX = 255;

export const CONTACT_DAY_CHOICES = [
  { value: "monday", label: "Monday" },
  { value: "tuesday", label: "Tuesday" },
  { value: "wednesday", label: "Wednesday" },
  { value: "thursday", label: "Thursday" },
  { value: "friday", label: "Friday" },
  { value: "saturday", label: "Saturday" },
  { value: "sunday", label: "Sunday" },
] as const;

export const CONTACT_TIME_CHOICES = [
  { value: "morning", label: "Morning (8AM-12PM)" },
  { value: "afternoon", label: "Afternoon (12PM-5PM)" },
] as const;

export type ContactDay = (typeof CONTACT_DAY_CHOICES)[number]["value"];
export type ContactTime = (typeof CONTACT_TIME_CHOICES)[number]["value"];
