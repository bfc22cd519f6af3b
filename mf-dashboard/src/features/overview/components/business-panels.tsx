import { ProfileAvatar } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { useBusinessProjects } from '../api/get-business-projects';
import { useRecentFavourites } from '../api/get-recent-favourites';
import { useShortlist } from '../api/get-shortlist';
import { BigFigure, Muted, PanelLoading } from './overview-panel';

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
  <span style={{ display: 'flex', gap: '0.6rem', alignItems: 'center' }}>
    <ProfileAvatar name={name} src={avatar} size="sm" />
    <span>
      <strong>{name}</strong>
      <br />
      {detail}
    </span>
  </span>
);

export function ShortlistPanel() {
  const { data } = useShortlist();
  if (data === undefined) return <PanelLoading />;
  if (data.length === 0) return <Muted>Nobody shortlisted yet.</Muted>;
  return (
    <ul style={{ listStyle: 'none', padding: 0 }}>
      {data.map((entry) => (
        <li key={entry.application_id}>
          <Link to={`/professional/${entry.professional_id}`} style={{ color: 'inherit' }}>
            <Person
              name={entry.professional_name}
              avatar={entry.avatar_url}
              detail={`for ${entry.project_title}`}
            />
          </Link>
        </li>
      ))}
    </ul>
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
        <ul style={{ listStyle: 'none', padding: 0 }}>
          {data.latest.map(({ id, professional }) =>
            professional ? (
              <li key={id}>
                <Link to={`/professional/${professional.id}`} style={{ color: 'inherit' }}>
                  <Person
                    name={professional.name}
                    avatar={professional.avatar_url}
                    detail={professional.title ?? 'Professional'}
                  />
                </Link>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      <p>
        <Link to="/favorites">All favourites</Link>
      </p>
    </>
  );
}
