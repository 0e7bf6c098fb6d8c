/**
 * A testimonial's visible text: when longer than 100 characters, cut to at most 100 plus "..."
 * (public-site.md section 9), after the last whole word that fits and without the spaces or
 * punctuation before it ("...with my grandkids..." rather than "...with my gran..." or "...kids,...").
 * A first word longer than 100 characters is cut where the 100 end.
 */
export const TESTIMONIAL_EXCERPT_LENGTH = 100;
/** Letters, digits, combining marks and apostrophes ("didn't"): what a word is made of. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}'\u2019]/u;
export function testimonialExcerpt(content: string): { text: string; truncated: boolean } {
  if (content.length <= TESTIMONIAL_EXCERPT_LENGTH) return { text: content, truncated: false };
  const first = content.slice(0, TESTIMONIAL_EXCERPT_LENGTH);
  // A word that goes on past the 100 is dropped whole; then what is not a word before the cut.
  const words = (
    WORD_CHAR.test(content.charAt(TESTIMONIAL_EXCERPT_LENGTH)) ? first.replace(/[\p{L}\p{N}\p{M}'\u2019]+$/u, "") : first
  ).replace(/[^\p{L}\p{N}\p{M}]+$/u, "");
  return { text: `${words || first}...`, truncated: true };
}

/** Initials for the avatar shown when a testimonial has no photo ("Karen M." -> "KM"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return letters.map((part) => part.charAt(0).toUpperCase()).join("");
}
