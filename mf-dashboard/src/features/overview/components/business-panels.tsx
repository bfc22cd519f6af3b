import { Cluster, PlainList, ProfileAvatar } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { useBusinessProjects } from '../api/get-business-projects';
import { useRecentFavourites } from '../api/get-recent-favourites';
import { useShortlist } from '../api/get-shortlist';
import { BigFigure, Muted, PanelLoading } from './overview-panel';
import styled from 'styled-components';

/** A professional's name and photo as a link, in the text colour rather than link blue. */
const PersonLink = styled(Link)`
  color: inherit;
`;

const PROJECT_STATUS: Record<string, string> = {
  draft: 'Draft',
  open: 'Open',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Closed',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function BusinessProjectsPanel() {
  const { data } = useBusinessProjects();
  if (data === undefined) return <PanelLoading />;
  if (data.length === 0) {
    return (
      <Muted>
        You have not posted a project yet. <Link to="/post-project">Post a project</Link>
      </Muted>
    );
  }
  return (
    <ul>
      {data.map((project) => (
        <li key={project.id}>
          <strong>{project.title}</strong>
          <br />
          {PROJECT_STATUS[project.status] ?? project.status} ·{' '}
          {plural(project.proposals, 'proposal')}
          {project.shortlisted > 0 ? ` · ${project.shortlisted} shortlisted` : ''}
        </li>
      ))}
    </ul>
  );
}

const Person = ({
  name,
  avatar,
  detail,
}: {
  name: string;
  avatar: string | null;
  detail: string;
}) => (
  <Cluster as="span" $nowrap>
    <ProfileAvatar name={name} src={avatar} size="sm" />
    <span>
      <strong>{name}</strong>
      <br />
      {detail}
    </span>
  </Cluster>
);

export function ShortlistPanel() {
  const { data } = useShortlist();
  if (data === undefined) return <PanelLoading />;
  if (data.length === 0) return <Muted>Nobody shortlisted yet.</Muted>;
  return (
    <PlainList $gap="xs">
      {data.map((entry) => (
        <li key={entry.application_id}>
          <PersonLink to={`/professional/${entry.professional_id}`}>
            <Person
              name={entry.professional_name}
              avatar={entry.avatar_url}
              detail={`for ${entry.project_title}`}
            />
          </PersonLink>
        </li>
      ))}
    </PlainList>
  );
}

export function FavouritesPanel() {
  const { data } = useRecentFavourites();
  if (data === undefined) return <PanelLoading />;
  return (
    <>
      <BigFigure>{data.total}</BigFigure>
      <Muted>{data.total === 1 ? 'saved professional' : 'saved professionals'}</Muted>
      {data.latest.length > 0 ? (
        <PlainList $gap="xs">
          {data.latest.map(({ id, professional }) =>
            professional ? (
              <li key={id}>
                <PersonLink to={`/professional/${professional.id}`}>
                  <Person
                    name={professional.name}
                    avatar={professional.avatar_url}
                    detail={professional.title ?? 'Professional'}
                  />
                </PersonLink>
              </li>
            ) : null,
          )}
        </PlainList>
      ) : null}
      <p>
        <Link to="/favorites">All favourites</Link>
      </p>
    </>
  );
}
