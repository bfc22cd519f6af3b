import { Badge, TermList } from '@promatch/shared';
import { PROJECT_STATUS_LABELS, type Project } from '../api/types';
import { formatBudget } from '../utils/format-budget';

/** Budget, timeline, where, skills and state: the facts every project card shows. */
export function ProjectFacts({ project }: { project: Project }) {
  const where = project.remote
    ? project.location
      ? `Remote or ${project.location}`
      : 'Remote'
    : (project.location ?? 'On site');
  return (
    <>
      <p>
        <Badge $tone={project.status === 'open' ? 'success' : 'neutral'}>
          {PROJECT_STATUS_LABELS[project.status] ?? project.status}
        </Badge>
      </p>
      <TermList>
        <dt>Budget</dt>
        <dd>{formatBudget(project.budget_type, project.budget_min, project.budget_max)}</dd>
        <dt>Timeline</dt>
        <dd>{project.timeline ?? 'Not given'}</dd>
        <dt>Where</dt>
        <dd>{where}</dd>
        {project.skills.length ? (
          <>
            <dt>Skills</dt>
            <dd>{project.skills.join(', ')}</dd>
          </>
        ) : null}
      </TermList>
    </>
  );
}
