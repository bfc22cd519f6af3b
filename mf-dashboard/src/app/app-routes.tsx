import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../features/overview/dashboard-page';
import {
  AiMatchingPage,
  AnalyticsDashboardPage,
  AutomationHubPage,
  BusinessIntelligencePage,
  FavoritesPage,
  IntegrationsPage,
  PostProjectPage,
  SmartNotificationsPage,
  TeamsPage,
  TestingPortalPage,
} from '../features/workspace/workspace-pages';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/favorites" element={<FavoritesPage />} />
      <Route path="/ai-matching" element={<AiMatchingPage />} />
      <Route path="/analytics-dashboard" element={<AnalyticsDashboardPage />} />
      <Route path="/teams" element={<TeamsPage />} />
      <Route path="/smart-notifications" element={<SmartNotificationsPage />} />
      <Route path="/post-project" element={<PostProjectPage />} />
      <Route path="/business-intelligence" element={<BusinessIntelligencePage />} />
      <Route path="/integrations" element={<IntegrationsPage />} />
      <Route path="/automation-hub" element={<AutomationHubPage />} />
      <Route path="/testing-portal" element={<TestingPortalPage />} />
    </Routes>
  );
}
