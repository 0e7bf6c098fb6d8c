/**
 * Whether visitors see an article now: published, with a publication date that has come (the rule the
 * server's public reads apply in SQL). Anything else reaches its page only as a staff preview; the
 * editor offers Preview for it instead of View on website.
 */
export function isPublicNow(article: { isPublished: boolean; publishedAt: Date | string | null }, now = Date.now()): boolean {
  return article.isPublished && article.publishedAt !== null && new Date(article.publishedAt).getTime() <= now;
}
