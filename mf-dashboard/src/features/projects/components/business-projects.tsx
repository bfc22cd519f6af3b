import { Button, Card, Cluster, PlainList, useSession, VisuallyHidden } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { useMyProjects, type OwnedProject } from '../api/get-my-projects';
import { useSetProjectStatus } from '../api/save-project';
import { ProjectFacts } from './project-summary';

function counts(project: OwnedProject) {
  const active = project.proposals.filter((p) => p.status !== 'withdrawn');
  const shortlisted = active.filter((p) => p.status === 'shortlisted').length;
  return `${active.length} ${active.length === 1 ? 'proposal' : 'proposals'}${shortlisted ? `, ${shortlisted} shortlisted` : ''}`;
}

function ProjectActions({ project }: { project: OwnedProject }) {
  const setStatus = useSetProjectStatus();
  const act = (status: 'open' | 'closed' | 'completed') =>
    setStatus.mutate({ id: project.id, status });
  return (
    <Cluster>
      <Button as={Link} to={`/projects/${project.id}`} $variant="outline" $size="sm">
        View proposals<VisuallyHidden> for {project.title}</VisuallyHidden>
      </Button>
      {project.status === 'draft' ? (
        <Button type="button" $size="sm" onClick={() => act('open')} disabled={setStatus.isPending}>
          Publish
        </Button>
      ) : null}
      {project.status === 'in_progress' ? (
        <Button
          type="button"
          $size="sm"
          onClick={() => act('completed')}
          disabled={setStatus.isPending}
        >
          Mark complete
        </Button>
      ) : null}
      {['draft', 'open', 'in_progress'].includes(project.status) ? (
        <Button
          type="button"
          $variant="ghost"
          $size="sm"
          onClick={() => act('closed')}
          disabled={setStatus.isPending}
        >
          Close project
        </Button>
      ) : null}
      {setStatus.isError ? <p role="alert">{setStatus.error.message}</p> : null}
    </Cluster>
  );
}

/** The business's projects with their proposal counts and the next step for each. */
export function BusinessProjects() {
  const userId = useSession((state) => state.user?.id) ?? '';
  const projects = useMyProjects(userId);
  if (projects.isPending) return <p role="status">Loading your projects…</p>;
  if (projects.isError)
    return <p role="alert">Your projects could not be loaded: {projects.error.message}</p>;
  if (projects.data.length === 0) return <p>You have not posted a project yet.</p>;
  return (
    <PlainList aria-label="Your projects" $gap="lg">
      {projects.data.map((project) => (
        <li key={project.id}>
          <Card as="article" aria-labelledby={`project-${project.id}`}>
            <h3 id={`project-${project.id}`}>{project.title}</h3>
            <ProjectFacts project={project} />
            <p>{counts(project)}</p>
            <ProjectActions project={project} />
          </Card>
        </li>
      ))}
    </PlainList>
  );
}
