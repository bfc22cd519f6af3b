import { Badge, Button, Card, useSession } from '@promatch/shared';
import { FavouriteButton } from '@promatch/shared/favourites';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Match } from '../api/types';

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  align-items: baseline;
  flex-wrap: wrap;
`;

const Name = styled.h3`
  margin: 0;
  font-size: 1.1rem;
`;

const Muted = styled.p`
  margin: 0.15rem 0 0.5rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Reasons = styled.ul`
  margin: 0.25rem 0 0.5rem;
  padding-left: 1.2rem;
`;

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  align-items: center;
`;

interface Props {
  match: Match;
  rank: number;
}

/**
 * One ranked match: who, how well they fit (0-100), why, and what is missing. Signed-in users
 * get the favourites heart (the same state as on search and profiles); businesses get 'Message',
 * which opens the conversation with this professional in messaging.
 */
export function MatchCard({ match, rank }: Props) {
  const canMessage = useSession((state) => state.user !== null && state.accountType === 'business');
  const headingId = `match-${match.id}`;
  return (
    <Card as="article" aria-labelledby={headingId}>
      <Head>
        <Name id={headingId}>
          {rank}. <Link to={`/professional/${match.id}`}>{match.name}</Link>
        </Name>
        <Badge $tone={match.score >= 75 ? 'success' : 'neutral'}>{match.score}% match</Badge>
      </Head>
      <Muted>
        {match.title ?? 'Professional'}
        {match.location ? ` · ${match.location}` : ''}
      </Muted>
      <h4>Why they match</h4>
      <Reasons aria-label={`Why ${match.name} matches`}>
        {match.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </Reasons>
      {match.missing.length > 0 ? (
        <>
          <h4>Worth checking</h4>
          <Reasons aria-label={`What ${match.name} is missing`}>
            {match.missing.map((gap) => (
              <li key={gap}>{gap}</li>
            ))}
          </Reasons>
        </>
      ) : null}
      <Actions>
        <Link to={`/professional/${match.id}`}>View profile</Link>
        {canMessage ? (
          <Button
            as={Link}
            to={`/messages?to=${match.id}`}
            $size="sm"
            aria-label={`Message ${match.name}`}
          >
            Message
          </Button>
        ) : null}
        <FavouriteButton professionalId={match.id} professionalName={match.name} />
      </Actions>
    </Card>
  );
}
