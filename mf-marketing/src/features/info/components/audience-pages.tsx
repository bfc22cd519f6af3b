import { Button, Page, useSeo } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { Link } from 'react-router-dom';

export function ForProfessionalsPage() {
  useSeo({
    title: 'For Professionals',
    description:
      'Be found by UK businesses on ProMatch: a free public profile in search and category browsing, with your rate, skills and reviews.',
    path: '/for-professionals',
  });
  return (
    <Page
      heading="For Professionals"
      lead="Win work from UK businesses verified against Companies House, on a free or pro plan."
    >
      <h2>Get found</h2>
      <p>
        Your profile appears in full-text search and in category browsing across{' '}
        {SERVICE_CATEGORIES.length} service categories, with your rate in pounds, skills, location
        and availability.
      </p>
      <h2>Build a reputation</h2>
      <p>
        Only businesses that completed an appointment with you can review you, so your rating
        reflects real work. Verified professionals carry a badge and can be filtered for.
      </p>
      <h2>Choose your plan</h2>
      <p>
        Start free, or choose the pro plan. Compare them on the{' '}
        <Link to="/pricing">pricing page</Link>.
      </p>
      <Button as={Link} to="/register?type=professional&plan=free" $variant="cta">
        Join as Professional
      </Button>
    </Page>
  );
}

export function ForBusinessPage() {
  useSeo({
    title: 'For Business',
    description:
      'Find UK freelancers and consultants: search by skill, role or town, compare rates and reviews, and message them, with no subscription.',
    path: '/for-business',
  });
  return (
    <Page
      heading="For Business"
      lead="Find freelancers and consultants, compare them and message the ones you like."
    >
      <h2>Search and filter</h2>
      <p>
        Search by skill, role or town (“AWS architect”, “React Leeds”) and filter by category,
        location, hourly rate, rating, verification and availability.
      </p>
      <h2>Talk before you commit</h2>
      <p>
        Message professionals from their profiles once you have signed in; your conversations stay
        together under Messages.
      </p>
      <h2>No subscription</h2>
      <p>
        Business accounts are free. Register with your company's Companies House number so
        professionals know who they are working with.
      </p>
      <Button as={Link} to="/search" $variant="cta">
        Find Professionals
      </Button>
    </Page>
  );
}
