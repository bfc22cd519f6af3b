import type { Tables } from '@promatch/shared';

export type Project = Tables<'projects'>;
export type ProjectStatus = 'draft' | 'open' | 'in_progress' | 'completed' | 'closed' | 'cancelled';
export type ProposalStatus = 'submitted' | 'shortlisted' | 'accepted' | 'declined' | 'withdrawn';

export interface Proposal {
  id: string;
  project_id: string;
  professional_id: string;
  cover_letter: string;
  proposed_rate: number | null;
  availability: string | null;
  status: ProposalStatus;
  created_at: string;
  updated_at: string;
}

export const PROJECT_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  open: 'Open for proposals',
  in_progress: 'In progress',
  completed: 'Completed',
  closed: 'Closed',
  cancelled: 'Closed',
};

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  submitted: 'Sent',
  shortlisted: 'Shortlisted',
  accepted: 'Hired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};
