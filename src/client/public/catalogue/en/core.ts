import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The core words of the en catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    nav: {
      home: "Home",
      about: "About",
      services: "Services",
      news: "News",
      contact: "Contact",
      bookNow: "Book Now",
      bookAppointment: "Book Appointment",
      menu: "Open menu",
      closeMenu: "Close menu",
      mainNavigation: "Main navigation",
      skipToContent: "Skip to main content",
      callUs: (phone: string) => `Call us at ${phone}`,
      homeLink: `${BRAND} home`,
    },
    footer: {
      quickLinks: "Quick Links",
      services: "Services",
      contact: "Contact",
      privacyPolicy: "Privacy Policy",
      termsOfService: "Terms of Service",
      adminPortal: "Admin Portal",
      copyright: (year: number, clinicName: string) => `© ${year} ${clinicName}. All rights reserved.`,
      followUs: "Follow us",
      defaultDescription:
        `At ${BRAND}, we believe in a fully regenerative approach to health and wellness, addressing the needs ` +
        `of body, mind, and spirit.`,
    },
    notFound: {
      title: "404 Page Not Found",
      text: "Sorry, we couldn't find the page you were looking for.",
      home: "Go to the home page",
    },
    errors: {
      contentFetch: (status: number) => `Failed to fetch content: ${status}`,
      http: (status: number, body: string) => `${status}: ${body}`,
    },
    toast: {
      region: "Notifications (F8)",
      dismiss: "Dismiss notification",
    },
    images: {
      placeholderAlt: "Image unavailable",
    },
  },
  TS: {
    pageNotFoundDescription: "The page you were looking for could not be found.",
  },
  L: {
    legalTitles: { privacy: "Privacy Policy", terms: "Terms and Conditions", hipaa: "HIPAA Authorization" },
    legalDateLine: (date: string) => `Effective date: ${date}`,
    legalFailedTitle: "This text could not be loaded",
    legalFailedText: "Please try again in a moment, or call us and we will send you a copy.",
    weekdays: {
      monday: "Monday",
      tuesday: "Tuesday",
      wednesday: "Wednesday",
      thursday: "Thursday",
      friday: "Friday",
      saturday: "Saturday",
      sunday: "Sunday",
    },
    closed: "Closed",
    /** The heading of the clinic's holidays and special hours of the coming weeks, under its weekly hours. */
    specialHours: "Special hours",
    /** A time of day from its hour (0-23) and minutes: "9:00 AM". */
    time: (hour: number, minutes: string) => `${hour % 12 || 12}:${minutes} ${hour < 12 ? "AM" : "PM"}`,
    /** A short date from its year, month (0-11) and day: "Jan 5, 2026". */
    shortDate: (year: number, month: number, day: number) =>
      `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month]} ${day}, ${year}`,
    /** A legal text's effective date (YYYY-MM-DD) in words: "May 21, 2025". */
    longDate: (year: number, month: number, day: number) =>
      `${["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][month]} ` +
      `${day}, ${year}`,
    /** The "Ver en español" notice's close button and its region's name. */
    /** The name of the list of this page in each language (menu, footer). */
    languageNavigation: "Language",
    suggestionDismiss: "Dismiss",
    suggestionRegion: "Language suggestion",
  },
} satisfies Words;
