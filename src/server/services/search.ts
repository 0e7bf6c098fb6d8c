import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages";
import { SEARCH_PAGE_SIZE, type SearchAnswer, type SearchKind } from "../../shared/schemas/search";
import type { ServiceSection } from "../../shared/schemas/services";
import { staffHtmlText } from "../../shared/staff-html-rules";
import type { Database } from "../db/client";
import { newsArticles, services, teamMembers, translations } from "../db/schema";
import type { CacheBus } from "../live/cache-bus";
import { inSiteOrder } from "./record-order";
import { excerpt, fold, isCjkTerm, marked, queryTerms, termsOf } from "./search-text";

/**
 * Site search (issue 39, decision 0073): services (with their sections), each question of a service's
 * FAQ, published news articles and the team, in the page's language. A record with a published
 * translation is found by its translation's words; one without is found by its English words and
 * answered `language: "en"` (the page marks it "written in English"); drafts (a draft service, an
 * unpublished or scheduled article, a draft translation) are never found.
 *
 * The index lives in memory, one per instance, built from the database on the first search and built
 * again on the first search after anything public changed here or on another instance (the cache bus:
 * every staff write, a scheduled article's time). A scheduled article is indexed with its time and
 * found once its time has come. The words searched for are never kept: they pass through `search`
 * and are gone.
 */

interface Doc {
  kind: SearchKind;
  path: string;
  title: string;
  context: string | null;
  text: string;
  language: LanguageCode;
  /** An article's publication time (ms): found only once it has come. */
  publishedAt: number | null;
  /** Its words folded (search-text.ts), once a Chinese word looked into it. */
  folded?: { title: string; context: string; text: string };
}

interface LanguageIndex {
  docs: Doc[];
  /** Each word's documents and the word's weight in each (a title's words weigh more than a body's). */
  postings: Map<string, Map<number, number>>;
  /** Every word, sorted: the words a query's word starts. */
  words: string[];
  /** Each Chinese character's documents: the candidates of a Chinese word, checked in the text. */
  chars: Map<string, Set<number>>;
}

type SearchIndex = Record<LanguageCode, LanguageIndex>;

const WEIGHT = { title: 8, context: 3, text: 1 } as const;
/** A word found whole counts more than one a query's word only starts. */
const PREFIX_FACTOR = 0.5;
/** A record found in its English original on another language's page comes after one in that language. */
const FALLBACK_FACTOR = 0.9;
const KIND_ORDER: Record<SearchKind, number> = { service: 0, faq: 1, news: 2, team: 3 };

type Fields = Record<string, unknown>;

/** A translation's words over the English record's (a field left empty keeps the English), as the public reads do. */
function overlay<Row extends object>(row: Row, fields: Fields | undefined): Row {
  if (!fields) return row;
  const words = Object.entries(fields).filter(([, v]) => v !== null && v !== "" && !(Array.isArray(v) && v.length === 0));
  return { ...row, ...Object.fromEntries(words) };
}

/** A service's sections as text, without its FAQ (each question is a result of its own) and its call to action. */
function sectionsText(sections: readonly ServiceSection[]): string {
  const parts: string[] = [];
  for (const section of sections) {
    if (section.kind === "overview") parts.push(section.eyebrow, section.title, section.text);
    else if (section.kind === "benefits" || section.kind === "steps")
      parts.push(section.title, ...section.items.flatMap((item) => [item.title, item.text]));
    else if (section.kind === "conditions") parts.push(section.title, ...section.items);
  }
  return parts.filter(Boolean).join(" ");
}

