/**
 * How a catalogue is cut for the browser (issue 27): the words every page needs (core) and the parts
 * only some pages need, one module per part and language (catalogue/<language>/<part>.ts), so that a
 * page loads its own language's core and its own parts, and stays within its JavaScript budget. The
 * route table names each page's parts (routes.ts, `words`); en.ts, es.ts and zh.ts put the parts of a
 * language back together for the server, which renders from whole catalogues.
 */
export const WORD_PARTS = ["home", "about", "services", "news", "contact", "legal", "form", "search", "booking"] as const;
export type WordPart = (typeof WORD_PARTS)[number];

/** The groups of a catalogue (see en.ts). */
export type WordGroup = "T" | "TH" | "TN" | "TC" | "TS" | "D" | "CM" | "L" | "B";
/** A part: some entries of some groups. */
export type Words = Partial<Record<WordGroup, object>>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** The entries of `group` across the parts `P`, as one type. */
type Joined<P extends readonly Words[], G extends WordGroup> = UnionToIntersection<
  P[number] extends infer W ? (W extends Record<G, infer E> ? E : never) : never
>;

/**
 * A language's whole catalogue from its parts, group by group (the server renders from whole
 * catalogues: en.ts, es.ts, zh.ts); the same joining as the browser's loadWords (i18n.ts).
 */
export function joinParts<P extends readonly Words[]>(...parts: P): { [G in WordGroup]: Joined<P, G> } {
  const whole: Record<string, object> = {};
  for (const part of parts) for (const [group, entries] of Object.entries(part)) whole[group] = { ...whole[group], ...entries };
  return whole as never;
}
