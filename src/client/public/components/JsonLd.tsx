import { LOGO_PATH, openingHoursSpecification, socialLinksOf, type ClinicDetails } from "../../../shared/clinic";
import { absolute, DEFAULT_SHARE_IMAGE } from "./Seo";

/**
 * Structured data (schema.org JSON-LD) for search engines, rendered by the pages that show what it
 * describes: the clinic on Home and Contact, a service with its breadcrumbs, the team on About, the
 * news list, an article's breadcrumbs. Kept apart from Seo.tsx (which every page loads) so each page
 * carries only the builders it uses.
 */

/** Structured data for search engines; `<` is escaped so text can never close the script. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}

const postalAddress = (clinic: ClinicDetails) => ({
  "@type": "PostalAddress",
  streetAddress: clinic.street,
  addressLocality: clinic.city,
  addressRegion: clinic.state,
  postalCode: clinic.zip,
  addressCountry: "US",
});

/** schema.org MedicalClinic with address, position and opening hours (Home and Contact), from Settings' clinic details. */
export function medicalClinicJsonLd(origin: string, clinic: ClinicDetails): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalClinic",
    name: clinic.name,
    url: `${origin}/`,
    logo: `${origin}${LOGO_PATH}`,
    image: `${origin}${DEFAULT_SHARE_IMAGE}`,
    telephone: clinic.phone,
    email: clinic.email,
    address: postalAddress(clinic),
    geo: { "@type": "GeoCoordinates", latitude: clinic.latitude, longitude: clinic.longitude },
    openingHoursSpecification: openingHoursSpecification(clinic.hours),
    medicalSpecialty: ["Regenerative medicine"],
    availableService: [
      { "@type": "MedicalTherapy", name: "Stem cell therapy" },
      { "@type": "MedicalTherapy", name: "Ozone therapy" },
    ],
    sameAs: socialLinksOf(clinic).map((link) => link.url),
  };
}

/** The clinic as structured data names it where a page's things belong to it. */
function clinicRef(origin: string, clinic: ClinicDetails): Record<string, unknown> {
  return { "@type": "MedicalClinic", name: clinic.name, url: `${origin}/`, telephone: clinic.phone, address: postalAddress(clinic) };
}

/** schema.org BreadcrumbList: where a page sits (Home, then its section, then the page). */
export function breadcrumbJsonLd(origin: string, crumbs: Array<{ name: string; path: string }>): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: `${origin}${crumb.path}` })),
  };
}

/** schema.org Service for a service page, offered by the clinic (a provider is a Service's, not a MedicalProcedure's). */
export function serviceJsonLd(
  origin: string,
  service: { title: string; slug: string; shortDescription: string },
  image: string,
  clinic: ClinicDetails,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    serviceType: service.title,
    description: service.shortDescription,
    url: `${origin}/services/${encodeURIComponent(service.slug)}`,
    image: absolute(origin, image),
    provider: clinicRef(origin, clinic),
    areaServed: { "@type": "State", name: "Utah" },
  };
}

/** schema.org FAQPage for a service page's FAQ section (its questions and answers as the page shows them). */
export function faqJsonLd(items: ReadonlyArray<{ question: string; answer: string }>): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.answer } })),
  };
}

/** schema.org Person for each member of the team (About), working for the clinic. */
export function teamJsonLd(origin: string, members: Array<{ name: string; role: string; imageUrl: string }>, clinic: ClinicDetails): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@graph": members.map((member) => ({
      "@type": "Person",
      name: member.name,
      jobTitle: member.role,
      image: absolute(origin, member.imageUrl),
      worksFor: clinicRef(origin, clinic),
    })),
  };
}

/** schema.org ItemList of the articles a news page shows, in order. */
export function newsListJsonLd(origin: string, articles: Array<{ title: string; slug: string }>): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: articles.map((article, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: `${origin}/news/${encodeURIComponent(article.slug)}`,
      name: article.title,
    })),
  };
}
