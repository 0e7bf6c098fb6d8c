import { AppLink } from "../components/AppLink";
import { Icon } from "../components/Icon";
import { StatusCard } from "../components/StatusCard";
import "../styles/pages-news.css";
import { T, TN } from "../i18n";

/**
 * Any path outside the route table (the server answers HTTP 404): a friendly way back into the site.
 * The same for every path (the server renders it once for all of them).
 */
export function NotFoundPage() {
  return (
    <section className="section">
      <div className="container">
        <StatusCard title={T.notFound.title} text={T.notFound.text} href="/" link={T.notFound.home} />

        <nav className="not-found-links" aria-labelledby="not-found-suggestions">
          <h2 id="not-found-suggestions" className="not-found-suggestions">
            {TN.notFound.suggestions}
          </h2>
          <ul className="grid grid--2 not-found-grid">
            {TN.notFound.sections.map((item) => (
              <li key={item.href}>
                <AppLink href={item.href} className="card not-found-link">
                  <span className="not-found-link-text">
                    <strong>{item.label}</strong>
                    <span>{item.text}</span>
                  </span>
                  <Icon name="arrowRight" className="news-link-icon" />
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
