import { Badge, useSession } from '@promatch/shared';
import {
  BusinessVerificationNote,
  useBusinessVerifications,
} from '@promatch/shared/business-verification';
import { Link } from 'react-router-dom';
import { useMyProposals } from '../api/get-my-proposals';
import { PROJECT_STATUS_LABELS, PROPOSAL_STATUS_LABELS } from '../api/types';
import { formatRate } from '../utils/format-budget';

/** The professional's proposals and where each stands, refreshed on every visit. */
export function MyProposals() {
  const userId = useSession((state) => state.user?.id) ?? '';
  const proposals = useMyProposals(userId);
  const owners = useBusinessVerifications(
    (proposals.data ?? []).flatMap((proposal) =>
      proposal.project ? [proposal.project.owner_id] : [],
    ),
  );
  if (proposals.isPending) return <p role="status">Loading your proposals…</p>;
  if (proposals.isError)
    return <p role="alert">Your proposals could not be loaded: {proposals.error.message}</p>;
  if (proposals.data.length === 0) return <p>You have not sent a proposal yet.</p>;
  return (
    <ul aria-label="Your proposals">
      {proposals.data.map((proposal) => (
        <li key={proposal.id}>
          {proposal.project ? (
            <Link to={`/projects/${proposal.project.id}`}>{proposal.project.title}</Link>
          ) : (
            'A project that is no longer available'
          )}{' '}
          — {formatRate(proposal.project?.budget_type ?? 'fixed', proposal.proposed_rate)}{' '}
          <Badge $tone={proposal.status === 'accepted' ? 'success' : 'neutral'}>
            {PROPOSAL_STATUS_LABELS[proposal.status]}
          </Badge>
          {proposal.project && proposal.project.status !== 'open' ? (
            <> (project {PROJECT_STATUS_LABELS[proposal.project.status]?.toLowerCase()})</>
          ) : null}
          {proposal.project && owners.data?.get(proposal.project.owner_id) ? (
            <>
              {' '}
              —{' '}
              <BusinessVerificationNote
                verification={owners.data.get(proposal.project.owner_id)!}
              />
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
