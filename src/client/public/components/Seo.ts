import { SHARE_IMAGE_SIZE } from "../../../shared/share-image";
import type { PageMeta } from "../routing";
import { LANGUAGE_CODES, LANGUAGES, localizedPath, type LanguageCode } from "../../../shared/languages";
import { pageLanguage } from "../i18n";
import { useSite } from "../site-context";
import { useClinic } from "../data";
import type { HeadTag } from "../head";

export const DEFAULT_SHARE_IMAGE = "/images/og-default.png";

/**
 * The page's title, description, canonical URL and share tags, as head tags (head.ts): the server
 * writes them into <head> (so crawlers that run no JavaScript see them), and a navigation in the
 * browser puts the new page's in place. Not-found pages pass no path: they have no canonical URL, and
 * the server sends one 404 body for every unknown path, so nothing in it may depend on the path asked for.
 */
export function useSeoTags({
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
}: Omit<PageMeta, "notFound" | "locale"> & { noIndex?: boolean }): HeadTag[] {
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
  const meta = (key: "name" | "property", name: string, content: string): HeadTag => ({ tag: "meta", attrs: { [key]: name, content } });
  const link = (attrs: Record<string, string>): HeadTag => ({ tag: "link", attrs });
  const tags: (HeadTag | null | false)[] = [
    { tag: "title", attrs: {}, text: fullTitle },
    meta("name", "description", description),
    url ? link({ rel: "canonical", href: url }) : null,
    ...(alternates.length > 1
      ? [
          ...alternates.map((other) => link({ rel: "alternate", hrefLang: other.tag, href: urlIn(other.code)! })),
          link({ rel: "alternate", hrefLang: "x-default", href: urlIn("en")! }),
        ]
      : []),
    noIndex && meta("name", "robots", "noindex"),
    meta("property", "og:site_name", clinicName),
    meta("property", "og:type", type),
    meta("property", "og:title", fullTitle),
    meta("property", "og:description", description),
    url ? meta("property", "og:url", url) : null,
    meta("property", "og:image", imageUrl),
    // Every share image is a 1200 x 630 PNG: a page's preview (/share/...) or the site's default.
    meta("property", "og:image:width", String(SHARE_IMAGE_SIZE.width)),
    meta("property", "og:image:height", String(SHARE_IMAGE_SIZE.height)),
    meta("property", "og:image:alt", imageAlt || clinicName),
    meta("property", "og:locale", has.has(language.code) ? language.locale : "en_US"),
    ...alternates
      .filter((other) => other.code !== (has.has(language.code) ? language.code : "en"))
      .map((other) => meta("property", "og:locale:alternate", other.locale)),
    publishedTime ? meta("property", "article:published_time", publishedTime) : null,
    modifiedTime ? meta("property", "article:modified_time", modifiedTime) : null,
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", fullTitle),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", imageUrl),
  ];
  return tags.filter((tag): tag is HeadTag => Boolean(tag));
}

export function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
