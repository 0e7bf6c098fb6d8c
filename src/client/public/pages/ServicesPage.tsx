import { ServicesGrid } from "../components/home/ServicesGrid";
import { SmartImage } from "../components/SmartImage";
import { useImageSlot, usePageContent } from "../data";
import "../styles/pages-home.css";
import { D } from "../i18n";

/** Services list (public-site.md section 2): hero from page content, then every service. */
export function ServicesPage() {
  const { show, isLoading } = usePageContent("servicesHero", D.SERVICES_HERO);
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
          {show("h1", "title", { id: "services-hero-title", className: "hp-hero-title" })}
          {show("p", "subtitle", { className: "hp-hero-subtitle" })}
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
