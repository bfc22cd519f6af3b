import { useSession } from '@promatch/shared';
import { BusinessProjectsPanel, FavouritesPanel, ShortlistPanel } from './business-panels';
import { OverviewPanel, PanelGrid } from './overview-panel';
import {
  ActivityPanel,
  CompletenessPanel,
  MatchingProjectsPanel,
  ProposalsPanel,
} from './professional-panels';
import { AppointmentsPanel, UnreadMessagesPanel } from './shared-panels';

/** The signed-in home: a panel per question the user comes back with, by account type. */
export function OverviewTab() {
  const accountType = useSession((state) => state.accountType) ?? 'professional';
  if (accountType === 'business') {
    return (
      <PanelGrid>
        <OverviewPanel title="Your projects">
          <BusinessProjectsPanel />
        </OverviewPanel>
        <OverviewPanel title="Shortlisted professionals">
          <ShortlistPanel />
        </OverviewPanel>
        <OverviewPanel title="Upcoming appointments">
          <AppointmentsPanel as="business" />
        </OverviewPanel>
        <OverviewPanel title="Favourites">
          <FavouritesPanel />
        </OverviewPanel>
        <OverviewPanel title="Unread messages">
          <UnreadMessagesPanel />
        </OverviewPanel>
      </PanelGrid>
    );
  }
  return (
    <PanelGrid>
      <OverviewPanel title="Profile completeness">
        <CompletenessPanel />
      </OverviewPanel>
      <OverviewPanel title="Last 30 days">
        <ActivityPanel />
      </OverviewPanel>
      <OverviewPanel title="Projects for you">
        <MatchingProjectsPanel />
      </OverviewPanel>
      <OverviewPanel title="Your proposals">
        <ProposalsPanel />
      </OverviewPanel>
      <OverviewPanel title="Upcoming appointments">
        <AppointmentsPanel as="professional" />
      </OverviewPanel>
      <OverviewPanel title="Unread messages">
        <UnreadMessagesPanel />
      </OverviewPanel>
    </PanelGrid>
  );
}
