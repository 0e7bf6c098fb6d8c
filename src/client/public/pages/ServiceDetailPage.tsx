import { publicQueries } from "../api";
import { usePublicQuery } from "../store";
import { AppLink } from "../components/AppLink";
import { BookOrBrowseServices } from "../components/BookingButtons";
import type { Service } from "../components/home/ServiceCard";
import type { ReactNode } from "react";
import { Icon, type IconName } from "../components/Icon";
import { SkeletonLines } from "../components/Skeleton";
import { SmartImage } from "../components/SmartImage";
import { bookServiceHref, usePageContent } from "../data";
import { bookPath, bookWeek } from "../book-week";
import type { RouteParams } from "../routing";
import "../styles/pages-home.css";
import { B, D, foreignLang, pageLanguage, T, TH } from "../i18n";

const BENEFIT_ICONS: IconName[] = ["sparkle", "heart", "leaf", "shield"];

/**
 * Service detail (public-site.md section 2): image, title, description in paragraphs, booking buttons
 * (Book This Service chooses the service on the inquiry form, as an extra choice where the form does not
 * offer it), then the sections staff wrote for it (the stem cell service's are its educational texts,
 * seeded). A missing or failed service shows the Service Not Found card (the server answers 404 for it).
 */
export function ServiceDetailPage({ slug = "" }: RouteParams) {
  const query = usePublicQuery(publicQueries.service(slug));
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError || !query.data) return <ServiceNotFound />;
  const service = query.data;
  return (
    <>
      {service.isPublished === false ? <PreviewBanner /> : null}
      <ServiceMain service={service} />
      <ServiceSections service={service} />
    </>
  );
}

/** Above a draft service that signed-in staff open at its public address (never cached). */
function PreviewBanner() {
  return (
    <div className="preview-banner" role="status" data-testid="preview-banner">
      <div className="container">
        <strong>{TH.services.previewBanner}</strong> <span>{TH.services.previewExplain}</span>
      </div>
    </div>
  );
}

/** The service's picture: half the container from 900px (.svc-detail-grid, 56px gap; see SmartImage's `sizes`). */
const SERVICE_PICTURE_SIZES =
  "(min-width: 1200px) 540px, (min-width: 900px) calc((100vw - 120px) / 2), (min-width: 768px) calc(100vw - 64px), calc(100vw - 40px)";

/**
 * "Book a time", beside "Book This Service" (which keeps going to the inquiry form): only for a service
 * that can be booked online, which its free times' read tells (the same read as its Book page's first week).
 */
function BookATime({ slug }: { slug: string }) {
  const week = bookWeek(undefined);
  const free = usePublicQuery(publicQueries.freeTimes(slug, week.from, week.to));
  if (free.status !== "success") return null;
  return (
    <p className="svc-book-time">
      <AppLink href={bookPath(slug)} className="btn btn-outline" data-testid="book-a-time">
        <Icon name="calendar" width={20} height={20} />
        {B.bookTime}
      </AppLink>
    </p>
  );
}

function ServiceMain({ service }: { service: Service }) {
  const texts = usePageContent("serviceDetail", D.SERVICE_DETAIL);
  // The service's own words show in English until staff translate them (their lang says so).
  const lang = foreignLang(service.language);
  return (
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
          <h1 lang={lang}>{service.title}</h1>
          <div className="svc-description" data-testid="service-description" lang={lang}>
            <Paragraphs text={service.description} />
          </div>
          <BookOrBrowseServices texts={texts} browse="allButton" browseClassName="btn-outline" bookHref={bookServiceHref(service.slug)} />
          <BookATime slug={service.slug} />
        </div>
      </div>
    </article>
  );
}

type Section = Service["sections"][number];
type SectionOf<K extends Section["kind"]> = Extract<Section, { kind: K }>;

/**
 * The page's sections, in the order staff set them (each kind its own band; a conditions section
 * followed by a steps section share one, side by side, as the stem cell page has always shown them).
 * An FAQ also goes into the page's structured data (FAQPage).
 */
function ServiceSections({ service }: { service: Service }) {
  const sections = service.sections;
  if (sections.length === 0) return null;
  const bands: ReactNode[] = [];
  for (let index = 0; index < sections.length; index++) {
    const section = sections[index]!;
    const next = sections[index + 1];
    const id = `svc-section-${index}`;
    if (section.kind === "conditions" && next?.kind === "steps") {
      bands.push(
        <Band key={id} id={id} tone="mist" container="stem-split">
          <div>
            <ConditionsBlock section={section} id={id} />
          </div>
          <div>
            <StepsBlock section={next} id={`svc-section-${index + 1}`} />
          </div>
        </Band>,
      );
      index++;
      continue;
    }
    bands.push(<SectionBand key={id} section={section} id={id} slug={service.slug} />);
  }
  return (
    <div className="stem" data-testid="service-sections" lang={foreignLang(service.language)}>
      {bands}
    </div>
  );
}

