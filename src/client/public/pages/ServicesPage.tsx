import { ServicesGrid } from "../components/home/ServicesGrid";
import { SmartImage } from "../components/SmartImage";
import { useImageSlot, usePageContent } from "../data";
import "../styles/pages-home.css";
import { SERVICES_HERO } from "../content-defaults";

/** Services list (public-site.md section 2): hero from page content, then every service. */
export function ServicesPage() {
  const { fields, isLoading } = usePageContent("servicesHero", SERVICES_HERO);
  const image = useImageSlot("servicesHero");
  return (
    <>
      <section className="hp-hero hp-hero--services" aria-labelledby="services-hero-title">
        {image ? (
          <SmartImage
            className="hp-hero-bg"
            src={image.imageUrl}
            upload={image.imageSize}
            sizes="100vw"
            alt=""
            width={image.width ?? 1600}
            height={image.height ?? 600}
            loading="eager"
            fetchPriority="high"
            decoding="async"
          />
        ) : null}
        <div className="hp-hero-shade" aria-hidden="true" />
        <div className={`container hp-hero-inner${isLoading ? " hp-is-loading" : ""}`}>
          <h1 id="services-hero-title" className="hp-hero-title">
            {fields.title}
          </h1>
          <p className="hp-hero-subtitle">{fields.subtitle}</p>
        </div>
      </section>
      <section className="section section--sand">
        <div className="container">
          <ServicesGrid headingLevel={2} eagerFirst />
        </div>
      </section>
    </>
  );
}
