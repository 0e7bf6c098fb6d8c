import { publicQueries as q } from "../../../client/public/api";
import type { Reader } from "../../../client/public/routing";
import type { Brand } from "../../../shared/schemas/brand";

/** The favicon's links: the sizes staff uploaded (Settings > Brand), else the site's own icon. */
export function faviconTags(favicon: Brand["favicon"] | undefined): string {
  return favicon
    ? `<link rel="icon" href="${attr(favicon.icon32)}" sizes="32x32" type="image/png"/>` +
        `<link rel="icon" href="${attr(favicon.icon192)}" sizes="192x192" type="image/png"/>` +
        `<link rel="icon" href="${attr(favicon.icon512)}" sizes="512x512" type="image/png"/>` +
        `<link rel="apple-touch-icon" href="${attr(favicon.appleTouch)}" sizes="180x180"/>`
    : `<link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="apple-touch-icon" href="/apple-touch-icon.png"/>`;
}

/**
 * The clinic's brand in a page's head (Settings > Brand, issue 36): the favicon's links (the uploaded
 * sizes, else the site's own) and the accent colour as the stylesheet's custom properties, after the
 * stylesheet so they win, in the server's HTML so the first paint has them. Written here, not by the
 * page's React: neither changes while a page runs, so no page carries code for them (the 90 KB budget,
 * docs/performance.md); React leaves head elements it did not render alone.
 */
export function brandHeadTags(read: Reader): string {
  const brand = read(q.brand()).data;
  const icons = faviconTags(brand?.favicon);
  // The shades are checked on saving (src/shared/brand.ts); checked again here, as they go into a <style>.
  const colour = /^#[0-9a-f]{6}$/i;
  const accent =
    brand?.accentColor && brand.accentHover && colour.test(brand.accentColor) && colour.test(brand.accentHover)
      ? `<style>:root{--copper-600:${brand.accentColor};--copper-700:${brand.accentHover}}</style>`
      : "";
  return icons + accent;
}

const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
