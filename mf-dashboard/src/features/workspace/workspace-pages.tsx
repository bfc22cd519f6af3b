import { Page } from '@promatch/shared';

export const AnalyticsDashboardPage = () => (
  <Page
    heading="Analytics Dashboard"
    lead="Your profile views, enquiries and bookings over time."
  />
);
export const BusinessIntelligencePage = () => (
  <Page heading="Business Intelligence" lead="Spend, hiring and delivery across your projects." />
);
export const IntegrationsPage = () => (
  <Page heading="Integrations" lead="Connect ProMatch to the tools your team already uses." />
);
export const AutomationHubPage = () => (
  <Page heading="Automation Hub" lead="Automate follow-ups, reminders and reports." />
);
export const TestingPortalPage = () => (
  <Page
    heading="Testing Portal"
    lead="Check that every part of ProMatch is working for your account."
  />
);
