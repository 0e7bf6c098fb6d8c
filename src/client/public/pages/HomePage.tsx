import { useId } from "react";
import { AppLink } from "../components/AppLink";
import { BookingButtons, BookOrBrowseServices } from "../components/BookingButtons";
import { ServicesGrid } from "../components/home/ServicesGrid";
import { TestimonialsCarousel } from "../components/home/TestimonialsCarousel";
import { Icon } from "../components/Icon";
import { JsonLd, medicalClinicJsonLd } from "../components/JsonLd";
import { SmartImage } from "../components/SmartImage";
import { TitledSection } from "../components/TitledSection";
import { useClinic, useImageSlot, usePageContent } from "../data";
import { BOOK_HREF } from "../layout/nav-items";
import { useSite } from "../site-context";
import "../styles/pages-home.css";
import { HOME_HERO, HOME_WELCOME } from "../content-defaults";
import { HOME_CTA, HOME_SERVICES, HOME_TESTIMONIALS } from "../text-home";

/** Home (public-site.md section 2): hero, welcome, services, testimonials and a closing call to action. */
export function HomePage() {
  const { origin } = useSite();
  const clinic = useClinic();
  return (
    <>
      <JsonLd data={medicalClinicJsonLd(origin, clinic)} />
      <HomeHero />
      <Welcome />
      <ServicesSection />
      <TestimonialsSection />
      <ClosingCta />
    </>
  );
}

/** The hero picture when staff show none in Website Images. */
const DEFAULT_HERO_IMAGE = "/images/hero-home.svg";

function HomeHero() {
  const { fields, isLoading } = usePageContent("homeHero", HOME_HERO);
  // The one source of the hero picture and its alt text: the Website Images entry of home/hero.
  const image = useImageSlot("homeHero");
  return (
    <section className="hp-hero hp-hero--home" aria-labelledby="home-hero-title">
      <SmartImage
        className="hp-hero-bg"
        src={image?.imageUrl || DEFAULT_HERO_IMAGE}
        upload={image?.imageSize}
        sizes="100vw"
        alt={image?.altText ?? ""}
        width={image?.width ?? 1600}
        height={image?.height ?? 900}
        loading="eager"
        fetchPriority="high"
        decoding="async"
      />
      <div className="hp-hero-shade" aria-hidden="true" />
      <div className={`container hp-hero-inner${isLoading ? " hp-is-loading" : ""}`}>
        <p className="hp-hero-eyebrow">{fields.eyebrow}</p>
        <h1 id="home-hero-title" className="hp-hero-title">
          {fields.title}
        </h1>
        <p className="hp-hero-subtitle">{fields.subtitle}</p>
        <BookOrBrowseServices book={fields.bookButton} browse={fields.browseButton} browseClassName="btn-ghost-light" />
      </div>
    </section>
  );
}

function Welcome() {
  const { fields, isLoading } = usePageContent("homeWelcome", HOME_WELCOME);
  return (
    <section className="section hp-welcome" aria-labelledby="home-welcome-title">
      <div className={`container hp-welcome-grid${isLoading ? " hp-is-loading" : ""}`}>
        <div>
          <span className="eyebrow">{fields.eyebrow}</span>
          <h2 id="home-welcome-title">{fields.title}</h2>
        </div>
        <div className="hp-welcome-text">
          <p className="lead">{fields.paragraph1}</p>
          <p>{fields.paragraph2}</p>
          <AppLink href="/about" className="link-arrow">
            {fields.link}
            <Icon name="arrowRight" width={18} height={18} />
          </AppLink>
        </div>
      </div>
    </section>
  );
}

function ServicesSection() {
  const text = usePageContent("homeServices", HOME_SERVICES).fields;
  return (
    <TitledSection
      headingId="home-services-title"
      className="section section--sand"
      eyebrow={text.eyebrow}
      title={text.title}
      intro={text.intro}
    >
      <ServicesGrid />
      <div className="btn-row btn-row--center hp-section-foot">
        <AppLink href={BOOK_HREF} className="btn btn-primary">
          {text.button}
        </AppLink>
      </div>
    </TitledSection>
  );
}

function TestimonialsSection() {
  const headingId = useId();
  const text = usePageContent("homeTestimonials", HOME_TESTIMONIALS).fields;
  return (
    <TitledSection
      headingId={headingId}
      className="section testimonials"
      testId="testimonials"
      eyebrow={text.eyebrow}
      title={text.title}
      intro={text.intro}
    >
      <TestimonialsCarousel headingId={headingId} />
    </TitledSection>
  );
}

function ClosingCta() {
  const { fields } = usePageContent("homeCta", HOME_CTA);
  return (
    <section className="hp-cta-band" aria-labelledby="home-cta-title" data-testid="home-cta">
      <div className="container hp-cta-inner">
        <h2 id="home-cta-title">{fields.title}</h2>
        <p>{fields.text}</p>
        <BookingButtons
          buttons={[
            { label: fields.bookButton, className: "btn-primary" },
            { label: fields.contactButton, className: "btn-ghost-light" },
          ]}
        />
      </div>
    </section>
  );
}
