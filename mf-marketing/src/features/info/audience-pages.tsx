import { Button, Page, SERVICE_CATEGORIES, useSeo } from '@promatch/shared';
import { Link } from 'react-router-dom';

export function ForProfessionalsPage() {
  useSeo({
    title: 'For Professionals',
    description:
      'Win work from UK businesses on ProMatch: a free public profile, a pro plan with unlimited applications and a lower fee, and video calls built in.',
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
        Start free; the pro plan adds unlimited applications, a featured profile and a lower
        platform fee. Compare them on the <Link to="/pricing">pricing page</Link>.
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
      'Hire verified UK freelancers and consultants: search in plain English, compare rates and reviews, meet on video and hire, with no subscription.',
    path: '/for-business',
  });
  return (
    <Page
      heading="For Business"
      lead="Find verified freelancers and consultants, talk to them by video and hire in days, not weeks."
    >
      <h2>Search the way you talk</h2>
      <p>
        Describe the work (“an AWS architect to move our servers to the cloud”) and filter by
        category, location, hourly rate, rating, verification and availability.
      </p>
      <h2>Talk before you commit</h2>
      <p>
        Message professionals and book video calls from their profiles. Everything stays in one
        place in your dashboard.
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
