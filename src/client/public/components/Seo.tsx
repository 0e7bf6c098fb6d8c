import { SHARE_IMAGE_SIZE } from "../../../shared/share-image";
import type { PageMeta } from "../routing";
import { LANGUAGE_CODES, LANGUAGES, localizedPath, type LanguageCode } from "../../../shared/languages";
import { pageLanguage } from "../i18n";
import { useSite } from "../site-context";
import { useClinic } from "../data";

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
  languages = LANGUAGE_CODES,
  publishedTime,
  modifiedTime,
  noIndex = false,
}: Omit<PageMeta, "notFound" | "locale"> & { noIndex?: boolean }) {
  const { origin } = useSite();
  const clinicName = useClinic().name;
  const language = pageLanguage();
  // The page's address in each language it really has (issue 27): its hreflang alternates, x-default
  // the English one. A page shown in a language it has no translation in (English words under /es/)
  // names the English page as its canonical and is in no language's alternates but its own words'.
  const has = new Set(languages);
  const urlIn = (code: LanguageCode) => (path === undefined ? null : `${origin}${localizedPath(path, code)}`);
  const url = urlIn(has.has(language.code) ? language.code : "en");
  const alternates = url ? LANGUAGES.filter((other) => has.has(other.code)) : [];
  const fullTitle = title.includes(clinicName) ? title : `${title} | ${clinicName}`;
  const imageUrl = absolute(origin, image || DEFAULT_SHARE_IMAGE);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {url ? <link rel="canonical" href={url} /> : null}
      {alternates.length > 1
        ? [
            ...alternates.map((other) => <link key={other.code} rel="alternate" hrefLang={other.tag} href={urlIn(other.code)!} />),
            <link key="x-default" rel="alternate" hrefLang="x-default" href={urlIn("en")!} />,
          ]
        : null}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={clinicName} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={imageUrl} />
      {/* Every share image is a 1200 x 630 PNG: a page's preview (/share/...) or the site's default. */}
      <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={imageAlt || clinicName} />
      <meta property="og:locale" content={has.has(language.code) ? language.locale : "en_US"} />
      {alternates
        .filter((other) => other.code !== (has.has(language.code) ? language.code : "en"))
        .map((other) => (
          <meta key={`og-${other.code}`} property="og:locale:alternate" content={other.locale} />
        ))}
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
