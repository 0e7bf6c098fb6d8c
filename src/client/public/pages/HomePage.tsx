import { useId } from "react";
import { AppLink } from "../components/AppLink";
import { BookingButtons, BookOrBrowseServices } from "../components/BookingButtons";
import { ServicesGrid } from "../components/home/ServicesGrid";
import { TestimonialsCarousel } from "../components/home/TestimonialsCarousel";
import { Icon } from "../components/Icon";
import { SmartImage } from "../components/SmartImage";
import { TitledSection } from "../components/TitledSection";
import { useImageSlot, usePageContent } from "../data";
import { BOOK_HREF } from "../layout/nav-items";
import "../styles/pages-home.css";
import { D } from "../i18n";

/** Home (public-site.md section 2): hero, welcome, services, testimonials and a closing call to action. */
export function HomePage() {
  return (
    <>
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
  const texts = usePageContent("homeHero", D.HOME_HERO);
  const { show } = texts;
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
      <div className={`container hp-hero-inner${texts.isLoading ? " hp-is-loading" : ""}`}>
        {show("p", "eyebrow", { className: "hp-hero-eyebrow" })}
        {show("h1", "title", { id: "home-hero-title", className: "hp-hero-title" })}
        {show("p", "subtitle", { className: "hp-hero-subtitle" })}
        <BookOrBrowseServices texts={texts} browse="browseButton" browseClassName="btn-ghost-light" />
      </div>
    </section>
  );
}

function Welcome() {
  const { fields, lang, show, isLoading } = usePageContent("homeWelcome", D.HOME_WELCOME);
  return (
    <section className="section hp-welcome" aria-labelledby="home-welcome-title">
      <div className={`container hp-welcome-grid${isLoading ? " hp-is-loading" : ""}`}>
        <div>
          {show("span", "eyebrow", { className: "eyebrow" })}
          {show("h2", "title", { id: "home-welcome-title" })}
        </div>
        <div className="hp-welcome-text">
          {show("p", "paragraph1", { className: "lead" })}
          {show("p", "paragraph2")}
          <AppLink href="/about" className="link-arrow" lang={lang("link")}>
            {fields.link}
            <Icon name="arrowRight" width={18} height={18} />
          </AppLink>
        </div>
      </div>
    </section>
  );
}

function ServicesSection() {
  const texts = usePageContent("homeServices", D.HOME_SERVICES);
  return (
    <TitledSection headingId="home-services-title" className="section section--sand" texts={texts}>
      <ServicesGrid />
      <div className="btn-row btn-row--center hp-section-foot">
        <AppLink href={BOOK_HREF} className="btn btn-primary" lang={texts.lang("button")}>
          {texts.fields.button}
        </AppLink>
      </div>
    </TitledSection>
  );
}

function TestimonialsSection() {
  const headingId = useId();
  const texts = usePageContent("homeTestimonials", D.HOME_TESTIMONIALS);
  return (
    <TitledSection headingId={headingId} className="section testimonials" testId="testimonials" texts={texts}>
      <TestimonialsCarousel headingId={headingId} />
    </TitledSection>
  );
}

function ClosingCta() {
  const texts = usePageContent("homeCta", D.HOME_CTA);
  return (
    <section className="hp-cta-band" aria-labelledby="home-cta-title" data-testid="home-cta">
      <div className="container hp-cta-inner">
        {texts.show("h2", "title", { id: "home-cta-title" })}
        {texts.show("p", "text")}
        <BookingButtons texts={texts} buttons={{ bookButton: "btn-primary", contactButton: "btn-ghost-light" }} />
      </div>
    </section>
  );
}
