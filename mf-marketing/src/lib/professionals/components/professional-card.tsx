import { Badge, Card, Cluster, ProfileAvatar, RatingSummary, Spacer } from '@promatch/shared';
import { FavouriteButton } from '@promatch/shared/favourites';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AVAILABILITY_LABEL, formatRateRange } from '../format';
import type { ProfessionalCard as Professional } from '../types';
import { PlanBadges } from './plan-badges';

const Top = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: center;
`;

const Name = styled.h3`
  margin: 0;
  font-size: 1.1rem;
`;

const Muted = styled.p`
  margin: 0.15rem 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.9rem;
`;

const Skills = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
  list-style: none;
  padding: 0;
  margin: 0.75rem 0;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.2rem 0.75rem;
  margin: 0;
  font-size: 0.9rem;
  dt {
    color: ${({ theme }) => theme.colors.mutedText};
  }
  dd {
    margin: 0;
  }
`;

const BadgeRow = styled(Cluster)`
  margin: ${({ theme }) => theme.space.md} 0 0;
`;

/** A professional's card: photo or initials, title, first 4 skills, rate in pounds, badges. */
export function ProfessionalCard({
  professional,
  to,
}: {
  professional: Professional;
  to?: string;
}) {
  const p = professional;
  return (
    <Card as="article" aria-labelledby={`pro-${p.id}`}>
      <Top>
        <ProfileAvatar name={p.name} src={p.avatar_url} />
        <div>
          <Name id={`pro-${p.id}`}>
            <Link to={to ?? `/professional/${p.id}`}>{p.name}</Link>
          </Name>
          <Muted>
            {p.title ?? 'Professional'}
            {p.location ? ` · ${p.location}` : ''}
          </Muted>
        </div>
        <Spacer />
        <FavouriteButton professionalId={p.id} professionalName={p.name} />
      </Top>
      <Skills aria-label="Top skills">
        {p.skills.slice(0, 4).map((skill) => (
          <li key={skill}>
            <Badge $tone="primary">{skill}</Badge>
          </li>
        ))}
      </Skills>
      <Facts>
        <dt>Rate</dt>
        <dd>{formatRateRange(p.hourly_rate_min, p.hourly_rate_max)}</dd>
        <dt>Rating</dt>
        <dd>
          <RatingSummary rating={Number(p.rating)} reviews={p.review_count} />
        </dd>
        <dt>Responds</dt>
        <dd>{p.response_time ?? 'Not stated'}</dd>
        <dt>Completion</dt>
        <dd>{p.completion_rate === null ? 'New' : `${p.completion_rate}% of projects`}</dd>
      </Facts>
      <BadgeRow as="p" $gap="xs">
        <PlanBadges professional={p} />
        {p.verified ? <Badge $tone="success">Verified</Badge> : null}
        <Badge $tone={p.availability === 'available' ? 'success' : 'warning'}>
          {AVAILABILITY_LABEL[p.availability]}
        </Badge>
      </BadgeRow>
    </Card>
  );
}
