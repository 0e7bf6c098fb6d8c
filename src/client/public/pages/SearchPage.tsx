import { errorStatus, type RouterOutputs } from "../api";
import { AppLink } from "../components/AppLink";
import { CardSkeletons } from "../components/Skeleton";
import { foreignLang, pageLanguage, T } from "../i18n";
import { inPageLanguage } from "../router";
import { useSite } from "../site-context";
import { usePublicQuery } from "../store";
import { searchRead } from "../search-read";
import { readSearchAddress, SEARCH_PATH, searchHref, type SearchAddress } from "../../../shared/search-address";

type Answer = RouterOutputs["search"]["query"];
type Piece = Answer["items"][number]["title"][number];

/**
 * Site search's results (/search?q=, issue 39), rendered by the server in the page's language; its
 * form and its page links are plain GET addresses, so it works without JavaScript. The matched words
 * are <mark>s around text: nothing of staff's or the visitor's words is ever read as HTML.
 */
export function SearchPage() {
  const site = useSite();
  // The server's render and the hydration read the same address; the browser reads its own afterwards.
  const { q, page } =
    typeof window === "undefined" ? (site.search ?? { q: "", page: 1 }) : readSearchAddress(new URLSearchParams(window.location.search));
  return (
    <section className="section search-page" aria-labelledby="search-heading">
      <div className="container search-column">
        <header className="section-head">
          <h1 id="search-heading">{T.search.title}</h1>
          <p className="lead">{T.search.lead}</p>
        </header>
        {/* biome-ignore lint/a11y/useSemanticElements: React's types have no <search>; role="search" is the same landmark */}
        <form className="search-form" method="get" action={inPageLanguage(SEARCH_PATH)} role="search" aria-label={T.search.title}>
          <label htmlFor="search-page-q">{T.search.label}</label>
          <div className="search-form-row">
            <input id="search-page-q" className="input" type="search" name="q" defaultValue={q} maxLength={200} enterKeyHint="search" />
            <button type="submit" className="btn btn-primary">
              {T.search.button}
            </button>
          </div>
        </form>
        {q ? <SearchResults address={{ q, page }} /> : null}
      </div>
    </section>
  );
}

function SearchResults({ address: { q, page } }: { address: SearchAddress }) {
  const query = usePublicQuery(searchRead(q, page, pageLanguage().code));
  if (query.isPending) return <CardSkeletons count={3} label={T.search.title} />;
  if (query.isError || !query.data) {
    return (
      <p className="notice notice--error" role="alert">
        {errorStatus(query.error) === 400 ? T.search.tooLong : T.search.failed}
      </p>
    );
  }
  const { items, total, pageSize } = query.data;
  if (total === 0) {
    return (
      <div className="notice search-none" role="status">
        <p>{T.search.none(q)}</p>
        <p>{T.search.noneHint}</p>
      </div>
    );
  }
  const pages = Math.ceil(total / pageSize);
  return (
    <>
      <p className="search-count" role="status">
        {T.search.count(total, q)}
      </p>
      <ol className="search-results" start={(page - 1) * pageSize + 1}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a page of results is rendered whole, never reordered (team members share a path)
          <li className="search-result" key={`${item.path}:${index}`}>
            <span className="search-kind">
              {T.search.kinds[item.kind]}
              {item.context ? <span lang={foreignLang(item.language)}> · {item.context}</span> : null}
            </span>
            <h2 className="search-title" lang={foreignLang(item.language)}>
              <AppLink href={item.path}>
                <Pieces pieces={item.title} />
              </AppLink>
            </h2>
            <p className="search-excerpt" lang={foreignLang(item.language)}>
              <Pieces pieces={item.excerpt} />
            </p>
            {foreignLang(item.language) ? <p className="search-written-in">{T.search.writtenInEnglish}</p> : null}
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <nav className="search-pager" aria-label={T.search.pages}>
          {page > 1 ? (
            <a href={inPageLanguage(searchHref(q, page - 1))} rel="prev">
              {T.search.previous}
            </a>
          ) : null}
          <span>{T.search.pageOf(page, pages)}</span>
          {page < pages ? (
            <a href={inPageLanguage(searchHref(q, page + 1))} rel="next">
              {T.search.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** A text in pieces, the matched ones in <mark> (React writes each as text). */
function Pieces({ pieces }: { pieces: readonly Piece[] }) {
  return (
    <>
      {pieces.map((piece, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
        piece.match ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>,
      )}
    </>
  );
}
