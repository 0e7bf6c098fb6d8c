import { CATALOGUES } from "../../../client/public/catalogue/all";
import { localizedPath, type LanguageCode } from "../../../shared/languages";
import { SEARCH_PATH } from "../../../shared/search-address";

/**
 * The header's search form (issue 39): a plain GET form to the search page of the page's language,
 * with a labelled field and a button, so it works without JavaScript. The server writes it as the
 * body's first element, outside the part React renders and hydrates (React 19 passes over an element
 * it did not render there), so no page's JavaScript carries its markup or words; layout.css places it
 * in the header's row, which keeps its room. On narrower screens the field is hidden and the button
 * alone opens the search page, whose own form takes the words. Only the catalogue's words go in, escaped.
 */
const ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ' +
  'aria-hidden="true" focusable="false"><path d="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3"></path></svg>';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The form in `language`. */
export function headerSearchForm(language: LanguageCode): string {
  const words = CATALOGUES[language].T.search;
  const site = escapeHtml(words.site);
  return (
    `<form class="header-search" method="get" action="${localizedPath(SEARCH_PATH, language)}" role="search" aria-label="${site}">` +
    `<input type="search" name="q" maxlength="200" aria-label="${site}" placeholder="${escapeHtml(words.title)}" enterkeyhint="search">` +
    `<button type="submit" class="icon-btn" aria-label="${escapeHtml(words.button)}">${ICON}</button></form>`
  );
}
