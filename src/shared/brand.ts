/**
 * The clinic's brand without zod (the public pages import it: no schema library in their bundle): the
 * site's own colours, WCAG's contrast, the accent's check and hover shade, the favicon's sizes, and the
 * brand when none is set. The schemas are in ./schemas/brand.ts.
 */

/** The site's own accent (src/client/public/styles/base.css, --copper-600) and its hover shade. */
export const DEFAULT_ACCENT = "#9c4f1c";
/** The site's text colour (--ink) and the page's background (--paper), which the accent must stand apart from. */
export const TEXT_COLOUR = "#1f2a2e";
export const PAGE_BACKGROUND = "#fffdf9";
/** WCAG 2.2 AA for normal text (1.4.3). */
export const MIN_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

/** The relative luminance of an sRGB colour (#rrggbb), as WCAG defines it. */
export function luminance(hex: string): number {
  const value = Number.parseInt(HEX.exec(hex)![1]!, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** The contrast ratio of two colours (1 to 21), as WCAG defines it. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it: 4.48 -> "4.4:1" (never rounded up past the line). */
export const ratioText = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

/**
 * Why an accent colour cannot be used, or null when it can: the site sets white text on it (buttons)
 * and sets it as text on the page's light background (links, small headings), so it must reach 4.5:1
 * against white and against that background. (Against the dark body text no accent that carries white
 * text could: the two rules exclude each other; the site never sets body text on the accent.)
 */
export function accentProblem(hex: string): string | null {
  const white = contrastRatio(hex, "#ffffff");
  if (white < MIN_CONTRAST)
    return (
      `This colour is too light: white text on it has a contrast of ${ratioText(white)}, and WCAG AA needs at least 4.5:1. ` +
      "Choose a darker colour."
    );
  const page = contrastRatio(hex, PAGE_BACKGROUND);
  if (page < MIN_CONTRAST)
    return (
      `This colour is too light: as text on the page's background it has a contrast of ${ratioText(page)}, and WCAG AA needs ` +
      "at least 4.5:1. Choose a darker colour."
    );
  return null;
}

/** The accent's hover shade: 15% darker toward black (so it keeps at least the accent's contrast with white). */
export function darkerShade(hex: string): string {
  const value = Number.parseInt(HEX.exec(hex)![1]!, 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * 0.85);
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
}

/** The sizes made from an uploaded favicon: the browser tab's, the Apple touch icon, and the two app icons. */
export const FAVICON_SIZES = [32, 180, 192, 512] as const;

/** The brand as the pages read it (brandAnswer in ./schemas/brand.ts). */
export interface Brand {
  accentColor: string | null;
  accentHover: string | null;
  logo: { url: string; width: number; height: number } | null;
  favicon: { icon32: string; appleTouch: string; icon192: string; icon512: string } | null;
}

/** Nothing set: the site's own look. */
export const DEFAULT_BRAND: Brand = { accentColor: null, accentHover: null, logo: null, favicon: null };
