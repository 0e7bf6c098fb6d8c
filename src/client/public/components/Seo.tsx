import { SHARE_IMAGE_SIZE } from "../../../shared/share-image";
import { SITE } from "../../../shared/site-settings";
import type { PageMeta } from "../routing";
import { useSite } from "../site-context";
import { BRAND } from "../text";

export const DEFAULT_SHARE_IMAGE = "/images/og-default.png";

/**
 * The page's title, description, canonical URL and share tags. React 19 hoists these into <head>, on
 * the server (so crawlers that run no JavaScript see them) and on client navigation alike. Not-found
 * pages pass no path: they have no canonical URL, and the server sends one 404 body for every unknown
 * path, so nothing in it may depend on the path asked for.
 */
export function Seo({
  title,
  description,
  path,
  image = DEFAULT_SHARE_IMAGE,
  imageAlt,
  type = "website",
  locale = "en_US",
  publishedTime,
  modifiedTime,
  noIndex = false,
}: Omit<PageMeta, "notFound"> & { noIndex?: boolean }) {
  const { origin } = useSite();
  const url = path === undefined ? null : `${origin}${path}`;
  const fullTitle = title.includes(BRAND) ? title : `${title} | ${BRAND}`;
  const imageUrl = absolute(origin, image || DEFAULT_SHARE_IMAGE);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {url ? <link rel="canonical" href={url} /> : null}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={SITE.clinicName} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={imageUrl} />
      {/* Every share image is a 1200 x 630 PNG: a page's preview (/share/...) or the site's default. */}
      <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={imageAlt || SITE.clinicName} />
      <meta property="og:locale" content={locale} />
      {publishedTime ? <meta property="article:published_time" content={publishedTime} /> : null}
      {modifiedTime ? <meta property="article:modified_time" content={modifiedTime} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}

export function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Structured data for search engines; `<` is escaped so text can never close the script. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}

/** schema.org MedicalClinic with address and opening hours (Home and Contact). */
export function medicalClinicJsonLd(origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalClinic",
    name: SITE.clinicName,
    url: `${origin}/`,
    logo: `${origin}${SITE.logoPath}`,
    image: `${origin}${DEFAULT_SHARE_IMAGE}`,
    telephone: SITE.phone,
    email: SITE.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: SITE.streetAddress,
      addressLocality: SITE.city,
      addressRegion: SITE.state,
      postalCode: SITE.zip,
      addressCountry: "US",
    },
    geo: { "@type": "GeoCoordinates", latitude: SITE.geo.latitude, longitude: SITE.geo.longitude },
    openingHoursSpecification: [
      { "@type": "OpeningHoursSpecification", dayOfWeek: SITE.openingHours.dayOfWeek, opens: SITE.openingHours.opens, closes: SITE.openingHours.closes },
    ],
    medicalSpecialty: ["Regenerative medicine"],
    availableService: [
      { "@type": "MedicalTherapy", name: "Stem cell therapy" },
      { "@type": "MedicalTherapy", name: "Ozone therapy" },
    ],
    sameAs: Object.values(SITE.social),
  };
}

/** The clinic as structured data names it where a page's things belong to it. */
function clinicRef(origin: string): Record<string, unknown> {
  return { "@type": "MedicalClinic", name: SITE.clinicName, url: `${origin}/` };
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
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    serviceType: service.title,
    description: service.shortDescription,
    url: `${origin}/services/${encodeURIComponent(service.slug)}`,
    image: absolute(origin, image),
    provider: clinicRef(origin),
    areaServed: { "@type": "State", name: "Utah" },
  };
}

/** schema.org Person for each member of the team (About), working for the clinic. */
export function teamJsonLd(origin: string, members: Array<{ name: string; role: string; imageUrl: string }>): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@graph": members.map((member) => ({
      "@type": "Person",
      name: member.name,
      jobTitle: member.role,
      image: absolute(origin, member.imageUrl),
      worksFor: clinicRef(origin),
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
