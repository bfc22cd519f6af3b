import {
  Badge,
  Card,
  Cluster,
  InlineList,
  Page,
  ProfileAvatar,
  RatingSummary,
  Text,
  useSeo,
} from '@promatch/shared';
import { findServiceCategory } from '@promatch/shared/categories';
import { FavouriteButton } from '@promatch/shared/favourites';
import styled from 'styled-components';
import { AVAILABILITY_LABEL, formatRateRange } from '../../../lib/professionals/format';
import type { ProfessionalCard } from '../../../lib/professionals/types';
import { PlanBadges } from '../../../lib/professionals/components/plan-badges';
import { personJsonLd } from './person-json-ld';
import { ProfileActions } from './profile-actions';
import { ReviewsList } from './reviews-list';

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
  @media (max-width: 768px) {
    grid-template-columns: 1fr;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.4rem 1rem;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/** Every public field of a professional, their reviews and the contact actions. */
export function ProfileView({ professional: p }: { professional: ProfessionalCard }) {
  const path = `/professional/${p.id}`;
  const summary = `${p.title ?? 'Professional'}${p.location ? ` in ${p.location}` : ''}`;
  useSeo({
    title: `${p.name}, ${summary}`,
    description: `${p.name}: ${summary}. ${formatRateRange(p.hourly_rate_min, p.hourly_rate_max)}. Skills: ${p.skills.slice(0, 4).join(', ')}.`,
    path,
    // The server-side renderer has no window; it does not write head tags either (effects).
    jsonLd: personJsonLd(
      p,
      typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString(),
    ),
  });
  return (
    <Page heading={p.name} title={`${p.name}, ${summary}`} lead={summary}>
      <Layout>
        <div>
          <Cluster as="p" $gap="md">
            <ProfileAvatar
              name={p.name}
              src={p.avatar_url}
              size="lg"
              alt={`Profile photo of ${p.name}`}
            />
            <PlanBadges professional={p} />
            {p.verified ? (
              <Badge $tone="success">Verified professional</Badge>
            ) : (
              <Badge>Not yet verified</Badge>
            )}
            <Badge $tone={p.availability === 'available' ? 'success' : 'warning'}>
              {AVAILABILITY_LABEL[p.availability]}
            </Badge>
            <FavouriteButton professionalId={p.id} professionalName={p.name} />
          </Cluster>
          <h2>About</h2>
          <Text $preLine>{p.description ?? 'No description yet.'}</Text>
          <h2>Skills</h2>
          <InlineList $gap="xs">
            {p.skills.map((skill) => (
              <li key={skill}>
                <Badge $tone="primary">{skill}</Badge>
              </li>
            ))}
          </InlineList>
          <h2>Reviews</h2>
          <ReviewsList id={p.id} />
        </div>
        <Card as="aside" aria-label="At a glance">
          <Facts>
            <dt>Hourly rate</dt>
            <dd>{formatRateRange(p.hourly_rate_min, p.hourly_rate_max)}</dd>
            <dt>Rating</dt>
            <dd>
              <RatingSummary rating={Number(p.rating)} reviews={p.review_count} />
            </dd>
            <dt>Responds</dt>
            <dd>{p.response_time ?? 'Not stated'}</dd>
            <dt>Completion rate</dt>
            <dd>{p.completion_rate === null ? 'New to ProMatch' : `${p.completion_rate}%`}</dd>
            <dt>Location</dt>
            <dd>{p.location ?? 'Remote'}</dd>
            <dt>Categories</dt>
            <dd>
              {p.categories.map((slug) => findServiceCategory(slug)?.name ?? slug).join(', ') ||
                'None'}
            </dd>
          </Facts>
          <ProfileActions id={p.id} />
        </Card>
      </Layout>
    </Page>
  );
}
