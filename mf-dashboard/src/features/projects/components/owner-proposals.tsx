import { Badge, Button, Card, Cluster, PlainList } from '@promatch/shared';
import type { ProposalWithProfessional } from '../api/get-project';
import { useSetProposalStatus } from '../api/proposals';
import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from '../api/types';
import { formatRate } from '../utils/format-budget';

function ProposalActions({
  proposal,
  canHire,
}: {
  proposal: ProposalWithProfessional;
  canHire: boolean;
}) {
  const setStatus = useSetProposalStatus();
  const name = proposal.professional?.name ?? 'this professional';
  const act = (status: ProposalStatus) => setStatus.mutate({ id: proposal.id, status });
  if (proposal.status === 'withdrawn' || proposal.status === 'accepted') return null;
  return (
    <Cluster>
      {proposal.status === 'submitted' ? (
        <Button
          type="button"
          $size="sm"
          $variant="outline"
          onClick={() => act('shortlisted')}
          disabled={setStatus.isPending}
        >
          Shortlist {name}
        </Button>
      ) : null}
      {canHire && proposal.status !== 'declined' ? (
        <Button
          type="button"
          $size="sm"
          $variant="cta"
          onClick={() => act('accepted')}
          disabled={setStatus.isPending}
        >
          Hire {name}
        </Button>
      ) : null}
      {proposal.status !== 'declined' ? (
        <Button
          type="button"
          $size="sm"
          $variant="ghost"
          onClick={() => act('declined')}
          disabled={setStatus.isPending}
        >
          Decline {name}
        </Button>
      ) : null}
      {setStatus.isError ? <p role="alert">{setStatus.error.message}</p> : null}
    </Cluster>
  );
}

/** Every proposal for the business's project, with shortlist, decline and hire. */
export function OwnerProposals({
  proposals,
  budgetType,
  canHire,
}: {
  proposals: ProposalWithProfessional[];
  budgetType: string;
  canHire: boolean;
}) {
  if (proposals.length === 0) return <p>No proposals yet.</p>;
  return (
    <PlainList aria-label="Proposals" $gap="lg">
      {proposals.map((proposal) => (
        <li key={proposal.id}>
          <Card as="article" aria-labelledby={`proposal-${proposal.id}`}>
            <h3 id={`proposal-${proposal.id}`}>
              {proposal.professional?.name ?? 'A professional'}{' '}
              <Badge $tone={proposal.status === 'accepted' ? 'success' : 'neutral'}>
                {PROPOSAL_STATUS_LABELS[proposal.status]}
              </Badge>
            </h3>
            {proposal.professional?.title ? <p>{proposal.professional.title}</p> : null}
            <p>{proposal.cover_letter}</p>
            <p>
              {formatRate(budgetType, proposal.proposed_rate)} · Availability:{' '}
              {proposal.availability ?? 'not given'}
            </p>
            <ProposalActions proposal={proposal} canHire={canHire} />
          </Card>
        </li>
      ))}
    </PlainList>
  );
}
