import { Page, useSession } from '@promatch/shared';
import { Navigate } from 'react-router-dom';
import { MyProposals } from './my-proposals';
import { OpenProjects } from './open-projects';

/** /projects: a professional's open projects to apply to, and their proposals. */
export function ProjectsPage() {
  const accountType = useSession((state) => state.accountType);
  if (accountType === 'business') return <Navigate to="/post-project" replace />;
  return (
    <Page
      heading="Projects"
      lead="Open projects from UK businesses, the best fits for your skills first."
    >
      <section aria-labelledby="my-proposals">
        <h2 id="my-proposals">Your proposals</h2>
        <MyProposals />
      </section>
      <section aria-labelledby="open-projects">
        <h2 id="open-projects">Open projects</h2>
        <OpenProjects />
      </section>
    </Page>
  );
}