/** The searchable records as they read in each language. */
async function readDocs(db: Database): Promise<Record<LanguageCode, Doc[]>> {
  const [serviceRows, articleRows, teamRows, translationRows] = await Promise.all([
    db
      .select({
        id: services.id,
        slug: services.slug,
        title: services.title,
        shortDescription: services.shortDescription,
        description: services.description,
        sections: services.sections,
      })
      .from(services)
      .where(eq(services.isPublished, true))
      .orderBy(...inSiteOrder(services)),
    db
      .select({
        id: newsArticles.id,
        slug: newsArticles.slug,
        title: newsArticles.title,
        summary: newsArticles.summary,
        content: newsArticles.content,
        tags: newsArticles.tags,
        publishedAt: newsArticles.publishedAt,
      })
      .from(newsArticles)
      .where(and(eq(newsArticles.isPublished, true), isNotNull(newsArticles.publishedAt))),
    db
      .select({ id: teamMembers.id, name: teamMembers.name, role: teamMembers.role, bio: teamMembers.bio })
      .from(teamMembers)
      .orderBy(...inSiteOrder(teamMembers)),
    db
      .select({ kind: translations.kind, recordId: translations.recordId, language: translations.language, fields: translations.fields })
      .from(translations)
      .where(and(eq(translations.status, "published"), inArray(translations.kind, ["service", "news", "team"]))),
  ]);
  const published = new Map(translationRows.map((row) => [`${row.kind}:${row.recordId}:${row.language}`, row.fields]));
  const byLanguage = {} as Record<LanguageCode, Doc[]>;
  for (const language of LANGUAGE_CODES) {
    const docs: Doc[] = [];
    const translated = (kind: string, id: number) => (language === "en" ? undefined : published.get(`${kind}:${id}:${language}`));
    for (const row of serviceRows) {
      const fields = translated("service", row.id);
      const service = overlay(row, fields);
      const lang = fields ? language : "en";
      const path = `/services/${row.slug}`;
      docs.push({
        kind: "service",
        path,
        title: service.title,
        context: null,
        text: [service.shortDescription, service.description, sectionsText(service.sections)].join(" "),
        language: lang,
        publishedAt: null,
      });
      service.sections.forEach((section, index) => {
        if (section.kind !== "faq") return;
        for (const item of section.items)
          docs.push({
            kind: "faq",
            path: `${path}#svc-section-${index}`,
            title: item.question,
            context: service.title,
            text: item.answer,
            language: lang,
            publishedAt: null,
          });
      });
    }
    const articles = [...articleRows].sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || b.id - a.id);
    for (const row of articles) {
      const fields = translated("news", row.id);
      const article = overlay(row, fields);
      docs.push({
        kind: "news",
        path: `/news/${row.slug}`,
        title: article.title,
        context: null,
        text: [article.summary, article.content ? staffHtmlText(article.content) : "", article.tags ?? ""].join(" ").trim(),
        language: fields ? language : "en",
        publishedAt: row.publishedAt!.getTime(),
      });
    }
    for (const row of teamRows) {
      const fields = translated("team", row.id);
      const member = overlay(row, fields);
      docs.push({
        kind: "team",
        path: "/about#about-team-title",
        title: member.name,
        context: member.role,
        text: member.bio,
        language: fields ? language : "en",
        publishedAt: null,
      });
    }
    byLanguage[language] = docs;
  }
  return byLanguage;
}

/** The index of one language's documents. */
function indexOf(docs: Doc[]): LanguageIndex {
  const postings = new Map<string, Map<number, number>>();
  const chars = new Map<string, Set<number>>();
  docs.forEach((doc, index) => {
    const add = (text: string | null, weight: number) => {
      if (!text) return;
      const terms = termsOf(text);
      for (const word of terms.words) {
        const docsOf = postings.get(word) ?? new Map<number, number>();
        postings.set(word, docsOf);
        docsOf.set(index, (docsOf.get(index) ?? 0) + weight);
      }
      for (const char of terms.chars) {
        const docsOf = chars.get(char) ?? new Set<number>();
        chars.set(char, docsOf);
        docsOf.add(index);
      }
    };
    add(doc.title, WEIGHT.title);
    add(doc.context, WEIGHT.context);
    add(doc.text, WEIGHT.text);
  });
  return { docs, postings, words: [...postings.keys()].sort(), chars };
}

/** Builds the whole index (every language) from the database. */
export async function buildSearchIndex(db: Database): Promise<SearchIndex> {
  const docs = await readDocs(db);
  return { en: indexOf(docs.en), es: indexOf(docs.es), zh: indexOf(docs.zh) };
}

/** The first place in a sorted list whose word is not before `word`. */
function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The documents a Latin word finds (whole words, and words it starts), with its weight in each. */
function wordMatches(index: LanguageIndex, term: string): Map<number, number> {
  const found = new Map<number, number>();
  for (let at = lowerBound(index.words, term); at < index.words.length && index.words[at]!.startsWith(term); at++) {
    const word = index.words[at]!;
    const factor = word === term ? 1 : PREFIX_FACTOR;
    for (const [doc, weight] of index.postings.get(word)!) found.set(doc, Math.max(found.get(doc) ?? 0, weight * factor));
  }
  return found;
}

/** A document's words folded, made when a Chinese word first needs them (kept while the index lives). */
function foldedOf(doc: Doc): { title: string; context: string; text: string } {
  doc.folded ??= { title: fold(doc.title), context: fold(doc.context ?? ""), text: fold(doc.text) };
  return doc.folded;
}

