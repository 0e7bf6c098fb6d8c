import { cityStateZip, type ClinicDetails } from "../../shared/clinic";
import { BRAND, T } from "./text";

/**
 * Every public page's title and description (its <title>, description and share tags), read by the
 * route table (routes.ts). Apart from the pages' own strings so the table, which every page loads,
 * does not carry every page's catalogue.
 */
export const TS = {
  homeTitle: `${BRAND} | Stem Cell & Ozone Therapy in Millcreek, Utah`,
  homeDescription:
    "Regenerative stem cell and ozone therapy in Millcreek, Utah. Clinician-led care that supports your body's own healing. Explore our treatments and book a consultation.",
  aboutTitle: "About Us",
  aboutDescription:
    "Meet the clinicians of our Millcreek, Utah regenerative wellness clinic: our mission, our whole-person approach to stem cell and ozone therapy, and the team who will care for you.",
  servicesTitle: "Regenerative Treatments & Services",
  servicesDescription:
    "Stem cell therapy, ozone therapy and related regenerative treatments in Millcreek, Utah, each planned around you after an unhurried consultation.",
  stemCellTitle: "Stem Cell Therapy in Utah",
  stemCellDescription:
    "Non-surgical stem cell therapy in Millcreek, Utah for joint pain, sports injuries, back and neck pain and chronic inflammation. Learn how treatment works and book a consultation.",
  serviceNotFoundDescription: "The service you're looking for could not be found. Browse all of our regenerative treatments.",
  contactTitle: "Book An Appointment",
  contactDescription: (clinic: ClinicDetails | undefined) =>
    `Send an appointment inquiry to ${clinic ? `${clinic.name} in ${cityStateZip(clinic)}` : BRAND}. Ask about stem cell therapy, ozone therapy or a general consultation; we reply within 24 hours.`,
  newsTitle: T.news.heading,
  newsDescription: `Research summaries, clinic news and practical guides on stem cell and ozone therapy from the team at ${BRAND} in Millcreek, Utah.`,
  articleNotFoundDescription: "The article you're looking for does not exist or has been removed.",
  legalDescription: {
    privacy: "How we use and protect your health information, and your rights (Notice of Privacy Practices).",
    terms: "The terms of using our website and its inquiry form.",
    hipaa: "What you authorize when you send health details with an inquiry.",
  },
  pageNotFoundDescription: "The page you were looking for could not be found.",
} as const;
