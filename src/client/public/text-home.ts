
/**
 * Strings of the Home, About, Services and Service detail pages that text.ts does not hold (share
 * metadata, loading labels, small connective copy). The spec's own wording stays in text.ts (`T`).
 */
export const TH = {
  home: {
    heroEyebrow: "Millcreek, Utah",
    welcomeEyebrow: "Welcome",
    servicesEyebrow: "Treatments",
    testimonialsEyebrow: "Testimonials",
    testimonialsIntro: "Experiences shared by patients from across the Salt Lake Valley.",
  },
  services: {
    cardLink: "Learn more",
    /** Read after "Learn more" by screen readers and search engines: " about {title}". */
    cardLinkAbout: (title: string) => ` about ${title}`,
    loading: "Loading services",
    empty: "Our treatments will be listed here soon. Please contact us to ask about a service.",
    detailLoading: "Loading service",
    stepLabel: (n: number) => `Step ${n}`,
  },
  testimonials: {
    region: "Client testimonials",
    loading: "Loading testimonials",
    pageIndicator: (page: number, total: number) => `${page} / ${total}`,
    readMoreLabel: (name: string) => `Read more from ${name}`,
  },
  about: {
    intro: "A regenerative wellness clinic in Millcreek, Utah, built on listening, clear explanations and care that treats the whole person.",
    missionEyebrow: "Who we are",
    insightsIntro: "Wellness traditions shape how each of us heals. Choose a language to read a few reflections from our care team.",
    teamEyebrow: "Our people",
    teamIntro: "Experienced clinicians and a friendly care team who take time to get to know you.",
    teamLoading: "Loading team",
    teamEmpty: "Our team will be introduced here soon.",
    approachEyebrow: "How we work",
  },
} as const;

/** A testimonial's visible text: cut to 100 characters plus "..." when longer (public-site.md section 9). */
export const TESTIMONIAL_EXCERPT_LENGTH = 100;
export function testimonialExcerpt(content: string): { text: string; truncated: boolean } {
  if (content.length <= TESTIMONIAL_EXCERPT_LENGTH) return { text: content, truncated: false };
  return { text: `${content.slice(0, TESTIMONIAL_EXCERPT_LENGTH)}...`, truncated: true };
}

/** Initials for the avatar shown when a testimonial has no photo ("Karen M." -> "KM"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return letters.map((part) => part.charAt(0).toUpperCase()).join("");
}
