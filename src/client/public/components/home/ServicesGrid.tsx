import { publicQueries, usePublicQuery } from "../../api";
import { CardSkeletons } from "../Skeleton";
import { IMAGE_SIZES } from "../../image-sizes";
import { T } from "../../text";
import { TH } from "../../text-home";
import { ServiceCard } from "./ServiceCard";

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
          <ServiceCard service={service} sizes={IMAGE_SIZES.serviceCards[columns]} headingLevel={headingLevel} eager={eagerFirst && index < 2} />
        </li>
      ))}
    </ul>
  );
}
