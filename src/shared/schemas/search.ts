import { z } from "zod";
import { LANGUAGE_CODES } from "../languages";
import { langField, wholeNumber } from "./fields";

/**
 * Site search (issue 39): the query, and its answer. The words searched for are read, never kept: not
 * in a table, a log line, a cache or the analytics (src/server/services/search.ts).
 */
export const SEARCH_MESSAGES = {
  query: "Enter the words to search for",
  queryLength: "Search words must be 200 characters or less",
  page: "Page must be a whole number from 1 to 1000",
} as const;

/** Results on one page of search results. */
export const SEARCH_PAGE_SIZE = 10;
/** The most characters a query may have. */
export const SEARCH_QUERY_MAX = 200;

export const searchQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.query })
    .trim()
    .min(1, SEARCH_MESSAGES.query)
    .max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.queryLength)
    .describe("The words to search for (accents and case do not matter; Chinese by words or characters)"),
  page: wholeNumber(1, 1000, SEARCH_MESSAGES.page).default(1).describe("The page of results, from 1 (10 a page)"),
  ...langField,
});

/** A piece of a shown text: `match` where it holds a searched word (the page marks it). Text only, never HTML. */
export const searchPiece = z.object({ text: z.string(), match: z.boolean() });
export type SearchPiece = z.output<typeof searchPiece>;

export const SEARCH_KINDS = ["service", "faq", "news", "team"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchResult = z
  .object({
    kind: z.enum(SEARCH_KINDS).describe("What was found: a service, a question of a service's FAQ, a news article, a team member"),
    path: z.string().describe("Its address on the site, without the language's prefix (/services/ozone-therapy, /about#team)"),
    title: z.array(searchPiece).describe("Its title in pieces, the matched words marked"),
    excerpt: z.array(searchPiece).describe("A passage of its text around the first match, in pieces, the matched words marked"),
    context: z.string().nullable().describe("Where it is: the service a question belongs to, a team member's role; else null"),
    language: z.enum(LANGUAGE_CODES).describe("The language its words are in: the asked one, or en where it has no published translation"),
  })
  .meta({ id: "SearchResult", description: "One thing site search found." });
export type SearchResult = z.output<typeof searchResult>;

export const searchAnswer = z
  .object({
    items: z.array(searchResult),
    total: z.int().min(0),
    page: z.int().min(1),
    pageSize: z.int().min(1),
  })
  .meta({ id: "SearchResults", description: "One page of search results, best first, and how many there are in all." });
export type SearchAnswer = z.output<typeof searchAnswer>;
