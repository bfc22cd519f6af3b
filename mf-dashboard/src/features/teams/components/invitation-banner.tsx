import { Button, Card } from '@promatch/shared';
import { useSearchParams } from 'react-router-dom';
import { useAcceptInvitation, useInvitationPreview } from '../api/teams';
import styled from 'styled-components';

const ukDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );

const Banner = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

/**
 * An invitation link (/teams?invitation=…) opened by a signed-in user: what it is for and an
 * Accept button. A signed-out visitor is sent to sign in first and comes back here.
 */
export function InvitationBanner() {
  const [params, setParams] = useSearchParams();
  const token = params.get('invitation') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  if (!token) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('invitation');
        return next;
      },
      { replace: true },
    );
  const invitation = preview.data;
  return (
    <Banner as="section" aria-labelledby="team-invitation">
      <h2 id="team-invitation">Team invitation</h2>
      {preview.isPending ? <p role="status">Checking your invitation…</p> : null}
      {preview.isError ? <p role="alert">{preview.error.message}</p> : null}
      {preview.isSuccess && !invitation ? (
        <p role="alert">
          This invitation link is not valid or has already been used. If you accepted it, the team
          is below.
        </p>
      ) : null}
      {invitation && invitation.status !== 'open' ? (
        <p role="alert">
          {invitation.status === 'expired'
            ? `This invitation to ${invitation.team_name} expired on ${ukDate(invitation.expires_at)}. Ask ${invitation.inviter_name} for a new one.`
            : `This invitation to ${invitation.team_name} was withdrawn.`}
        </p>
      ) : null}
      {invitation && invitation.status === 'open' ? (
        <>
          <p>
            {invitation.inviter_name} invited {invitation.email} to join{' '}
            <strong>{invitation.team_name}</strong> as{' '}
            {invitation.role === 'admin' ? 'an admin' : 'a member'}. The link works once, until{' '}
            {ukDate(invitation.expires_at)}.
          </p>
          {accept.isError ? <p role="alert">{accept.error.message}</p> : null}
          <Button
            type="button"
            disabled={accept.isPending}
            onClick={() => accept.mutate(token, { onSuccess: dismiss })}
          >
            Join {invitation.team_name}
          </Button>{' '}
          <Button type="button" $variant="ghost" onClick={dismiss}>
            Not now
          </Button>
        </>
      ) : null}
    </Banner>
  );
}