/**
 * A band of the page: a section labelled by its heading (`id`), on the page's background or a tone,
 * around a container; with `title`, the band draws that heading itself (benefits, FAQ).
 */
function Band({
  id,
  tone,
  container,
  title,
  children,
}: {
  id: string;
  tone?: "sand" | "mist";
  container?: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <section className={tone ? `section section--${tone}` : "section"} aria-labelledby={id}>
      <div className={container ? `container ${container}` : "container"}>
        {title === undefined ? null : (
          <h2 id={id} className="stem-heading">
            {title}
          </h2>
        )}
        {children}
      </div>
    </section>
  );
}

function SectionBand({ section, id, slug }: { section: Section; id: string; slug: string }) {
  switch (section.kind) {
    case "overview":
      return (
        <Band id={id} tone="sand" container="stem-what">
          {section.eyebrow ? <span className="eyebrow">{section.eyebrow}</span> : null}
          <h2 id={id}>{section.title}</h2>
          <Paragraphs text={section.text} className="lead" />
        </Band>
      );
    case "benefits":
      return (
        <Band id={id} title={section.title}>
          <ul className="grid stem-benefits">
            {section.items.map((benefit, index) => (
              // the service's texts as read, without ids: fixed while the page is shown (app.tsx remounts the page on every navigation)
              // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
              <li key={index} className="card stem-benefit">
                <span className="stem-icon" aria-hidden="true">
                  <Icon name={BENEFIT_ICONS[index % BENEFIT_ICONS.length] ?? "check"} />
                </span>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </Band>
      );
    case "conditions":
      return (
        <Band id={id} tone="mist" container="stem-what">
          <ConditionsBlock section={section} id={id} />
        </Band>
      );
    case "steps":
      return (
        <Band id={id} tone="mist" container="stem-what stem-steps-alone">
          <StepsBlock section={section} id={id} />
        </Band>
      );
    case "faq":
      return (
        <Band id={id} container="stem-what" title={section.title}>
          <div className="svc-faq">
            {section.items.map((item, index) => (
              // the service's texts as read, without ids: fixed while the page is shown (app.tsx remounts the page on every navigation)
              // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
              <details key={index} className="svc-faq-item">
                <summary>{item.question}</summary>
                <Paragraphs text={item.answer} />
              </details>
            ))}
          </div>
        </Band>
      );
    case "cta":
      return (
        <section className="hp-cta-band hp-cta-band--compact" aria-label={section.button}>
          <div className="container hp-cta-inner">
            <p className="hp-cta-lead">{section.text}</p>
            <AppLink href={bookServiceHref(slug)} className="btn btn-primary">
              {section.button}
            </AppLink>
          </div>
        </section>
      );
  }
}

function ConditionsBlock({ section, id }: { section: SectionOf<"conditions">; id: string }) {
  return (
    <>
      <h2 id={id}>{section.title}</h2>
      <ul className="stem-conditions">
        {section.items.map((condition, index) => (
          // the service's texts as read, without ids: fixed while the page is shown (app.tsx remounts the page on every navigation)
          // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
          <li key={index}>
            <Icon name="check" width={20} height={20} />
            {condition}
          </li>
        ))}
      </ul>
    </>
  );
}

function StepsBlock({ section, id }: { section: SectionOf<"steps">; id: string }) {
  return (
    <>
      <h2 id={id}>{section.title}</h2>
      <ol className="stem-steps" aria-labelledby={id}>
        {section.items.map((step, index) => (
          // the service's texts as read, without ids: fixed while the page is shown (app.tsx remounts the page on every navigation)
          // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
          <li key={index}>
            <span className="stem-step-num" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3>
                <span className="visually-hidden" lang={pageLanguage().tag}>
                  {TH.services.stepLabel(index + 1)}:{" "}
                </span>
                {step.title}
              </h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** Text as its paragraphs, split at blank lines (as the description is). */
function Paragraphs({ text, className }: { text: string; className?: string }) {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((paragraph, index) => (
      // the service's texts as read, without ids: fixed while the page is shown (app.tsx remounts the page on every navigation)
      // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
      <p key={index} className={className}>
        {paragraph}
      </p>
    ));
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
  const { fields: text, lang } = usePageContent("serviceDetail", D.SERVICE_DETAIL);
  return (
    <div className="section">
      <div className="container">
        <div className="card svc-notfound" data-testid="service-not-found">
          <div className="card-body">
            <h1>{T.services.notFoundTitle}</h1>
            <p>{T.services.notFoundText}</p>
            <AppLink href="/services" className="btn btn-teal" lang={lang("allButton")}>
              <Icon name="arrowLeft" width={18} height={18} />
              {text.allButton}
            </AppLink>
          </div>
        </div>
      </div>
    </div>
  );
}
