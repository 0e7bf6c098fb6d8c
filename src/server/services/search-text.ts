import type { LanguageCode } from "../../shared/languages";
import type { SearchPiece } from "../../shared/schemas/search";

/**
 * The words of site search (issue 39): how a text and a query are folded and cut into terms, and how a
 * shown text is cut into pieces with its matches marked. Done in JavaScript, the same on both engines
 * (no `unaccent`, which PGlite lacks, and no dictionary of the database's).
 *
 * - Folding: compatibility forms (full-width letters), accents and case dropped, so "Terapía",
 *   "terapia" and "TERAPIA" are one word, both ways.
 * - Cutting: a text into words (letters and digits); a query too, its Chinese runs into words by
 *   `Intl.Segmenter` (Node's ICU, with its Chinese dictionary). A Latin word matches a word of the
 *   text from its start ("rodil" finds "rodilla"); a Chinese word matches anywhere in the text (a
 *   segmentation of the text may differ from the query's), found through the characters it holds, so
 *   one character finds the words that hold it.
 */

const SEGMENTERS = new Map<string, Intl.Segmenter>();
function segmenter(language: LanguageCode): Intl.Segmenter {
  let found = SEGMENTERS.get(language);
  if (!found) {
    found = new Intl.Segmenter(language === "zh" ? "zh-Hans" : language, { granularity: "word" });
    SEGMENTERS.set(language, found);
  }
  return found;
}

/** Han, Hiragana, Katakana, Hangul: scripts written without spaces, matched by characters. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const COMBINING = /\p{M}/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** One character folded: compatibility form, no accents, lower case ("Í" is "i", "Ａ" is "a"). */
function foldChar(char: string): string {
  // The common cases without normalizing: ASCII, and the CJK ideographs (no accents, no case).
  if (char < "\u00c0") return char.toLowerCase();
  if (char >= "\u4e00" && char <= "\u9fff") return char;
  return char.normalize("NFKD").replace(COMBINING, "").toLowerCase();
}

/** A text folded as search compares it. */
export function fold(text: string): string {
  return text.normalize("NFKD").replace(COMBINING, "").toLowerCase();
}

/** Whether a (folded) term is matched by its characters (Chinese and the like) rather than as a word. */
export const isCjkTerm = (term: string): boolean => CJK.test(term);

/** A word: letters and digits, with an apostrophe or a point inside ("clinic's", "3.5mg"). */
const WORD = /[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*/gu;

/**
 * The terms of a text, as the index keeps them: its words, folded, in order (repeats kept: the ranking
 * counts them), and the Chinese characters it holds (`chars`), through which a query's Chinese word
 * finds it before the text is checked for the word itself. A regular expression cuts the words: ICU's
 * segmenter costs about 2 ms a page of text, which 15,000 of them made 30 s (npm run bench:search).
 */
export function termsOf(text: string): { words: string[]; chars: Set<string> } {
  const words: string[] = [];
  const chars = new Set<string>();
  for (const [word] of fold(text).matchAll(WORD)) {
    if (!isCjkTerm(word)) words.push(word);
    else for (const char of word) if (CJK.test(char)) chars.add(char);
  }
  return { words, chars };
}

/** The most terms a query is read for (the rest are left out). */
export const MAX_QUERY_TERMS = 8;

/**
 * A query's terms: folded words, each once; a Chinese run cut into its words by `Intl.Segmenter` (so
 * "膝盖疼痛" looks for "膝盖" and "疼痛", each anywhere). A Latin word of one letter is left out: it
 * would find everything.
 */
export function queryTerms(query: string, language: LanguageCode): string[] {
  const terms = new Set<string>();
  for (const [word] of fold(query).matchAll(WORD)) {
    const parts = isCjkTerm(word) ? [...segmenter(language).segment(word)].filter((p) => p.isWordLike).map((p) => p.segment) : [word];
    for (const part of parts) if (isCjkTerm(part) || part.length >= 2) terms.add(part);
  }
  return [...terms].slice(0, MAX_QUERY_TERMS);
}

/**
 * A text folded character by character, with where each folded character came from: matches are
 * found in the folded text and marked in the original.
 */
function foldedWithOrigins(text: string): { folded: string; origin: number[] } {
  let folded = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const f = foldChar(char);
    folded += f;
    for (let i = 0; i < f.length; i++) origin.push(index);
    index += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

/** Where `term` is found in a folded text: a Latin word at a word's start, a Chinese one anywhere. */
function findAll(folded: string, term: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  const cjk = isCjkTerm(term);
  let from = 0;
  for (;;) {
    const at = folded.indexOf(term, from);
    if (at < 0) break;
    if (cjk || at === 0 || !WORD_CHAR.test(folded[at - 1]!)) found.push([at, at + term.length]);
    from = at + 1;
  }
  return found;
}

/** The ranges of the original text the terms match, in order, joined where they touch. */
function matchedRanges(text: string, terms: readonly string[]): Array<[number, number]> {
  const { folded, origin } = foldedWithOrigins(text);
  const ranges = terms
    .flatMap((term) => findAll(folded, term))
    .map(([start, end]): [number, number] => [origin[start]!, origin[end] ?? text.length])
    .sort((a, b) => a[0] - b[0]);
  const joined: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = joined.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else joined.push([...range]);
  }
  return joined;
}

/** A text as pieces, the matched ones marked: the page renders each as text (a marked one in <mark>), never as HTML. */
export function marked(text: string, terms: readonly string[]): SearchPiece[] {
  return piecesOf(text, matchedRanges(text, terms), 0, text.length);
}

function piecesOf(text: string, ranges: Array<[number, number]>, start: number, end: number): SearchPiece[] {
  const pieces: SearchPiece[] = [];
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (a > at) pieces.push({ text: text.slice(at, a), match: false });
    pieces.push({ text: text.slice(a, b), match: true });
    at = b;
  }
  if (at < end) pieces.push({ text: text.slice(at, end), match: false });
  return pieces;
}

/** How long an excerpt is, in characters (about two lines of a result). */
export const EXCERPT_LENGTH = 200;

/**
 * An excerpt of a long text around its first match (its start when nothing matches there), cut at
 * spaces where the text has them, "…" where it was cut, the matches marked.
 */
export function excerpt(text: string, terms: readonly string[], length = EXCERPT_LENGTH): SearchPiece[] {
  if (text.length <= length) return marked(text, terms);
  const ranges = matchedRanges(text, terms);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, Math.min(first - Math.floor(length / 3), text.length - length));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space > 0 && space < first && space - start < 20) start = space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + length / 2) end = space;
  }
  const pieces = piecesOf(text, ranges, start, end);
  if (start > 0) pieces.unshift({ text: "…", match: false });
  if (end < text.length) pieces.push({ text: "…", match: false });
  return pieces;
}
