/**
 * The three built-in fallback news items (public-site.md section 3). Shown when the news list is
 * empty or fails to load; /news/{id} shows one when the article call fails and the slug is its id.
 * Their bodies are in fallback-news-content.ts, which only the article page loads (the route table,
 * which every page loads, needs the titles and summaries for an article's metadata).
 */
export interface FallbackNewsItem {
  id: number;
  title: string;
  date: string;
  author: string;
  category: "Ozone Therapy" | "Stem Cell Therapy";
  image: string;
  alt: string;
  sourceUrl: string;
  externalLink: boolean;
  excerpt: string;
}

export const FALLBACK_NEWS: FallbackNewsItem[] = [
  {
    id: 1,
    title: "How Medical Ozone Supports the Body's Healing Response",
    date: "2025-05-12",
    author: "Clinical Team",
    category: "Ozone Therapy",
    image: "/images/news/fallback-1.svg",
    alt: "Bubbles rising in a glass of water",
    sourceUrl: "https://pubmed.ncbi.nlm.nih.gov/?term=medical+ozone+therapy",
    externalLink: false,
    excerpt:
      "Medical ozone has been studied for decades. Here is what it is, how it is given in a clinic, and what " +
      "current research says about its role in recovery.",
  },
  {
    id: 2,
    title: "Stem Cell Therapy for Joint Pain: What the Research Shows",
    date: "2025-04-28",
    author: "Clinical Team",
    category: "Stem Cell Therapy",
    image: "/images/news/fallback-2.svg",
    alt: "Illustration of a knee joint",
    sourceUrl: "https://pubmed.ncbi.nlm.nih.gov/?term=stem+cell+therapy+knee+osteoarthritis",
    externalLink: true,
    excerpt:
      "Researchers continue to study regenerative injections for knee and hip pain. A summary of the published " +
      "evidence, and the questions to ask before treatment.",
  },
  {
    id: 3,
    title: "Planning Your Regenerative Care: A Step-by-Step Guide",
    date: "2025-04-02",
    author: "Clinical Team",
    category: "Stem Cell Therapy",
    image: "/images/news/fallback-3.svg",
    alt: "A calendar with a leaf",
    sourceUrl: "https://www.nih.gov/",
    externalLink: false,
    excerpt:
      "From the first consultation to the final follow-up: the four steps of a regenerative treatment plan and how long each one takes.",
  },
];

/** A fallback item in the article shape; its slug is its numeric id. */
export function fallbackAsArticle(item: FallbackNewsItem) {
  const date = new Date(`${item.date}T12:00:00Z`);
  return {
    id: item.id,
    title: item.title,
    slug: String(item.id),
    summary: item.excerpt,
    // The body is in fallback-news-content.ts: only the article page shows it (withFallbackBody).
    content: "",
    externalUrl: item.externalLink ? item.sourceUrl : null,
    thumbnailUrl: item.image,
    thumbnailAlt: item.alt,
    metaTitle: null,
    metaDescription: null,
    tags: item.category,
    isPublished: true,
    publishedAt: date,
    createdAt: date,
    updatedAt: date,
    /** Built into the site in English: shown marked lang="en" on the other languages' pages. */
    language: "en" as const,
  };
}

export const FALLBACK_ARTICLES = FALLBACK_NEWS.map(fallbackAsArticle);

/** The built-in article a path's number names ("/news/2"), if any. */
export function findFallbackArticle(slug: string): FallbackArticle | undefined {
  return /^\d+$/.test(slug) ? FALLBACK_ARTICLES.find((article) => article.slug === String(Number(slug))) : undefined;
}
export type FallbackArticle = ReturnType<typeof fallbackAsArticle>;
