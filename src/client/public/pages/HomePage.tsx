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
  const { fields, lang, isLoading } = usePageContent("homeHero", D.HOME_HERO);
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
        <p className="hp-hero-eyebrow" lang={lang("eyebrow")}>
          {fields.eyebrow}
        </p>
        <h1 id="home-hero-title" className="hp-hero-title" lang={lang("title")}>
          {fields.title}
        </h1>
        <p className="hp-hero-subtitle" lang={lang("subtitle")}>
          {fields.subtitle}
        </p>
        <BookOrBrowseServices
          book={fields.bookButton}
          browse={fields.browseButton}
          browseClassName="btn-ghost-light"
          bookLang={lang("bookButton")}
          browseLang={lang("browseButton")}
        />
      </div>
    </section>
  );
}

function Welcome() {
  const { fields, lang, isLoading } = usePageContent("homeWelcome", D.HOME_WELCOME);
  return (
    <section className="section hp-welcome" aria-labelledby="home-welcome-title">
      <div className={`container hp-welcome-grid${isLoading ? " hp-is-loading" : ""}`}>
        <div>
          <span className="eyebrow" lang={lang("eyebrow")}>
            {fields.eyebrow}
          </span>
          <h2 id="home-welcome-title" lang={lang("title")}>
            {fields.title}
          </h2>
        </div>
        <div className="hp-welcome-text">
          <p className="lead" lang={lang("paragraph1")}>
            {fields.paragraph1}
          </p>
          <p lang={lang("paragraph2")}>{fields.paragraph2}</p>
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
  const { fields: text, lang } = usePageContent("homeServices", D.HOME_SERVICES);
  return (
    <TitledSection
      headingId="home-services-title"
      className="section section--sand"
      eyebrow={text.eyebrow}
      title={text.title}
      intro={text.intro}
      langs={{ eyebrow: lang("eyebrow"), title: lang("title"), intro: lang("intro") }}
    >
      <ServicesGrid />
      <div className="btn-row btn-row--center hp-section-foot">
        <AppLink href={BOOK_HREF} className="btn btn-primary" lang={lang("button")}>
          {text.button}
        </AppLink>
      </div>
    </TitledSection>
  );
}

function TestimonialsSection() {
  const headingId = useId();
  const { fields: text, lang } = usePageContent("homeTestimonials", D.HOME_TESTIMONIALS);
  return (
    <TitledSection
      headingId={headingId}
      className="section testimonials"
      testId="testimonials"
      eyebrow={text.eyebrow}
      title={text.title}
      intro={text.intro}
      langs={{ eyebrow: lang("eyebrow"), title: lang("title"), intro: lang("intro") }}
    >
      <TestimonialsCarousel headingId={headingId} />
    </TitledSection>
  );
}

function ClosingCta() {
  const { fields, lang } = usePageContent("homeCta", D.HOME_CTA);
  return (
    <section className="hp-cta-band" aria-labelledby="home-cta-title" data-testid="home-cta">
      <div className="container hp-cta-inner">
        <h2 id="home-cta-title" lang={lang("title")}>
          {fields.title}
        </h2>
        <p lang={lang("text")}>{fields.text}</p>
        <BookingButtons
          buttons={[
            { label: fields.bookButton, className: "btn-primary", lang: lang("bookButton") },
            { label: fields.contactButton, className: "btn-ghost-light", lang: lang("contactButton") },
          ]}
        />
      </div>
    </section>
  );
}
