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

export const CONTACT_MESSAGES = {
  name: "Name must be at least 2 characters.",
  nameMax: "Name must be 100 characters or less.",
  email: "Please enter a valid email address.",
  phone: "Mobile phone number is required.",
  phoneMax: "Mobile phone number must be 30 characters or less.",
  servicesInterested: "Please select at least one service you are interested in.",
  serviceNotOffered: (name: string) => `"${name}" is not one of the services we offer on this form. Please choose from the list.`,
  healthConditions: "Health conditions must be 200 characters or less.",
  privacyPolicy: "You must agree to our Privacy Policy to continue.",
  hipaaConsent: "You must consent to the HIPAA Authorization to continue.",
  termsAndConditions: "You must agree to our Terms and Conditions to continue.",
} as const;

export type ContactDay = (typeof CONTACT_DAY_CHOICES)[number]["value"];
export type ContactTime = (typeof CONTACT_TIME_CHOICES)[number]["value"];
