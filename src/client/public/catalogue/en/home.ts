import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The home words of the en catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    testimonials: {
      loadError: "Failed to load testimonials. Please try again later.",
      empty: "No testimonials available at the moment.",
      readMore: "Read more",
      previous: "Previous testimonials",
      next: "Next testimonials",
      rating: (rating: number) => `Rated ${rating} out of 5`,
      close: "Close",
    },
  },
  TH: {
    testimonials: {
      region: "Client testimonials",
      loading: "Loading testimonials",
      pageIndicator: (page: number, total: number) => `${page} / ${total}`,
      readMoreLabel: (name: string) => `Read more from ${name}`,
      /** Shown on the card and in the full text when something was given for the testimonial (the FTC's 2024 rule on reviews). */
      incentive: (what: string) => `Received in return for this testimonial: ${what}`,
      /** Under a testimonial shown in the clinic's translation (the patient wrote it in English). */
      translated: "Translated by the clinic from the patient's English",
      /** Under a testimonial shown as the patient wrote it, in another language than the page's (its words are marked lang). */
      writtenIn: { en: "Written in English", es: "Written in Spanish", zh: "Written in Chinese" },
    },
  },
  TS: {
    homeTitle: `${BRAND} | Stem Cell & Ozone Therapy in Millcreek, Utah`,
    homeDescription:
      "Regenerative stem cell and ozone therapy in Millcreek, Utah. Clinician-led care that supports your body's " +
      "own healing. Explore our treatments and book a consultation.",
  },
  D: {
    HOME_HERO: {
      eyebrow: "Millcreek, Utah",
      title: "Regenerative Wellness in Millcreek, Utah",
      subtitle: "Stem cell and ozone therapies guided by experienced clinicians, to help your body heal itself.",
      bookButton: "Book Appointment",
      browseButton: "Explore Services",
    },
    HOME_WELCOME: {
      eyebrow: "Welcome",
      title: `Welcome to ${BRAND}`,
      paragraph1:
        "We are a regenerative wellness clinic in Millcreek, Utah, helping people move, recover and feel better " +
        "with treatments that work with the body's own healing processes.",
      paragraph2: "Every plan starts with listening: we take time to understand your history and goals, and explain your options plainly.",
      link: "Learn more about our approach",
    },
    HOME_CTA: {
      title: "Ready to Start Your Wellness Journey?",
      text: "Tell us a little about your goals and we'll get back to you within 24 hours to plan your consultation.",
      bookButton: "Book Your Appointment",
      contactButton: "Contact Us",
    },
    HOME_SERVICES: {
      eyebrow: "Treatments",
      title: "Our Services",
      intro: "Regenerative treatments designed around you and delivered with care.",
      button: "Book Your Service",
    },
    HOME_TESTIMONIALS: {
      eyebrow: "Testimonials",
      title: "What Our Clients Say",
      intro: "Experiences shared by patients from across the Salt Lake Valley.",
    },
  },
} satisfies Words;
