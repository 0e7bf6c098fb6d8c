import { publicQueries } from "../../api";
import { usePublicQuery } from "../../store";
import { CardSkeletons } from "../Skeleton";
import { ServiceCard } from "./ServiceCard";
import { T, TH } from "../../i18n";

/**
 * How wide a card's picture is drawn in each grid (see SmartImage's `sizes`): .grid--3 (three columns
 * from 1024px), .svc-grid--4 (four from 1100px: pages-home.css), .grid--2 (two from 640px).
 */
const CARD_SIZES = {
  three:
    "(min-width: 1200px) 363px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 768px) calc((100vw " +
    "- 88px) / 2), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 40px)",
  four:
    "(min-width: 1200px) 266px, (min-width: 1100px) calc((100vw - 136px) / 4), (min-width: 768px) calc((100vw " +
    "- 88px) / 2), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 40px)",
  two:
    "(min-width: 1200px) 556px, (min-width: 768px) calc((100vw - 88px) / 2), (min-width: 640px) calc((100vw " +
    "- 64px) / 2), calc(100vw - 40px)",
};

/**
 * Every service as a card grid (Home and Services): 6 skeletons while loading, the red error text in
 * place of the grid when the list fails (public-site.md sections 4 and 8).
 */
export function ServicesGrid({ headingLevel = 3, eagerFirst = false }: { headingLevel?: 2 | 3; eagerFirst?: boolean }) {
  const query = usePublicQuery(publicQueries.services());
  if (query.isPending) return <CardSkeletons count={6} label={TH.services.loading} />;
  if (query.isError)
    return (
      <p className="error-text svc-grid-error" role="alert">
        {T.services.loadError}
      </p>
    );
  const services = query.data;
  if (services.length === 0) return <p className="notice svc-grid-empty">{TH.services.empty}</p>;
  // Four services sit best in one row of four (2 x 2 on tablets) instead of three plus an orphan.
  const columns = services.length === 4 ? "four" : services.length <= 2 ? "two" : "three";
  const layout = { four: "grid svc-grid svc-grid--4", two: "grid grid--2 svc-grid", three: "grid grid--3 svc-grid" }[columns];
  return (
    <ul className={layout}>
      {services.map((service, index) => (
        <li key={service.id}>
          <ServiceCard service={service} sizes={CARD_SIZES[columns]} headingLevel={headingLevel} eager={eagerFirst && index < 2} />
        </li>
      ))}
    </ul>
  );
}
