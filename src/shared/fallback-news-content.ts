/** The bodies of the built-in fallback news items (fallback-news.ts), by id: the article page shows them. */
const FALLBACK_BODIES: Record<number, string> = {
  1:
    "<p>Medical ozone is a precisely measured blend of oxygen and ozone. In controlled doses it is used to " +
    "support circulation, oxygen delivery and the body's own response to inflammation.</p><h2>How it is given</h2><p>In " +
    "our clinic ozone may be given by injection into a joint or soft tissue, after a consultation and a review " +
    "of your health history.</p><h2>What to expect</h2><p>Sessions are short, and most people return to their " +
    "day straight afterwards. Your clinician will explain how many sessions are usually recommended for your " +
    "goals.</p>",
  2:
    "<p>Regenerative injections for joint pain are an active area of research. Studies differ in the cells " +
    "used, the conditions treated and how results are measured.</p><p>Before any treatment, ask what results " +
    "are realistic for your condition and how progress will be measured.</p>",
  3:
    "<p>Every plan follows four steps.</p><ol><li><strong>Consultation:</strong> we review your history and " +
    "goals.</li><li><strong>Treatment:</strong> usually one to two hours in the clinic.</li><li><strong>Recovery:</strong> " +
    "most people return to activities within 24-48 hours.</li><li><strong>Results:</strong> changes build " +
    "gradually over two to three months.</li></ol>",
};

type FallbackArticle = import("./fallback-news").FallbackArticle;

/** A fallback article with its body. */
export function withFallbackBody(article: FallbackArticle): FallbackArticle {
  return { ...article, content: FALLBACK_BODIES[article.id] ?? "" };
}
