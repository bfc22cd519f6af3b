import { Badge, Card, Page, Text, useSession } from '@promatch/shared';
import { BusinessVerificationBadge } from '@promatch/shared/business-verification';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useProject } from '../api/get-project';
import { PROPOSAL_STATUS_LABELS, type Project } from '../api/types';
import { formatRate } from '../utils/format-budget';
import { OwnerProposals } from './owner-proposals';
import { ProjectFacts } from './project-summary';
import { ProposalForm } from './proposal-form';

export interface CompletedProjectSlotProps {
  projectId: string;
  professionalId: string;
  professionalName: string;
  viewer: 'business' | 'professional';
}

/**
 * /projects/:id: the business manages proposals; a professional applies or follows theirs. Once
 * the project is completed, `completedSlot` (the review, wired in src/app) shows for the business
 * and the professional it hired. While a project is a draft or open, `matchesSlot` (the ranked
 * matches, wired in src/app) shows beside it for its owner.
 */
export function ProjectDetailPage({
  completedSlot,
  matchesSlot,
}: {
  completedSlot?: (props: CompletedProjectSlotProps) => ReactNode;
  matchesSlot?: (project: Project) => ReactNode;
}) {
  const { id = '' } = useParams();
  const userId = useSession((state) => state.user?.id);
  const accountType = useSession((state) => state.accountType);
  const project = useProject(id);
  if (project.isPending) {
    return (
      <Page heading="Project">
        <p role="status">Loading the project…</p>
      </Page>
    );
  }
  if (project.isError || !project.data) {
    return (
      <Page heading="Project not found">
        <p role={project.isError ? 'alert' : undefined}>
          {project.isError
            ? `The project could not be loaded: ${project.error.message}`
            : 'This project does not exist or is not open to you.'}
        </p>
        <Link to={accountType === 'business' ? '/post-project' : '/projects'}>
          Back to projects
        </Link>
      </Page>
    );
  }
  const p = project.data;
  const isOwner = p.owner_id === userId;
  const mine = p.proposals.find((proposal) => proposal.professional_id === userId);
  const hired = p.proposals.find((proposal) => proposal.status === 'accepted');
  const showCompleted =
    completedSlot &&
    p.status === 'completed' &&
    hired &&
    p.hired_professional_id === hired.professional_id &&
    (isOwner || hired.professional_id === userId);
  return (
    <Page heading={p.title}>
      <Card as="section" aria-label="About the project">
        <ProjectFacts project={p} />
        {isOwner ? null : (
          <p>
            Posted by <BusinessVerificationBadge businessId={p.owner_id} />
          </p>
        )}
        <Text $preLine>{p.description}</Text>
        {p.hired_professional_id && (isOwner || p.hired_professional_id === userId) ? (
          <p>
            <Link to="/payments">Milestones and payments for this hire</Link>
          </p>
        ) : null}
      </Card>
      {showCompleted
        ? completedSlot({
            projectId: p.id,
            professionalId: hired.professional_id,
            professionalName: hired.professional?.name ?? 'the professional',
            viewer: isOwner ? 'business' : 'professional',
          })
        : null}
      {isOwner ? (
        <section aria-labelledby="proposals">
          <h2 id="proposals">Proposals</h2>
          <OwnerProposals
            proposals={p.proposals}
            budgetType={p.budget_type}
            canHire={p.status === 'open'}
          />
          <Link to="/post-project">Back to your projects</Link>
        </section>
      ) : null}
      {isOwner && matchesSlot && (p.status === 'draft' || p.status === 'open')
        ? matchesSlot(p)
        : null}
      {isOwner ? null : mine ? (
        <section aria-labelledby="your-proposal">
          <h2 id="your-proposal">Your proposal</h2>
          <p>
            <Badge $tone={mine.status === 'accepted' ? 'success' : 'neutral'}>
              {PROPOSAL_STATUS_LABELS[mine.status]}
            </Badge>{' '}
            {formatRate(p.budget_type, mine.proposed_rate)}
          </p>
          <p>{mine.cover_letter}</p>
        </section>
      ) : p.status === 'open' && accountType === 'professional' ? (
        <section aria-labelledby="apply">
          <h2 id="apply">Send a proposal</h2>
          <ProposalForm projectId={p.id} budgetType={p.budget_type} />
        </section>
      ) : (
        <p>This project is not taking proposals.</p>
      )}
    </Page>
  );
}
