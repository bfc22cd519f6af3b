import { Button, Card, PlainList, useSession, VisuallyHidden } from '@promatch/shared';
import {
  BusinessVerificationNote,
  useBusinessVerifications,
  type BusinessVerification,
} from '@promatch/shared/business-verification';
import { hasFeatureAccess } from '@promatch/shared/plans';
import { Link } from 'react-router-dom';
import { useEarlyAccessHours, useOpenProjects } from '../api/get-open-projects';
import { useMySkills } from '../api/get-my-proposals';
import { rankProjects } from '../utils/match-project';
import { ProjectFacts } from './project-summary';

function EarlyAccessNote() {
  const subscription = useSession((state) => state.subscription);
  const hours = useEarlyAccessHours();
  if (!hours.isSuccess) return null;
  return hasFeatureAccess(subscription, { feature: 'early_project_access' }) ? (
    <p>
      Your plan includes early access: you see new projects {hours.data} hours before Free members.
    </p>
  ) : (
    <p>
      Pro members see new projects {hours.data} hours before they appear here.{' '}
      <Link to="/plan">Compare plans</Link>
    </p>
  );
}

/** Who posted the project: the business's company and whether it is verified. */
function OwnerVerification({ verification }: { verification?: BusinessVerification }) {
  return verification ? (
    <p>
      Posted by <BusinessVerificationNote verification={verification} />
    </p>
  ) : null;
}

/** Open projects for a professional, best fits for their skills and categories first. */
export function OpenProjects() {
  const userId = useSession((state) => state.user?.id) ?? '';
  const projects = useOpenProjects();
  const profile = useMySkills(userId);
  const owners = useBusinessVerifications(projects.data?.map((project) => project.owner_id) ?? []);
  if (projects.isPending || profile.isPending) return <p role="status">Loading open projects…</p>;
  if (projects.isError)
    return <p role="alert">Projects could not be loaded: {projects.error.message}</p>;
  const ranked = rankProjects(projects.data, profile.data ?? { skills: [], categories: [] });
  return (
    <>
      <EarlyAccessNote />
      {ranked.length === 0 ? <p>There are no open projects at the moment.</p> : null}
      <PlainList aria-label="Open projects" $gap="lg">
        {ranked.map(({ project, match }) => (
          <li key={project.id}>
            <Card as="article" aria-labelledby={`open-${project.id}`}>
              <h3 id={`open-${project.id}`}>{project.title}</h3>
              <OwnerVerification verification={owners.data?.get(project.owner_id)} />
              {match.score > 0 ? (
                <p>
                  <strong>Fits you:</strong>{' '}
                  {[
                    match.sharedSkills.length ? `skills ${match.sharedSkills.join(', ')}` : null,
                    match.sameCategory ? 'one of your categories' : null,
                  ]
                    .filter(Boolean)
                    .join('; ')}
                </p>
              ) : null}
              <p>{project.description.slice(0, 280)}</p>
              <ProjectFacts project={project} />
              <Button as={Link} to={`/projects/${project.id}`} $size="sm">
                View and apply<VisuallyHidden> to {project.title}</VisuallyHidden>
              </Button>
            </Card>
          </li>
        ))}
      </PlainList>
    </>
  );
}
