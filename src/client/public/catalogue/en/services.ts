import type { Words } from "../parts";

/** The services words of the en catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    services: {
      notFoundTitle: "Service Not Found",
      notFoundText: "The service you're looking for could not be found. Please check the URL or browse our services page.",
      loadError: "Failed to load services. Please try again later.",
    },
  },
  TH: {
    services: {
      cardLink: "Learn more",
      /** Read after "Learn more" by screen readers and search engines: " about {title}". */
      cardLinkAbout: (title: string) => ` about ${title}`,
      loading: "Loading services",
      empty: "Our treatments will be listed here soon. Please contact us to ask about a service.",
      detailLoading: "Loading service",
      stepLabel: (n: number) => `Step ${n}`,
      /** Above a draft service that signed-in staff open at its public address. */
      previewBanner: "Preview: not public",
      previewExplain: "Only signed-in staff see this page. Visitors get Page Not Found here until the service is published.",
    },
  },
  TS: {
    servicesTitle: "Regenerative Treatments & Services",
    servicesDescription:
      "Stem cell therapy, ozone therapy and related regenerative treatments in Millcreek, Utah, each planned " +
      "around you after an unhurried consultation.",
    stemCellTitle: "Stem Cell Therapy in Utah",
    stemCellDescription:
      "Non-surgical stem cell therapy in Millcreek, Utah for joint pain, sports injuries, back and neck pain " +
      "and chronic inflammation. Learn how treatment works and book a consultation.",
    serviceNotFoundDescription: "The service you're looking for could not be found. Browse all of our regenerative treatments.",
  },
  D: {
    SERVICES_HERO: {
      title: "Our Services",
      subtitle: "Regenerative treatments tailored to you, delivered with care in our Millcreek clinic.",
    },
    SERVICE_DETAIL: { bookButton: "Book This Service", allButton: "View All Services" },
  },
} satisfies Words;
