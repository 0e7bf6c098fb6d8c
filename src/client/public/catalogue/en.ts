import { WORDS as CORE } from "./en/core";
import { WORDS as HOME } from "./en/home";
import { WORDS as ABOUT } from "./en/about";
import { WORDS as SERVICES } from "./en/services";
import { WORDS as NEWS } from "./en/news";
import { WORDS as CONTACT } from "./en/contact";
import { WORDS as LEGAL } from "./en/legal";
import { WORDS as FORM } from "./en/form";
import { WORDS as SEARCH } from "./en/search";
import { WORDS as BOOKING } from "./en/booking";
import { joinParts } from "./parts";

/**
 * The English catalogue of the public site's interface (issue 27): every word of the pages that is
 * not staff content (the spec's own wording word for word), put together from its parts
 * (catalogue/en/*.ts; parts.ts says which page loads which). es.ts and zh.ts have the same keys,
 * checked by the type below and by tests/catalogues.test.ts.
 *   T   the spec's wording (navigation, footer, pages' headings and messages)
 *   TH  the home, About and services pages' other words; TN the news pages'; TC the contact page's
 *   TS  each page's title and description (<title>, share tags)
 *   D   defaults of the texts staff edit in Website Content, field by field where an item is missing
 *   CM  the inquiry form's messages and choices; L the legal texts', hours' and dates' words
 *   B   booking a time (issue 38): the Book page's words and the booking's answers
 */

export const EN = joinParts(CORE, HOME, ABOUT, SERVICES, NEWS, CONTACT, LEGAL, FORM, SEARCH, BOOKING);

/** A catalogue: the English one's keys, any words. */
export type Catalogue = Widen<typeof EN>;

type Widen<V> = V extends string
  ? string
  : V extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : V extends readonly (infer U)[]
      ? readonly Widen<U>[]
      : V extends object
        ? { [K in keyof V]: Widen<V[K]> }
        : V;
