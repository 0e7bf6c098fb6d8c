import { publicQueries } from "../../api";
import { usePublicQuery } from "../../store";
import { CardSkeletons } from "../Skeleton";
import { SmartImage } from "../SmartImage";
import { T, TH, foreignLang } from "../../i18n";

/** The team: round photo, name, role and bio; 3 skeletons while loading (public-site.md sections 2 and 4). */
export function TeamGrid() {
  const query = usePublicQuery(publicQueries.team());
  if (query.isPending) return <CardSkeletons count={3} label={TH.about.teamLoading} className="grid grid--3 team-skeletons" />;
  if (query.isError)
    return (
      <p className="error-text" role="alert">
        {T.team.loadError}
      </p>
    );
  if (query.data.length === 0) return <p className="notice team-empty">{TH.about.teamEmpty}</p>;
  return (
    <ul className="grid grid--3 team-grid">
      {query.data.map((member) => (
        <li key={member.id} className="card team-card" data-testid="team-member">
          <SmartImage
            src={member.imageUrl}
            upload={member.imageSize}
            sizes="160px"
            alt={member.name}
            width={160}
            height={160}
            loading="lazy"
            decoding="async"
            className="team-photo"
          />
          <h3 className="team-name">{member.name}</h3>
          <p className="team-role" lang={foreignLang(member.language)}>
            {member.role}
          </p>
          <p className="team-bio" lang={foreignLang(member.language)}>
            {member.bio}
          </p>
        </li>
      ))}
    </ul>
  );
}
