import { Button, Cluster, Page, useSeo } from '@promatch/shared';
import { Link } from 'react-router-dom';

/** An unknown or malformed id: say so plainly and offer the ways forward. */
export function ProfileNotFound() {
  useSeo({
    title: 'Professional not found',
    description: 'This professional profile does not exist.',
    noIndex: true,
  });
  return (
    <Page
      heading="Professional profile not found"
      lead="This profile does not exist or is no longer public. The link may be mistyped, or the professional may have closed their account."
    >
      <Cluster as="p" $gap="md">
        <Button as={Link} to="/search">
          Search professionals
        </Button>
        <Button as={Link} to="/browse-professionals" $variant="outline">
          Browse by category
        </Button>
        <Button as={Link} to="/" $variant="ghost">
          Back to home
        </Button>
      </Cluster>
    </Page>
  );
}
