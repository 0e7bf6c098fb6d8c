import {
  LOGO_PATH,
  openingHoursSpecification,
  type PublicClinic,
  socialLinksOf,
  SPEC_CLINIC_NAME,
  specialOpeningHoursSpecification,
  type ClinicDetails,
} from "../../../shared/clinic";
import { localizedPath, type LanguageCode } from "../../../shared/languages";
import { NEWS_PAGE_SIZE } from "../../../shared/news-paging";
import { shareImagePath } from "../../../shared/share-image";
import { publicQueries as q, type RouterOutputs } from "../../../client/public/api";
import { absolute, DEFAULT_SHARE_IMAGE } from "../../../client/public/components/Seo";
import { articleDate, articlesToShow, findBuiltInArticle, toIso } from "../../../client/public/components/news/news-utils";
import { T } from "../../../client/public/i18n";
import type { MatchedRoute, Reader } from "../../../client/public/routing";

/**
 * Structured data (schema.org JSON-LD) for search engines, of the page the server renders: the clinic
 * on Home and Contact, a service with its breadcrumbs and FAQ, the team on About, the news list, an
 * article and its breadcrumbs. Search engines read it in the HTML the server sends, so it is the
 * server's alone (render.tsx puts it in <head>): no page's JavaScript carries it (issue 27 made room
 * in the pages' budget for their words this way). Addresses are the page language's.
 */

/** The page's structured data as <script> tags; `<` is escaped so text can never close the script. */
export function structuredDataTags(matched: MatchedRoute, read: Reader, origin: string, language: LanguageCode): string {
  return structuredData(matched, read, origin, language)
    .map((data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`)
    .join("");
}

type Data = Record<string, unknown>;

function structuredData({ route, params }: MatchedRoute, read: Reader, origin: string, language: LanguageCode): Data[] {
  const clinic = read(q.clinic()).data;
  if (!clinic) return [];
  const url = (path: string) => `${origin}${localizedPath(path, language)}`;
  switch (route.key) {
    case "home":
    case "contact":
      return [medicalClinicJsonLd(origin, clinic)];
    case "about": {
      const team = read(q.team()).data;
      return team?.length ? [teamJsonLd(origin, team, clinic)] : [];
    }
    case "service": {
      const service = read(q.service(params.slug ?? "")).data;
      if (!service) return [];
      const path = `/services/${encodeURIComponent(service.slug)}`;
      return [
        serviceJsonLd(origin, url(path), service, shareImagePath("services", service.slug), clinic),
        breadcrumbJsonLd([
          { name: T.nav.home, url: url("/") },
          { name: T.nav.services, url: url("/services") },
          { name: service.title, url: url(path) },
        ]),
        ...service.sections.flatMap((section) => (section.kind === "faq" ? [faqJsonLd(section.items)] : [])),
      ];
    }
    case "news": {
      const page = read(q.newsPage(1, NEWS_PAGE_SIZE));
      if (page.status === "pending") return [];
      const articles = articlesToShow(page.data?.items, page.status === "error");
      return articles.length
        ? [newsListJsonLd(articles.map((article) => ({ name: article.title, url: url(`/news/${encodeURIComponent(article.slug)}`) })))]
        : [];
    }
    case "article": {
      const stored = read(q.article(params.slug ?? "")).data;
      const article = stored ?? findBuiltInArticle(params.slug ?? "");
      if (!article) return [];
      const path = `/news/${encodeURIComponent(article.slug)}`;
      return [
        articleJsonLd(origin, url(path), article, Boolean(stored), clinic.name),
        breadcrumbJsonLd([
          { name: T.nav.home, url: url("/") },
          { name: T.nav.news, url: url("/news") },
          { name: article.title, url: url(path) },
        ]),
      ];
    }
    default:
      return [];
  }
}

const postalAddress = (clinic: ClinicDetails) => ({
  "@type": "PostalAddress",
  streetAddress: clinic.street,
  addressLocality: clinic.city,
  addressRegion: clinic.state,
  postalCode: clinic.zip,
  addressCountry: "US",
});

/**
 * schema.org MedicalClinic with address, position and opening hours (Home and Contact), from Settings'
 * clinic details; its holidays and special hours of the coming weeks (the clinic's date overrides) as
 * specialOpeningHoursSpecification.
 */
function medicalClinicJsonLd(origin: string, clinic: PublicClinic): Data {
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
    ...(clinic.specialDays?.length ? { specialOpeningHoursSpecification: specialOpeningHoursSpecification(clinic.specialDays) } : {}),
    medicalSpecialty: ["Regenerative medicine"],
    availableService: [
      { "@type": "MedicalTherapy", name: "Stem cell therapy" },
      { "@type": "MedicalTherapy", name: "Ozone therapy" },
    ],
    sameAs: socialLinksOf(clinic).map((link) => link.url),
  };
}

/** The clinic as structured data names it where a page's things belong to it. */
function clinicRef(origin: string, clinic: ClinicDetails): Data {
  return { "@type": "MedicalClinic", name: clinic.name, url: `${origin}/`, telephone: clinic.phone, address: postalAddress(clinic) };
}

/** schema.org BreadcrumbList: where a page sits (Home, then its section, then the page). */
function breadcrumbJsonLd(crumbs: Array<{ name: string; url: string }>): Data {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** schema.org Service for a service page, offered by the clinic (a provider is a Service's, not a MedicalProcedure's). */
function serviceJsonLd(
  origin: string,
  url: string,
  service: { title: string; slug: string; shortDescription: string },
  image: string,
  clinic: ClinicDetails,
): Data {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    serviceType: service.title,
    description: service.shortDescription,
    url,
    image: absolute(origin, image),
    provider: clinicRef(origin, clinic),
    areaServed: { "@type": "State", name: "Utah" },
  };
}

/** schema.org FAQPage for a service page's FAQ section (its questions and answers as the page shows them). */
function faqJsonLd(items: ReadonlyArray<{ question: string; answer: string }>): Data {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** schema.org Person for each member of the team (About), working for the clinic. */
function teamJsonLd(origin: string, members: Array<{ name: string; role: string; imageUrl: string }>, clinic: ClinicDetails): Data {
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
function newsListJsonLd(articles: Array<{ name: string; url: string }>): Data {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: articles.map((article, index) => ({ "@type": "ListItem", position: index + 1, url: article.url, name: article.name })),
  };
}

/**
 * schema.org Article (author: the clinic's team; publisher: the clinic); `stored`: a published article, not a built-in one shown in its
 * place.
 */
function articleJsonLd(origin: string, url: string, article: RouterOutputs["news"]["bySlug"], stored: boolean, clinicName: string): Data {
  const published = articleDate(article).iso;
  const modified = toIso(article.updatedAt) ?? published;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.metaDescription || article.summary,
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    // The share preview (a 1200 x 630 PNG made from the thumbnail) of a published article; a built-in one has the site's.
    image: [absolute(origin, stored ? shareImagePath("news", article.slug) : DEFAULT_SHARE_IMAGE)],
    author: { "@type": "Organization", name: `${SPEC_CLINIC_NAME} Team`, url: `${origin}/about` },
    publisher: {
      "@type": "MedicalClinic",
      name: clinicName,
      url: `${origin}/`,
      logo: { "@type": "ImageObject", url: `${origin}${LOGO_PATH}` },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    ...(article.tags ? { keywords: article.tags } : {}),
    ...(article.externalUrl ? { isBasedOn: article.externalUrl } : {}),
  };
}
