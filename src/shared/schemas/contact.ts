import { z } from "zod";

/** The appointment inquiry form: one schema for the public form and the server (public-site.md section 5). */

export const CONTACT_SERVICE_CHOICES = ["Utah Stem Cell Therapy", "Ozone Therapy", "General Consultation"] as const;

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
  healthConditions: "Health conditions must be 200 characters or less.",
  privacyPolicy: "You must agree to our Privacy Policy to continue.",
  hipaaConsent: "You must consent to the HIPAA Authorization to continue.",
  termsAndConditions: "You must agree to our Terms and Conditions to continue.",
} as const;

const dayValues = CONTACT_DAY_CHOICES.map((choice) => choice.value) as [string, ...string[]];
const timeValues = CONTACT_TIME_CHOICES.map((choice) => choice.value) as [string, ...string[]];

export const contactSubmissionInput = z.object({
  name: z.string({ error: CONTACT_MESSAGES.name }).trim().min(2, CONTACT_MESSAGES.name).max(100, CONTACT_MESSAGES.nameMax),
  email: z
    .string({ error: CONTACT_MESSAGES.email })
    .trim()
    .max(255, CONTACT_MESSAGES.email)
    .pipe(z.email({ error: CONTACT_MESSAGES.email })),
  phone: z.string({ error: CONTACT_MESSAGES.phone }).trim().min(1, CONTACT_MESSAGES.phone).max(30, CONTACT_MESSAGES.phoneMax),
  servicesInterested: z
    .array(z.enum(CONTACT_SERVICE_CHOICES, { error: CONTACT_MESSAGES.servicesInterested }), {
      error: CONTACT_MESSAGES.servicesInterested,
    })
    .min(1, CONTACT_MESSAGES.servicesInterested)
    .transform((list) => [...new Set(list)]),
  healthConditions: z
    .string({ error: CONTACT_MESSAGES.healthConditions })
    .trim()
    .max(200, CONTACT_MESSAGES.healthConditions)
    .optional()
    .default(""),
  availabilityDays: z
    .array(z.enum(dayValues as [(typeof CONTACT_DAY_CHOICES)[number]["value"]], { error: "Please choose days from the list." }))
    .optional()
    .default([])
    .transform((list) => [...new Set(list)]),
  availabilityTimes: z
    .array(z.enum(timeValues as [(typeof CONTACT_TIME_CHOICES)[number]["value"]], { error: "Please choose times from the list." }))
    .optional()
    .default([])
    .transform((list) => [...new Set(list)]),
  optInTexting: z.boolean({ error: "Must be true or false" }).optional().default(false),
  privacyPolicy: z.literal(true, { error: CONTACT_MESSAGES.privacyPolicy }),
  hipaaConsent: z.literal(true, { error: CONTACT_MESSAGES.hipaaConsent }),
  termsAndConditions: z.literal(true, { error: CONTACT_MESSAGES.termsAndConditions }),
});

export type ContactSubmissionInput = z.input<typeof contactSubmissionInput>;
export type ContactSubmissionValues = z.output<typeof contactSubmissionInput>;
