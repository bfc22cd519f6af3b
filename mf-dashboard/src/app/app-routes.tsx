import { Route, Routes } from 'react-router-dom';
import { FavouritesPage } from '../features/favourites/components/favourites-page';
import { DashboardPage } from './dashboard-page';
import { MatchingPage } from '../features/ai-matching/components/matching-page';
import { AnalyticsDashboardPage } from '../features/analytics/components/analytics-page';
import { AutomationHubPage } from '../features/automation/components/automation-hub-page';
import { BusinessIntelligencePage } from '../features/business-intelligence/components/business-intelligence-page';
import { IntegrationsPage } from '../features/integrations/components/integrations-page';
import { SmartNotificationsPage } from '../features/notifications/components/smart-notifications-page';
import { TeamsPage } from '../features/teams/components/teams-page';
import { TestingPortalPage } from '../features/testing-portal/components/testing-portal-page';
import { PaymentsPage } from '../features/payments/components/payments-page';
import { ReceiptPage } from '../features/payments/components/receipt-page';
import { PlansPage } from '../features/plans/components/plans-page';
import { PostProjectPage } from '../features/projects/components/post-project-page';
import {
  ProjectDetailPage,
  type CompletedProjectSlotProps,
} from '../features/projects/components/project-detail-page';
import { ProjectReview } from '../features/reviews/components/project-review';
import { ProjectMatches } from '../features/ai-matching/components/project-matches';
import type { Project } from '../features/projects/api/types';
import { ProjectsPage } from '../features/projects/components/projects-page';

/** A completed project shows its review: written by the business, answered by the professional. */
const reviewSlot = ({
  projectId,
  professionalId,
  professionalName,
  viewer,
}: CompletedProjectSlotProps) => (
  <ProjectReview
    projectId={projectId}
    professionalId={professionalId}
    name={professionalName}
    as={viewer}
  />
);

/** A draft or open project shows its owner the ranked matches beside it. */
const matchesSlot = (project: Project) => <ProjectMatches project={project} />;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/favorites" element={<FavouritesPage />} />
      <Route path="/ai-matching" element={<MatchingPage />} />
      <Route path="/analytics-dashboard" element={<AnalyticsDashboardPage />} />
      <Route path="/teams" element={<TeamsPage />} />
      <Route path="/smart-notifications" element={<SmartNotificationsPage />} />
      <Route path="/post-project" element={<PostProjectPage />} />
      <Route path="/projects" element={<ProjectsPage />} />
      <Route
        path="/projects/:id"
        element={<ProjectDetailPage completedSlot={reviewSlot} matchesSlot={matchesSlot} />}
      />
      <Route path="/plan" element={<PlansPage />} />
      <Route path="/payments" element={<PaymentsPage />} />
      <Route path="/payments/receipts/:milestoneId" element={<ReceiptPage />} />
      <Route path="/business-intelligence" element={<BusinessIntelligencePage />} />
      <Route path="/integrations" element={<IntegrationsPage />} />
      <Route path="/automation-hub" element={<AutomationHubPage />} />
      <Route path="/testing-portal" element={<TestingPortalPage />} />
    </Routes>
  );
}
