import { and, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { newsArticleInput, newsArticleUpdateInput } from "../../shared/schemas/news";
import type { Database } from "../db/client";
import { newsArticles, uploadedImages } from "../db/schema";
import { errors } from "../errors";
import type { Actor } from "./activity";
import { sanitizeOptionalHtml } from "./html";
import type { UploadSize } from "../../shared/image-variants";
import { saveWithPicture, titledKind, type Restoring } from "./record-versions";
import { measuredUploads, uploadAt, uploadSize } from "./uploads";
import { readPage, type PageQuery } from "./paging";
import { responsiveBodyPictures, uploadsInBody } from "../../shared/article-pictures";
import { deleteRecord, updateRecordRow } from "./plain-records";
import { followSlug, markGone } from "./redirects";

/**
 * News articles. Public: published articles whose publishedAt has come, newest first; drafts never.
 * An uploaded thumbnail file takes priority over thumbnailUrl. Bodies are sanitised on save and again
 * on the way out; the one article a page shows also has its body's uploaded pictures offered at their
 * variants (withResponsivePictures).
 */

export const ARTICLE_NOT_FOUND = "Article not found";

export type NewsArticleRow = typeof newsArticles.$inferSelect;

/** How the activity log names a news article (its title); its saves keep versions. */
const ARTICLE = titledKind<NewsArticleRow>("news_article", ARTICLE_NOT_FOUND, "news");

/** The fields a visitor may see (no author id). */
const publicColumns = {
  id: newsArticles.id,
  title: newsArticles.title,
  slug: newsArticles.slug,
  summary: newsArticles.summary,
  content: newsArticles.content,
  externalUrl: newsArticles.externalUrl,
  thumbnailUrl: newsArticles.thumbnailUrl,
  thumbnailAlt: newsArticles.thumbnailAlt,
  /** The measured size of an uploaded thumbnail (the pages' srcset). */
  thumbnailSize: uploadSize,
  metaTitle: newsArticles.metaTitle,
  metaDescription: newsArticles.metaDescription,
  tags: newsArticles.tags,
  isPublished: newsArticles.isPublished,
  publishedAt: newsArticles.publishedAt,
  createdAt: newsArticles.createdAt,
  updatedAt: newsArticles.updatedAt,
};

/** A published article as visitors get it (the built-in fallback articles have no thumbnailSize: their pictures are not uploads). */
export type PublicNewsArticle = Omit<NewsArticleRow, "authorId"> & { thumbnailSize?: UploadSize | null };

/** The published articles' reads, joined to their uploaded thumbnails. */
const readPublic = (db: Database) =>
  db.select(publicColumns).from(newsArticles).leftJoin(uploadedImages, uploadAt(newsArticles.thumbnailUrl));

const isPublic = (now: Date) =>
  and(eq(newsArticles.isPublished, true), isNotNull(newsArticles.publishedAt), lte(newsArticles.publishedAt, now));

/** An article (or a version's fields) as it is shown: its body sanitised again. */
export function cleanArticleForOutput<T extends { content: string | null }>(row: T): T {
  return { ...row, content: sanitizeOptionalHtml(row.content) };
}

/**
 * An article's body as its page shows it: each picture of an upload with the srcset of its variants,
 * its size, lazy (src/shared/article-pictures.ts). Only for the one-article reads the page renders
 * (server and browser alike read them here); the lists carry the body as stored, and staff edit that.
 */
async function withResponsivePictures(db: Database, article: PublicNewsArticle): Promise<PublicNewsArticle> {
  const names = article.content ? uploadsInBody(article.content) : [];
  if (names.length === 0) return article;
  return { ...article, content: responsiveBodyPictures(article.content!, await measuredUploads(db, names)) };
}

export async function listPublishedArticles(db: Database, now = new Date()): Promise<PublicNewsArticle[]> {
  const rows = await readPublic(db).where(isPublic(now)).orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id));
  return rows.map(cleanArticleForOutput);
}

/** One page of the published articles, newest first, and how many there are in all. */
export async function listPublishedArticlesPage(
  db: Database,
  query: PageQuery,
  now = new Date(),
): Promise<{ items: PublicNewsArticle[]; total: number; page: number; pageSize: number }> {
  const page = await readPage(
    db,
    query,
    readPublic(db).where(isPublic(now)).orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id)),
    newsArticles,
    isPublic(now),
  );
  return { ...page, items: page.items.map(cleanArticleForOutput) };
}

