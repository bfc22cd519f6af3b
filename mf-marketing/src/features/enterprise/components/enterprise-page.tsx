import { Cluster, Page, useSeo } from '@promatch/shared';
import { Link } from 'react-router-dom';

export function EnterprisePage() {
  useSeo({
    title: 'Enterprise Features Moved',
    description:
      'Enterprise features are now part of the ProMatch management portal for admin users.',
    path: '/enterprise',
  });
  return (
    <Page
      heading="Enterprise Features Moved"
      lead="Enterprise features are now part of the management portal, available to admin users."
    >
      <Cluster as="p" $gap="xl">
        <Link to="/management">Go to the management portal</Link>
        <Link to="/">Back to home</Link>
      </Cluster>
    </Page>
  );
}
