import { CONTACT_TIME_CHOICES, GENERAL_CONSULTATION } from "../../../../shared/contact-choices";
import type { ClinicDetails } from "../../../../shared/clinic";
import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The contact words of the en catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    contact: {
      location: "Location",
      phone: "Phone",
      email: "Email",
      hours: "Hours",
      submit: "Send Inquiry",
      sending: "Sending...",
      clearForm: "Clear Form",
      successTitle: "Message sent successfully!",
      successText: "Thank you for your inquiry. We'll get back to you within 24 hours.",
      errorTitle: "Error sending message",
      errorText: "Please try again or contact us directly.",
      fields: {
        name: "Full Name",
        email: "Email Address",
        phone: "Mobile Phone",
        services: "Services You're Interested In",
        days: "Preferred Days",
        times: "Preferred Times",
        healthConditions: "Health Conditions (optional)",
        healthConditionsHint: "Briefly describe any conditions you'd like us to know about (up to 200 characters).",
        optInTexting: "Yes, you may send me appointment reminders and updates by text message.",
        privacyPolicy: "I agree to the",
        hipaaConsent: "I consent to the HIPAA Authorization for the use and disclosure of my health information to respond to my inquiry.",
        termsAndConditions: "I agree to the",
        required: "required",
      },
      map: {
        showMap: "Show interactive map",
        notice: "The interactive map is provided by OpenStreetMap and loads only when you ask for it.",
        directions: "Get directions",
        frameTitle: `Map of ${BRAND}`,
      },
    },
  },
  TC: {
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
        "Kept confidential: sent over an encrypted connection, stored encrypted, and read only by the care team " +
        "answering your inquiry. Anything you'd rather not write down, we can talk through by phone.",
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
      /**
       * Describes the built-in illustration (of the spec's Millcreek address); a clinic elsewhere uploads its own map picture (Website
       * Images, contact / map).
       */
      fallbackAlt: "Illustrated map showing the clinic near Highland Drive, Millcreek, UT 84124",
    },
  },
  TS: {
    contactTitle: "Book An Appointment",
    contactDescription: (clinic: ClinicDetails | undefined) =>
      `Send an appointment inquiry to ${clinic ? `${clinic.name} in ${`${clinic.city}, ${clinic.state} ${clinic.zip}`}` : BRAND}. Ask about stem cell therapy, ozone therapy or a general consultation; we reply within 24 ` +
      `hours.`,
  },
  D: {
    CONTACT_HERO: {
      eyebrow: "Contact",
      title: "Book An Appointment",
      intro: "Send us a few details and a member of our team will contact you within 24 hours.",
      responsePromise: "We reply within 24 hours",
      confidential: "Your details stay confidential",
      callPrompt: "Prefer to talk it through?",
    },
    CONTACT_FORM: { title: "Inquire Today" },
    CONTACT_DETAILS: { title: "Get in Touch", intro: "Questions before you book? We're happy to help.", followTitle: "Follow Us" },
    CONTACT_MAP: { title: "Find Us" },
  },
  CM: {
    times: Object.fromEntries(CONTACT_TIME_CHOICES.map((choice) => [choice.value, choice.label])) as Record<
      (typeof CONTACT_TIME_CHOICES)[number]["value"],
      string
    >,
    generalConsultation: GENERAL_CONSULTATION,
  },
} satisfies Words;
