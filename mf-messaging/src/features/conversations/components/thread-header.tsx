import { Button } from '@promatch/shared';
import { BusinessVerificationBadge } from '@promatch/shared/business-verification';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PresenceLabel } from '../../../lib/presence/presence-badge';
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
  partner: { id: string; name: string; avatarUrl: string | null; status: string | null };
  conversationId?: string;
  blocked: boolean;
  /** More buttons at the end of the bar (the block and report actions). */
  actions?: ReactNode;
  /** Shown under the bar (the report form, when open). */
  children?: ReactNode;
}

/** Who the conversation is with, their status, a business's company verification, the call button and the actions passed in. */
/** The partner's name and presence, taking the width the avatar and buttons leave. */
const Who = styled.div`
  flex: 1;
`;

export function ThreadHeader({
  partner,
  conversationId,
  blocked,
  actions,
  children,
}: ThreadHeaderProps) {
  return (
    <>
      <Bar>
        <Avatar name={partner.name} url={partner.avatarUrl} />
        <Who>
          <h2>{partner.name}</h2>
          <PresenceLabel status={partner.status} />
          {/* a business partner's company and its verification; nothing for a professional */}
          <div>
            <BusinessVerificationBadge businessId={partner.id} />
          </div>
        </Who>
        {conversationId && !blocked ? (
          <Button as={Link} to={`/messages/${conversationId}/call`} $size="sm" $variant="default">
            Start video call
          </Button>
        ) : null}
        {actions}
      </Bar>
      {children}
    </>
  );
}
