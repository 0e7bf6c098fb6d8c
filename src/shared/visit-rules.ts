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
/** A service page's path, and its slug (counted only when a service has it: services/analytics.ts). */
export const SERVICE_PAGE = /^\/services\/([a-z0-9][a-z0-9-]{0,99})\/?$/;
