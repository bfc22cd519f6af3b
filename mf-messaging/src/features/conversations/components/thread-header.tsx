import { Button } from '@promatch/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PresenceLabel } from '../../presence/presence-badge';
import { ReportForm } from '../../safety/report-form';
import { useSetBlocked } from '../../safety/safety-api';
import { Avatar } from './avatar';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  padding: 0.75rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
`;

export interface ThreadHeaderProps {
  userId: string;
  partner: { id: string; name: string; avatarUrl: string | null; status: string | null };
  conversationId?: string;
  blocked: boolean;
}

/** Who the conversation is with, their status, and the block and report actions. */
export function ThreadHeader({ userId, partner, conversationId, blocked }: ThreadHeaderProps) {
  const [reporting, setReporting] = useState(false);
  const setBlocked = useSetBlocked(userId, partner.id);
  return (
    <>
      <Bar>
        <Avatar name={partner.name} url={partner.avatarUrl} />
        <div style={{ flex: 1 }}>
          <h2>{partner.name}</h2>
          <PresenceLabel status={partner.status} />
        </div>
        {conversationId && !blocked ? (
          <Button as={Link} to={`/messages/${conversationId}/call`} $size="sm" $variant="default">
            Start video call
          </Button>
        ) : null}
        <Button
          type="button"
          $size="sm"
          $variant="outline"
          disabled={setBlocked.isPending}
          onClick={() => setBlocked.mutate(!blocked)}
        >
          {blocked ? 'Unblock' : 'Block'}
        </Button>
        <Button
          type="button"
          $size="sm"
          $variant="ghost"
          aria-expanded={reporting}
          onClick={() => setReporting((open) => !open)}
        >
          Report
        </Button>
      </Bar>
      {reporting ? (
        <ReportForm
          userId={userId}
          partner={partner}
          conversationId={conversationId}
          onDone={() => setReporting(false)}
        />
      ) : null}
    </>
  );
}
