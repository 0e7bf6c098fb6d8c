import { SPEC_CLINIC_NAME } from "../../shared/clinic";

/**
 * Every user-facing string of the public site, word for word from public-site.md where the spec gives
 * it (checked by ../shared/tools/spec-messages). Pages import from here; nothing user-facing is
 * written inline elsewhere, so the wording can be found and reviewed in one place.
 */
/**
 * The spec's clinic name, in texts that are the site's own wording (titles, headings). Where the page
 * names the clinic as a fact (header, footer, share tags, JSON-LD, legal texts) it is the name in
 * Settings, Clinic details (useClinic).
 */
export const BRAND = SPEC_CLINIC_NAME;

export const T = {
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
    defaultDescription: `At ${BRAND}, we believe in a fully regenerative approach to health and wellness, addressing the needs of body, mind, and spirit.`,
  },
  // The home and About pages' headings, intros and buttons are content items staff edit (issue 22):
  // their defaults are with their pages' other words (content-defaults.ts, text-home.ts).
  about: {
    chooseLanguage: "Language",
  },
  services: {
    notFoundTitle: "Service Not Found",
    notFoundText: "The service you're looking for could not be found. Please check the URL or browse our services page.",
    loadError: "Failed to load services. Please try again later.",
  },
  testimonials: {
    loadError: "Failed to load testimonials. Please try again later.",
    empty: "No testimonials available at the moment.",
    readMore: "Read more",
    previous: "Previous testimonials",
    next: "Next testimonials",
    rating: (rating: number) => `Rated ${rating} out of 5`,
    close: "Close",
  },
  team: {
    loadError: "Failed to load team data. Please try again later.",
  },
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
  news: {
    heading: "Latest News & Updates",
    noImage: "No image available",
    externalArticle: "External Article",
    brandNews: `${BRAND} News`,
    dateUnavailable: "Date unavailable",
    viewExternalSource: "View External Source",
    readFullArticle: "Read Full Article",
    allLoaded: "All articles have been loaded.",
    loadError: "We couldn't load the latest articles. Please try again later.",
    refreshPage: "Refresh Page",
    empty: "No news articles available at this time.",
    byline: (date: string) => `By the ${BRAND} Team · ${date}`,
    externalNote: "This article references external research. Read the full study at its original source.",
    notFoundTitle: "Article Not Found",
    notFoundText: "The article you're looking for does not exist or has been removed.",
    articleNotFoundError: "Article not found",
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
} as const;
