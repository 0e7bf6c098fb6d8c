import { publicQueries } from "../api";
import { usePublicQuery } from "../store";
import { AppLink } from "../components/AppLink";
import { BookOrBrowseServices } from "../components/BookingButtons";
import type { Service } from "../components/home/ServiceCard";
import { Icon, type IconName } from "../components/Icon";
import { SkeletonLines } from "../components/Skeleton";
import { SmartImage } from "../components/SmartImage";
import { breadcrumbJsonLd, JsonLd, serviceJsonLd } from "../components/JsonLd";
import { useSite } from "../site-context";
import { useClinic } from "../data";
import { shareImagePath } from "../../../shared/share-image";
import { BOOK_HREF } from "../layout/nav-items";
import { T } from "../text";
import { TH } from "../text-home";
import type { RouteParams } from "../routing";
import "../styles/pages-home.css";

const STEM_CELL_SLUG = "stem-cell-therapy";
const BENEFIT_ICONS: IconName[] = ["sparkle", "heart", "leaf", "shield"];

/**
 * Service detail (public-site.md section 2): image, title, description in paragraphs, booking buttons;
 * the stem cell service adds an educational section. A missing or failed service shows the Service Not
 * Found card (the server answers 404 for it).
 */
export function ServiceDetailPage({ slug = "" }: RouteParams) {
  const query = usePublicQuery(publicQueries.service(slug));
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError || !query.data) return <ServiceNotFound />;
  const service = query.data;
  return (
    <>
      <ServiceMain service={service} />
      {service.slug === STEM_CELL_SLUG ? <StemCellEducation /> : null}
    </>
  );
}

/** The service's picture: half the container from 900px (.svc-detail-grid, 56px gap; see SmartImage's `sizes`). */
const SERVICE_PICTURE_SIZES = "(min-width: 1200px) 540px, (min-width: 900px) calc((100vw - 120px) / 2), (min-width: 768px) calc(100vw - 64px), calc(100vw - 40px)";

function ServiceMain({ service }: { service: Service }) {
  const { origin } = useSite();
  const clinic = useClinic();
  const paragraphs = service.description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      <JsonLd data={serviceJsonLd(origin, service, shareImagePath("services", service.slug), clinic)} />
      <JsonLd
        data={breadcrumbJsonLd(origin, [
          { name: T.nav.home, path: "/" },
          { name: T.nav.services, path: "/services" },
          { name: service.title, path: `/services/${encodeURIComponent(service.slug)}` },
        ])}
      />
      <article className="section svc-detail">
        <div className="container svc-detail-grid">
          <div className="svc-detail-media">
            <SmartImage
              src={service.imageUrl || "/images/placeholder.svg"}
              upload={service.imageSize}
              sizes={SERVICE_PICTURE_SIZES}
              alt={service.imageAlt || service.title}
              width={1200}
              height={800}
              loading="eager"
              fetchPriority="high"
              decoding="async"
            />
          </div>
          <div className="svc-detail-body">
            <AppLink href="/services" className="link-arrow svc-back">
              <Icon name="arrowLeft" width={18} height={18} />
              {T.nav.services}
            </AppLink>
            <h1>{service.title}</h1>
            <div className="svc-description" data-testid="service-description">
              {paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
            <BookOrBrowseServices book={T.services.bookThisService} browse={T.services.viewAllServices} browseClassName="btn-outline" />
          </div>
        </div>
      </article>
    </>
  );
}

function StemCellEducation() {
  const s = T.services.stemCell;
  return (
    <div className="stem" data-testid="stem-cell-education">
      <section className="section section--sand" aria-labelledby="stem-what">
        <div className="container stem-what">
          <span className="eyebrow">{TH.services.stemCellEyebrow}</span>
          <h2 id="stem-what">{s.whatTitle}</h2>
          <p className="lead">{s.whatText}</p>
        </div>
      </section>
      <section className="section" aria-labelledby="stem-benefits">
        <div className="container">
          <h2 id="stem-benefits" className="stem-heading">
            {s.benefitsTitle}
          </h2>
          <ul className="grid stem-benefits">
            {s.benefits.map((benefit, index) => (
              <li key={benefit.title} className="card stem-benefit">
                <span className="stem-icon" aria-hidden="true">
                  <Icon name={BENEFIT_ICONS[index] ?? "check"} />
                </span>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--mist" aria-labelledby="stem-conditions">
        <div className="container stem-split">
          <div>
            <h2 id="stem-conditions">{s.conditionsTitle}</h2>
            <ul className="stem-conditions">
              {s.conditions.map((condition) => (
                <li key={condition}>
                  <Icon name="check" width={20} height={20} />
                  {condition}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 id="stem-process">{s.processTitle}</h2>
            <ol className="stem-steps" aria-labelledby="stem-process">
              {s.steps.map((step, index) => (
                <li key={step.title}>
                  <span className="stem-step-num" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <h3>
                      <span className="visually-hidden">{TH.services.stepLabel(index + 1)}: </span>
                      {step.title}
                    </h3>
                    <p>{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>
      <section className="hp-cta-band hp-cta-band--compact" aria-label={s.bookConsultation}>
        <div className="container hp-cta-inner">
          <p className="hp-cta-lead">{TH.services.consultationText}</p>
          <AppLink href={BOOK_HREF} className="btn btn-primary">
            {s.bookConsultation}
          </AppLink>
        </div>
      </section>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="section" role="status" aria-busy="true" aria-label={TH.services.detailLoading}>
      <div className="container svc-detail-grid">
        <div className="skeleton skeleton-media svc-detail-media" />
        <div>
          <div className="skeleton skeleton-title" />
          <SkeletonLines count={3} />
        </div>
      </div>
    </div>
  );
}

/** The same for every unknown slug (the server renders it once for all of them): no path in it. */
function ServiceNotFound() {
  return (
    <div className="section">
      <div className="container">
        <div className="card svc-notfound" data-testid="service-not-found">
          <div className="card-body">
            <h1>{T.services.notFoundTitle}</h1>
            <p>{T.services.notFoundText}</p>
            <AppLink href="/services" className="btn btn-teal">
              <Icon name="arrowLeft" width={18} height={18} />
              {T.services.viewAllServices}
            </AppLink>
          </div>
        </div>
      </div>
    </div>
  );
}