/** The slugs getPublishedArticleBySlug finds now (the pages tell an unknown slug by it without a query each). */
export async function listPublishedArticleSlugs(db: Database, now = new Date()): Promise<string[]> {
  const rows = await db.select({ slug: newsArticles.slug }).from(newsArticles).where(isPublic(now));
  return rows.map((row) => row.slug);
}

export async function getPublishedArticleBySlug(db: Database, slug: string, now = new Date()): Promise<PublicNewsArticle> {
  const [row] = await readPublic(db).where(and(eq(newsArticles.slug, slug), isPublic(now)));
  if (!row) throw errors.notFound(ARTICLE_NOT_FOUND);
  return withResponsivePictures(db, cleanArticleForOutput(row));
}

/**
 * Any article by its slug, published or not (a draft, a scheduled one): what staff preview at its
 * public address. The same columns and sanitised body as the public read.
 */
export async function getArticleBySlugForPreview(db: Database, slug: string): Promise<PublicNewsArticle> {
  const [row] = await readPublic(db).where(eq(newsArticles.slug, slug));
  if (!row) throw errors.notFound(ARTICLE_NOT_FOUND);
  return withResponsivePictures(db, cleanArticleForOutput(row));
}

/** Staff list: every article, drafts included, newest (by publication, else creation) first. */
export async function listAllArticles(db: Database): Promise<NewsArticleRow[]> {
  const rows = await db
    .select()
    .from(newsArticles)
    .orderBy(desc(sql`coalesce(${newsArticles.publishedAt}, ${newsArticles.createdAt})`), desc(newsArticles.id));
  return rows.map(cleanArticleForOutput);
}

export async function getArticleById(db: Database, id: number): Promise<NewsArticleRow> {
  const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
  if (!row) throw errors.notFound(ARTICLE_NOT_FOUND);
  return cleanArticleForOutput(row);
}

type ArticleFields = Omit<z.output<typeof newsArticleInput>, "thumbnail">;

function columnsFrom(fields: ArticleFields) {
  return {
    ...fields,
    content: sanitizeOptionalHtml(fields.content),
    // Published without a date means "now" (the editor's default).
    publishedAt: fields.publishedAt ?? (fields.isPublished ? new Date() : null),
  };
}

/** The author is the staff member who writes it. */
export async function createArticle(db: Database, actor: Actor, input: z.output<typeof newsArticleInput>): Promise<NewsArticleRow> {
  const { thumbnail, ...fields } = input;
  return saveWithPicture(db, actor, ARTICLE, null, thumbnail, async (tx, stored) => {
    const [saved] = await tx
      .insert(newsArticles)
      .values({ ...columnsFrom(fields), thumbnailUrl: stored?.url ?? fields.thumbnailUrl ?? null, authorId: actor.adminId })
      .returning();
    if (saved) await followSlug(tx, actor, "/news", null, addressOf(saved));
    return saved;
  });
}

/**
 * Without a file, thumbnailUrl decides: absent keeps the current thumbnail, blank removes it. A
 * restore of an earlier version comes through here too (`restoring`), with the same rules.
 */
export async function updateArticle(
  db: Database,
  actor: Actor,
  input: z.output<typeof newsArticleUpdateInput>,
  restoring?: Restoring,
): Promise<NewsArticleRow> {
  const { id, thumbnail, ...fields } = input;
  await getArticleById(db, id);
  return saveWithPicture(
    db,
    actor,
    ARTICLE,
    id,
    thumbnail,
    async (tx, stored) => {
      const [before] = await tx.select().from(newsArticles).where(eq(newsArticles.id, id));
      const saved = await updateRecordRow(tx, newsArticles, id, {
        ...columnsFrom(fields),
        thumbnailUrl: stored?.url ?? fields.thumbnailUrl,
      });
      // A published article's old address answers 301 to the new one in every language (issue 39).
      if (saved) await followSlug(tx, actor, "/news", before ? addressOf(before) : null, addressOf(saved));
      return saved;
    },
    restoring,
  );
}

/** A published article deleted: its page answers 410 Gone until staff point its address somewhere (issue 39). */
export function deleteArticle(db: Database, actor: Actor, id: number): Promise<NewsArticleRow> {
  return db.transaction(async (tx) => {
    const row = await deleteRecord(tx, actor, newsArticles, ARTICLE, id);
    if (addressOf(row).isPublic) await markGone(tx, actor, "/news", row.slug);
    return row;
  });
}

/** An article's address for the redirects: its slug, and whether visitors see it now (published, its time come). */
function addressOf(row: Pick<NewsArticleRow, "slug" | "isPublished" | "publishedAt">, now = new Date()) {
  return { slug: row.slug, isPublic: row.isPublished && row.publishedAt !== null && row.publishedAt <= now };
}
