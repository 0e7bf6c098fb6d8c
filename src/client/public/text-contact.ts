import type { ContentFields } from "./content-defaults";

/**
 * Strings of the contact page that text.ts does not already hold (T.contact has the spec's own
 * wording: headings, field labels, toasts). Written for this site where the spec is silent. The legal
 * texts are not here: they are in the database (legal_text_versions), read when a dialog opens.
 */
export const TC = {
  hero: {
    callLink: (phone: string) => `Call ${phone}`,
  },
  form: {
    requiredNote: "Fields marked with * are required.",
    aboutYou: "Your details",
    interests: "How we can help",
    availability: "When suits you",
    availabilityHint: "Optional. Choose any that work for you and we'll suggest a time.",
    servicesHint: "Choose one or more.",
    charCount: (count: number, max: number) => `${count}/${max}`,
    charCountSuffix: " characters used",
    confidential:
      "Kept confidential: sent over an encrypted connection, stored encrypted, and read only by the care team answering your inquiry. Anything you'd rather not write down, we can talk through by phone.",
    textingHint: "Optional. Message and data rates may apply; reply STOP at any time to opt out.",
    consents: "Consents",
    privacyPolicy: "Privacy Policy",
    termsAndConditions: "Terms and Conditions",
    throttledTitle: "Your inquiry was not sent.",
    /** The honeypot's label: nobody sees it; a bot that reads it is told to leave the field alone. */
    honeypot: "Leave this field empty",
  },
  details: {
    socialLabel: "Follow us on social media",
    newTab: " (opens in a new tab)",
  },
  map: {
    /** Describes the built-in illustration (of the spec's Millcreek address); a clinic elsewhere uploads its own map picture (Website Images, contact / map). */
    fallbackAlt: "Illustrated map showing the clinic near Highland Drive, Millcreek, UT 84124",
  },
} as const;

/**
 * Defaults of the page's texts staff edit in Website Content (content items; issue 22): until then
 * constants of the page. The words stay the spec's and are seeded as they are (seed-data.ts, PAGE_TEXTS).
 */
export const CONTACT_HERO = {
  eyebrow: "Contact",
  title: "Book An Appointment",
  intro: "Send us a few details and a member of our team will contact you within 24 hours.",
  responsePromise: "We reply within 24 hours",
  confidential: "Your details stay confidential",
  callPrompt: "Prefer to talk it through?",
} satisfies ContentFields;
export const CONTACT_FORM = { title: "Inquire Today" } satisfies ContentFields;
/** The Get in Touch panel's heading and line (public-site.md section 2). */
export const CONTACT_DETAILS = { title: "Get in Touch", intro: "Questions before you book? We're happy to help.", followTitle: "Follow Us" } satisfies ContentFields;
/** The map panel's heading. */
export const CONTACT_MAP = { title: "Find Us" } satisfies ContentFields;
