import type { RouterOutputs } from "../../api";
import { AppLink } from "../AppLink";
import { Icon } from "../Icon";
import { SmartImage } from "../SmartImage";
import { TH, foreignLang } from "../../i18n";

export type Service = RouterOutputs["services"]["list"][number];

/** One service: image, title, short description and a link to its page (the whole card is clickable). */
export function ServiceCard({
  service,
  sizes,
  headingLevel = 3,
  eager = false,
}: {
  service: Service;
  /** How wide the grid draws the card (see SmartImage's `sizes`). */
  sizes: string;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Its title and description show in English until staff translate them (their lang says so).
  const lang = foreignLang(service.language);
  return (
    <article className="card svc-card" data-testid="service-card">
      <div className="media">
        {service.imageUrl ? (
          <SmartImage
            src={service.imageUrl}
            upload={service.imageSize}
            sizes={sizes}
            alt={service.imageAlt || service.title}
            width={600}
            height={400}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : (
          <div className="no-image svc-card-noimage" aria-hidden="true">
            <Icon name="leaf" />
          </div>
        )}
      </div>
      <div className="card-body svc-card-body">
        <Heading className="svc-card-title" lang={lang}>
          {service.title}
        </Heading>
        <p className="svc-card-text" lang={lang}>
          {service.shortDescription}
        </p>
        <AppLink href={`/services/${encodeURIComponent(service.slug)}`} className="link-arrow svc-card-link">
          {TH.services.cardLink}
          <span className="visually-hidden">{TH.services.cardLinkAbout(service.title)}</span>
          <Icon name="arrowRight" width={18} height={18} />
        </AppLink>
      </div>
    </article>
  );
}
