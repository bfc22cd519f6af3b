import { Page } from '@promatch/shared';

export const AnalyticsDashboardPage = () => (
  <Page
    heading="Analytics Dashboard"
    lead="Your profile views, enquiries and bookings over time."
  />
);
export const TeamsPage = () => <Page heading="Teams" lead="Invite colleagues and hire together." />;
export const SmartNotificationsPage = () => (
  <Page heading="Smart Notifications" lead="Choose what ProMatch tells you about, and how." />
);
export const BusinessIntelligencePage = () => (
  <Page heading="Business Intelligence" lead="Spend, hiring and delivery across your projects." />
);
export const TestingPortalPage = () => (
  <Page
    heading="Testing Portal"
    lead="Check that every part of ProMatch is working for your account."
  />
);
