import { Button, Card, Page, useSession } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { BusinessProjects } from './business-projects';
import { ProjectAllowance } from './project-allowance';
import { ProjectForm } from './project-form';

/** /post-project: a business posts and runs its projects; professionals are pointed to /projects. */
export function PostProjectPage() {
  const accountType = useSession((state) => state.accountType);
  if (accountType !== 'business') {
    return (
      <Page heading="Post a Project" lead="Posting projects is for business accounts.">
        <Card>
          <p>As a professional you find work among the projects businesses have posted.</p>
          <Button as={Link} to="/projects" $variant="cta">
            Browse open projects
          </Button>
        </Card>
      </Page>
    );
  }
  return (
    <Page
      heading="Post a Project"
      lead="Describe the work in plain English; professionals whose skills fit can send proposals."
    >
      <Card as="section" aria-labelledby="new-project">
        <h2 id="new-project">New project</h2>
        <ProjectAllowance>
          <ProjectForm />
        </ProjectAllowance>
      </Card>
      <section aria-labelledby="your-projects">
        <h2 id="your-projects">Your projects</h2>
        <BusinessProjects />
      </section>
    </Page>
  );
}
