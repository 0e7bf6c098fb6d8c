import { AppLink } from "../components/AppLink";
import { CulturalInsightsCard } from "../components/home/CulturalInsightsCard";
import { TeamGrid } from "../components/home/TeamGrid";
import { Icon } from "../components/Icon";
import { SmartImage } from "../components/SmartImage";
import { TitledSection } from "../components/TitledSection";
import { useImageSlot, usePageContent } from "../data";
import "../styles/pages-home.css";
import { D } from "../i18n";

/** About (public-site.md section 2): heading, mission, cultural wellness insights, team and approach. */
export function AboutPage() {
  const { show: showHead } = usePageContent("aboutHead", D.ABOUT_HEAD);
  const team = usePageContent("aboutTeam", D.ABOUT_TEAM);
  return (
    <>
      <header className="hp-page-head">
        <div className="container">
          {showHead("h1", "title")}
          {showHead("p", "intro", { className: "lead" })}
        </div>
      </header>
      <Mission />
      <div className="section section--sand insights-section">
        <div className="container insights-wrap">
          <CulturalInsightsCard />
        </div>
      </div>
      <TitledSection headingId="about-team-title" texts={team}>
        <TeamGrid />
      </TitledSection>
      <Approach />
    </>
  );
}

/** The mission picture: half the container from 900px (.hp-mission-grid, 64px gap; see SmartImage's `sizes`). */
const MISSION_PICTURE_SIZES =
  "(min-width: 1200px) 536px, (min-width: 900px) calc((100vw - 128px) / 2), (min-width: 768px) calc(100vw - 64px), calc(100vw - 40px)";

function Mission() {
  const { show, isLoading } = usePageContent("aboutMission", D.ABOUT_MISSION);
  const image = useImageSlot("aboutMission");
  return (
    <section className="section hp-mission" aria-labelledby="about-mission-title">
      <div className={`container hp-mission-grid${image ? "" : " hp-mission-grid--text"}${isLoading ? " hp-is-loading" : ""}`}>
        <div className="hp-mission-text">
          {show("span", "eyebrow", { className: "eyebrow" })}
          {show("h2", "title", { id: "about-mission-title" })}
          {show("p", "paragraph1", { className: "lead" })}
          {show("p", "paragraph2")}
          {show("p", "paragraph3")}
        </div>
        {image ? (
          <div className="hp-mission-media">
            <SmartImage
              src={image.imageUrl}
              upload={image.imageSize}
              sizes={MISSION_PICTURE_SIZES}
              alt={image.altText ?? ""}
              width={image.width ?? 1200}
              height={image.height ?? 800}
              loading="lazy"
              decoding="async"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Approach() {
  const { fields, lang, show, isLoading } = usePageContent("aboutApproach", D.ABOUT_APPROACH);
  return (
    <section className="section hp-approach" aria-labelledby="about-approach-title">
      <div className={`container hp-approach-inner${isLoading ? " hp-is-loading" : ""}`}>
        {show("span", "eyebrow", { className: "eyebrow hp-eyebrow--light" })}
        {show("h2", "title", { id: "about-approach-title" })}
        {show("p", "content")}
        <AppLink href="/services" className="btn btn-light" lang={lang("button")}>
          {fields.button}
          <Icon name="arrowRight" width={18} height={18} />
        </AppLink>
      </div>
    </section>
  );
}
