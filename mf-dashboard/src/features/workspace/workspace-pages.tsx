import { Page } from '@promatch/shared';

export const TeamsPage = () => <Page heading="Teams" lead="Invite colleagues and hire together." />;
export const SmartNotificationsPage = () => (
  <Page heading="Smart Notifications" lead="Choose what ProMatch tells you about, and how." />
);
export const IntegrationsPage = () => (
  <Page heading="Integrations" lead="Connect ProMatch to the tools your team already uses." />
);
export const AutomationHubPage = () => (
  <Page heading="Automation Hub" lead="Automate follow-ups, reminders and reports." />
);
