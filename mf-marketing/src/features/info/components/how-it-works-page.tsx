import { Button, Cluster, Page, Text, useSeo } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { HOW_IT_WORKS_STEPS } from '../../../lib/content/how-it-works';
import { CardGrid, FillCard } from '../../../lib/professionals/components/card-grid';

export function HowItWorksPage() {
  useSeo({
    title: 'How It Works',
    description:
      'How ProMatch works: search or browse UK professionals, compare rates and reviews, and message them once signed in.',
    path: '/how-it-works',
  });
  return (
    <Page
      heading="How It Works"
      lead="Search or browse professionals, compare them, and message the ones you like."
    >
      <CardGrid as="ol">
        {HOW_IT_WORKS_STEPS.map((step, index) => (
          <li key={step.title}>
            <FillCard>
              <Text as="h2" $size="lg">
                {index + 1}. {step.title}
              </Text>
              <p>{step.text}</p>
            </FillCard>
          </li>
        ))}
      </CardGrid>
      <h2>For professionals</h2>
      <p>
        Create a free profile with your skills, rates and availability. Businesses find you in
        search and message you; you reply from your messages.
      </p>
      <h2>Fees</h2>
      <p>
        Searching is free for everyone, and business accounts are free. Professionals choose a plan
        (see <Link to="/pricing">pricing</Link>).
      </p>
      <Cluster as="p" $gap="md">
        <Button as={Link} to="/search" $variant="cta">
          Start Free Search
        </Button>
        <Button as={Link} to="/register?type=professional&plan=free" $variant="outline">
          Join as Professional
        </Button>
      </Cluster>
    </Page>
  );
}
