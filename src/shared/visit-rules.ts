/**
 * What a visit beacon may say (analytics, issue 25), in one place for the public pages' script
 * (src/client/public/analytics.ts, which must stay small: no zod), the beacon's schema
 * (src/shared/schemas/analytics.ts) and the counting (src/server/services/analytics.ts).
 */

/** A public page's path as a browser sends it: no query string, no fragment. */
export const PAGE_PATH = /^\/[A-Za-z0-9\-._~/%]*$/;
export const PAGE_PATH_MAX = 200;
/** Paths that are not public pages: never counted. */
export const NOT_A_PAGE = /^\/(admin|api|trpc|uploads)(\/|$)/;
/** A utm value as it may appear in an address: short, plain. */
export const UTM_VALUE = /^[\p{L}\p{N} _\-.+:]*$/u;
export const UTM_VALUE_MAX = 80;
/**
 * A service page's path in any language (/services/x, /es/services/x, /zh/services/x), and its slug
 * (counted only when a service has it: services/analytics.ts). The language prefixes are those of
 * src/shared/languages.ts (splitLanguagePath), written out here to keep the pages' script small.
 */
export const SERVICE_PAGE = /^(?:\/(?:es|zh))?\/services\/([a-z0-9][a-z0-9-]{0,99})\/?$/;
/** The contact page's path in any language (/contact, /es/contact, /zh/contact). */
export const CONTACT_PAGE = /^(?:\/(?:es|zh))?\/contact\/?$/;