/** The documents a Chinese word finds: those with all its characters, whose title or text holds it. */
function cjkMatches(index: LanguageIndex, term: string): Map<number, number> {
  const found = new Map<number, number>();
  let candidates: Set<number> | undefined;
  for (const char of new Set(term)) {
    if (!isCjkTerm(char)) continue;
    const docsOf = index.chars.get(char);
    if (!docsOf) return found;
    const before: Set<number> | undefined = candidates;
    candidates = before ? new Set([...before].filter((doc) => docsOf.has(doc))) : docsOf;
  }
  for (const doc of candidates ?? []) {
    const { title, context, text } = foldedOf(index.docs[doc]!);
    const weight =
      (title.includes(term) ? WEIGHT.title : 0) + (context.includes(term) ? WEIGHT.context : 0) + (text.includes(term) ? WEIGHT.text : 0);
    if (weight > 0) found.set(doc, weight);
  }
  return found;
}

/** One page of what a query finds in a language, best first: every word of the query must be found. */
export function searchIn(index: SearchIndex, query: string, language: LanguageCode, page: number, now = Date.now()): SearchAnswer {
  const terms = queryTerms(query, language);
  const at = index[language];
  let scores: Map<number, number> | null = null;
  for (const term of terms) {
    const found = isCjkTerm(term) ? cjkMatches(at, term) : wordMatches(at, term);
    const next = new Map<number, number>();
    for (const [doc, weight] of found) if (!scores || scores.has(doc)) next.set(doc, (scores?.get(doc) ?? 0) + weight);
    scores = next;
    if (scores.size === 0) break;
  }
  const ranked = [...(scores ?? [])]
    .filter(([doc]) => {
      const { publishedAt } = at.docs[doc]!;
      return publishedAt === null || publishedAt <= now;
    })
    .map(([doc, score]) => ({ doc, score: at.docs[doc]!.language === language ? score : score * FALLBACK_FACTOR }))
    .sort((a, b) => b.score - a.score || KIND_ORDER[at.docs[a.doc]!.kind] - KIND_ORDER[at.docs[b.doc]!.kind] || a.doc - b.doc);
  const start = (page - 1) * SEARCH_PAGE_SIZE;
  const items = ranked.slice(start, start + SEARCH_PAGE_SIZE).map(({ doc }) => {
    const found = at.docs[doc]!;
    return {
      kind: found.kind,
      path: found.path,
      title: marked(found.title, terms),
      excerpt: excerpt(found.text, terms),
      context: found.context,
      language: found.language,
    };
  });
  return { items, total: ranked.length, page, pageSize: SEARCH_PAGE_SIZE };
}

/**
 * Each instance's index, kept while nothing public changes: built on the first search, and built again
 * after a change (a change while it is built makes that build the last one's). Once search is in use,
 * a change also starts the new build a second later by itself, so the next visitor seldom waits for it.
 */
interface Holder {
  generation: number;
  built: { generation: number; index: Promise<SearchIndex> } | null;
  rebuild: NodeJS.Timeout | null;
}
const holders = new WeakMap<CacheBus, Holder>();
const REBUILD_AFTER_MS = 1_000;

function holderOf(db: Database, bus: CacheBus): Holder {
  let holder = holders.get(bus);
  if (!holder) {
    const fresh: Holder = { generation: 0, built: null, rebuild: null };
    bus.onChange(() => {
      fresh.generation++;
      if (!fresh.built || fresh.rebuild) return;
      fresh.rebuild = setTimeout(() => {
        fresh.rebuild = null;
        currentSearchIndex(db, bus).catch(() => {});
      }, REBUILD_AFTER_MS);
      fresh.rebuild.unref();
    });
    holders.set(bus, fresh);
    holder = fresh;
  }
  return holder;
}

/** The index as it stands now: the one built since the last change, else a new one. */
export function currentSearchIndex(db: Database, bus: CacheBus): Promise<SearchIndex> {
  const holder = holderOf(db, bus);
  if (!holder.built || holder.built.generation !== holder.generation) {
    const built = { generation: holder.generation, index: buildSearchIndex(db) };
    holder.built = built;
    // A failed build (the database away) is not kept: the next search tries again.
    built.index.catch(() => {
      if (holder.built === built) holder.built = null;
    });
  }
  return holder.built.index;
}

/** Site search: one page of results for `query` in `language`. */
export async function search(db: Database, bus: CacheBus, query: string, language: LanguageCode, page: number): Promise<SearchAnswer> {
  return searchIn(await currentSearchIndex(db, bus), query, language, page);
}
