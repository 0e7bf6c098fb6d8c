/**
 * The three built-in fallback news items (public-site.md section 3). Shown when the news list is
 * empty or fails to load; /news/{id} shows one when the article call fails and the slug is its id.
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
  content: string;
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
      "Medical ozone has been studied for decades. Here is what it is, how it is given in a clinic, and what current research says about its role in recovery.",
    content:
      "<p>Medical ozone is a precisely measured blend of oxygen and ozone. In controlled doses it is used to support circulation, oxygen delivery and the body's own response to inflammation.</p><h2>How it is given</h2><p>In our clinic ozone may be given by injection into a joint or soft tissue, after a consultation and a review of your health history.</p><h2>What to expect</h2><p>Sessions are short, and most people return to their day straight afterwards. Your clinician will explain how many sessions are usually recommended for your goals.</p>",
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
      "Researchers continue to study regenerative injections for knee and hip pain. A summary of the published evidence, and the questions to ask before treatment.",
    content:
      "<p>Regenerative injections for joint pain are an active area of research. Studies differ in the cells used, the conditions treated and how results are measured.</p><p>Before any treatment, ask what results are realistic for your condition and how progress will be measured.</p>",
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
    content:
      "<p>Every plan follows four steps.</p><ol><li><strong>Consultation:</strong> we review your history and goals.</li><li><strong>Treatment:</strong> usually one to two hours in the clinic.</li><li><strong>Recovery:</strong> most people return to activities within 24-48 hours.</li><li><strong>Results:</strong> changes build gradually over two to three months.</li></ol>",
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
    content: item.content,
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
  };
}

export const FALLBACK_ARTICLES = FALLBACK_NEWS.map(fallbackAsArticle);

export function findFallbackArticle(slug: string) {
  return /^\d+$/.test(slug) ? FALLBACK_ARTICLES.find((article) => article.slug === String(Number(slug))) : undefined;
}
