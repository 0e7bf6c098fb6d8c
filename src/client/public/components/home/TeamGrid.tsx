import { publicQueries } from "../../api";
import { usePublicQuery } from "../../store";
import { JsonLd, teamJsonLd } from "../JsonLd";
import { CardSkeletons } from "../Skeleton";
import { useSite } from "../../site-context";
import { useClinic } from "../../data";
import { SmartImage } from "../SmartImage";
import { T } from "../../text";
import { TH } from "../../text-home";

/** The team: round photo, name, role and bio; 3 skeletons while loading (public-site.md sections 2 and 4). */
export function TeamGrid() {
  const query = usePublicQuery(publicQueries.team());
  const { origin } = useSite();
  const clinic = useClinic();
  if (query.isPending) return <CardSkeletons count={3} label={TH.about.teamLoading} className="grid grid--3 team-skeletons" />;
  if (query.isError) return <p className="error-text" role="alert">{T.team.loadError}</p>;
  if (query.data.length === 0) return <p className="notice team-empty">{TH.about.teamEmpty}</p>;
  return (
    <>
      <JsonLd data={teamJsonLd(origin, query.data, clinic)} />
      <ul className="grid grid--3 team-grid">
        {query.data.map((member) => (
          <li key={member.id} className="card team-card" data-testid="team-member">
            <SmartImage src={member.imageUrl} upload={member.imageSize} sizes="160px" alt={member.name} width={160} height={160} loading="lazy" decoding="async" className="team-photo" />
            <h3 className="team-name">{member.name}</h3>
            <p className="team-role">{member.role}</p>
            <p className="team-bio">{member.bio}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
