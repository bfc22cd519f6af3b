import { Grid, Text, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatGbp } from '@promatch/shared/money';
import { formatGbpRange } from '../../../lib/format/format';
import { myProfileQueryOptions } from '../../../lib/my-profile/get-my-profile';
import { useMatchingProjects } from '../api/get-matching-projects';
import { useMyProposals } from '../api/get-my-proposals';
import { useProfileActivity } from '../api/get-profile-activity';
import { profileCompleteness } from '../utils/profile-completeness';
import { BigFigure, Muted, PanelLoading } from './overview-panel';

/** Percentage complete and the list of what is still missing, with a link to fix it. */
export function CompletenessPanel() {
  const userId = useSession((state) => state.user?.id) ?? '';
  const { data: profile } = useQuery({ ...myProfileQueryOptions(userId), throwOnError: true });
  if (profile === undefined) return <PanelLoading />;
  const { percent, missing } = profileCompleteness(profile);
  return (
    <>
      <BigFigure>{percent}%</BigFigure>
      <progress max={100} value={percent} aria-label="Profile completeness" />
      {missing.length === 0 ? (
        <Muted>Your profile is complete.</Muted>
      ) : (
        <>
          <Muted>Still missing:</Muted>
          <ul aria-label="Missing from your profile">
            {missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/dashboard?tab=settings">Edit your profile</Link>
      </p>
    </>
  );
}

export function ActivityPanel() {
  const { data } = useProfileActivity();
  if (data === undefined) return <PanelLoading />;
  return (
    <Grid as="dl" $columns="1fr 1fr">
      <div>
        <dt>Profile views</dt>
        <Text as="dd" $size="xl" $weight={700} $flush>
          {data.views}
        </Text>
      </div>
      <div>
        <dt>Search appearances</dt>
        <Text as="dd" $size="xl" $weight={700} $flush>
          {data.searchAppearances}
        </Text>
      </div>
    </Grid>
  );
}

export function MatchingProjectsPanel() {
  const { data } = useMatchingProjects();
  if (data === undefined) return <PanelLoading />;
  if (data.length === 0) {
    return <Muted>No open projects fit your categories and skills yet.</Muted>;
  }
  return (
    <ul>
      {data.map((project) => (
        <li key={project.id}>
          <strong>{project.title}</strong>
          <br />
          {formatGbpRange(project.budget_min, project.budget_max)} ·{' '}
          {project.remote ? 'Remote' : (project.location ?? 'On site')}
          {project.applied ? ' · You applied' : ''}
        </li>
      ))}
    </ul>
  );
}

const PROPOSAL_STATUS: Record<string, string> = {
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  accepted: 'Hired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export function ProposalsPanel() {
  const { data } = useMyProposals();
  if (data === undefined) return <PanelLoading />;
  if (data.length === 0) return <Muted>You have not sent any proposals yet.</Muted>;
  return (
    <ul>
      {data.map((proposal) => (
        <li key={proposal.id}>
          <strong>{proposal.project?.title ?? 'A project no longer listed'}</strong>
          <br />
          {PROPOSAL_STATUS[proposal.status] ?? proposal.status}
          {proposal.proposed_rate !== null ? ` · ${formatGbp(proposal.proposed_rate)}/hr` : ''}
        </li>
      ))}
    </ul>
  );
}
