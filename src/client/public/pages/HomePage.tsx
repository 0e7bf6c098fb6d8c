import { useId } from "react";
import { AppLink } from "../components/AppLink";
import { ServicesGrid } from "../components/home/ServicesGrid";
import { TestimonialsCarousel } from "../components/home/TestimonialsCarousel";
import { Icon } from "../components/Icon";
import { JsonLd, medicalClinicJsonLd } from "../components/Seo";
import { SmartImage } from "../components/SmartImage";
import { useImageSlot, usePageContent } from "../data";
import { BOOK_HREF } from "../layout/nav-items";
import { useSite } from "../site-context";
import { T } from "../text";
import { TH } from "../text-home";
import "../styles/pages-home.css";

/** Home (public-site.md section 2): hero, welcome, services, testimonials and a closing call to action. */
export function HomePage() {
  const { origin } = useSite();
  return (
    <>
      <JsonLd data={medicalClinicJsonLd(origin)} />
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
  const { fields, isLoading } = usePageContent("homeHero");
  // The one source of the hero picture and its alt text: the Website Images entry of home/hero.
  const image = useImageSlot("homeHero");
  return (
    <section className="hp-hero hp-hero--home" aria-labelledby="home-hero-title">
      <SmartImage
        className="hp-hero-bg"
        src={image?.imageUrl || DEFAULT_HERO_IMAGE}
        alt={image?.altText ?? ""}
        width={image?.width ?? 1600}
        height={image?.height ?? 900}
        loading="eager"
        fetchPriority="high"
        decoding="async"
      />
      <div className="hp-hero-shade" aria-hidden="true" />
      <div className={`container hp-hero-inner${isLoading ? " hp-is-loading" : ""}`}>
        <p className="hp-hero-eyebrow">{TH.home.heroEyebrow}</p>
        <h1 id="home-hero-title" className="hp-hero-title">
          {fields.title}
        </h1>
        <p className="hp-hero-subtitle">{fields.subtitle}</p>
        <div className="btn-row">
          <AppLink href={BOOK_HREF} className="btn btn-primary">
            <Icon name="calendar" width={20} height={20} />
            {T.home.bookAppointment}
          </AppLink>
          <AppLink href="/services" className="btn btn-ghost-light">
            {T.home.exploreServices}
          </AppLink>
        </div>
      </div>
    </section>
  );
}

function Welcome() {
  const { fields, isLoading } = usePageContent("homeWelcome");
  return (
    <section className="section hp-welcome" aria-labelledby="home-welcome-title">
      <div className={`container hp-welcome-grid${isLoading ? " hp-is-loading" : ""}`}>
        <div>
          <span className="eyebrow">{TH.home.welcomeEyebrow}</span>
          <h2 id="home-welcome-title">{fields.title}</h2>
        </div>
        <div className="hp-welcome-text">
          <p className="lead">{fields.paragraph1}</p>
          <p>{fields.paragraph2}</p>
          <AppLink href="/about" className="link-arrow">
            {T.home.learnMore}
            <Icon name="arrowRight" width={18} height={18} />
          </AppLink>
        </div>
      </div>
    </section>
  );
}

function ServicesSection() {
  return (
    <section className="section section--sand" aria-labelledby="home-services-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{TH.home.servicesEyebrow}</span>
          <h2 id="home-services-title">{T.home.ourServices}</h2>
          <p>{T.home.servicesIntro}</p>
        </div>
        <ServicesGrid />
        <div className="btn-row btn-row--center hp-section-foot">
          <AppLink href={BOOK_HREF} className="btn btn-primary">
            {T.home.bookYourService}
          </AppLink>
        </div>
      </div>
    </section>
  );
}

function TestimonialsSection() {
  const headingId = useId();
  return (
    <section className="section testimonials" aria-labelledby={headingId} data-testid="testimonials">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{TH.home.testimonialsEyebrow}</span>
          <h2 id={headingId}>{T.home.whatOurClientsSay}</h2>
          <p>{TH.home.testimonialsIntro}</p>
        </div>
        <TestimonialsCarousel headingId={headingId} />
      </div>
    </section>
  );
}

function ClosingCta() {
  return (
    <section className="hp-cta-band" aria-labelledby="home-cta-title">
      <div className="container hp-cta-inner">
        <h2 id="home-cta-title">{T.home.ctaTitle}</h2>
        <p>{T.home.ctaText}</p>
        <div className="btn-row btn-row--center">
          <AppLink href={BOOK_HREF} className="btn btn-primary">
            {T.home.bookYourAppointment}
          </AppLink>
          <AppLink href={BOOK_HREF} className="btn btn-ghost-light">
            {T.home.contactUs}
          </AppLink>
        </div>
      </div>
    </section>
  );
}
