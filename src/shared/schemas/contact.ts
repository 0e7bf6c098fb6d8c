import * as z from "zod/mini";
import { CONTACT_DAY_CHOICES, CONTACT_SERVICE_MAX, CONTACT_TIME_CHOICES, type ContactDay, type ContactTime } from "../contact-choices";
import { CONTACT_MESSAGES, localizedContactMessage } from "../contact-messages";

/**
 * The appointment inquiry form: one schema for the public form and the server (public-site.md
 * section 5). Written with zod/mini (the same zod 4, tree-shakable API) because it ships in the public
 * pages' JavaScript: about 7 KB instead of about 90 KB for the classic API.
 */

export { CONTACT_DAY_CHOICES, CONTACT_MESSAGES, CONTACT_TIME_CHOICES, localizedContactMessage };

const dayValues = CONTACT_DAY_CHOICES.map((choice) => choice.value) as [ContactDay, ...ContactDay[]];
const timeValues = CONTACT_TIME_CHOICES.map((choice) => choice.value) as [ContactTime, ...ContactTime[]];
const unique = <T>(list: T[]) => [...new Set(list)];

export const contactSubmissionInput = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.name })
    .check(z.trim(), z.minLength(2, CONTACT_MESSAGES.name), z.maxLength(100, CONTACT_MESSAGES.nameMax)),
  email: z.pipe(
    z.string({ error: CONTACT_MESSAGES.email }).check(z.trim(), z.maxLength(255, CONTACT_MESSAGES.email)),
    z.email({ error: CONTACT_MESSAGES.email }),
  ),
  phone: z
    .string({ error: CONTACT_MESSAGES.phone })
    .check(z.trim(), z.minLength(1, CONTACT_MESSAGES.phone), z.maxLength(30, CONTACT_MESSAGES.phoneMax)),
  servicesInterested: z.pipe(
    z
      // Names as the form shows them; which are offered is data, checked by the server when it arrives
      // (src/server/services/contact.ts), so the names here are any service's.
      .array(
        z
          .string({ error: CONTACT_MESSAGES.servicesInterested })
          .check(
            z.trim(),
            z.minLength(1, CONTACT_MESSAGES.servicesInterested),
            z.maxLength(CONTACT_SERVICE_MAX, CONTACT_MESSAGES.servicesInterested),
          ),
        {
          error: CONTACT_MESSAGES.servicesInterested,
        },
      )
      .check(z.minLength(1, CONTACT_MESSAGES.servicesInterested)),
    z.transform(unique),
  ),
  healthConditions: z._default(
    z.optional(z.string({ error: CONTACT_MESSAGES.healthConditions }).check(z.trim(), z.maxLength(200, CONTACT_MESSAGES.healthConditions))),
    "",
  ),
  availabilityDays: z.pipe(z._default(z.optional(z.array(z.enum(dayValues, { error: CONTACT_MESSAGES.days }))), []), z.transform(unique)),
  availabilityTimes: z.pipe(
    z._default(z.optional(z.array(z.enum(timeValues, { error: CONTACT_MESSAGES.times }))), []),
    z.transform(unique),
  ),
  optInTexting: z._default(z.optional(z.boolean({ error: "Must be true or false" })), false),
  privacyPolicy: z.literal(true, { error: CONTACT_MESSAGES.privacyPolicy }),
  hipaaConsent: z.literal(true, { error: CONTACT_MESSAGES.hipaaConsent }),
  termsAndConditions: z.literal(true, { error: CONTACT_MESSAGES.termsAndConditions }),
  /** The honeypot: a field people (and screen readers) never meet; anything in it marks the inquiry spam. */
  website: z.optional(z.string().check(z.maxLength(500))),
  /** The form's signed token (when it was rendered, which legal texts it showed). */
  formToken: z.optional(z.string().check(z.maxLength(2000))),
  /** The form's language (issue 27): the consent receipt records it, and the acknowledgement mail is written in it. */
  language: z.optional(z.enum(["en", "es", "zh"], { error: "Must be en, es or zh" })),
});

export type ContactSubmissionInput = z.input<typeof contactSubmissionInput>;
export type ContactSubmissionValues = z.output<typeof contactSubmissionInput>;
