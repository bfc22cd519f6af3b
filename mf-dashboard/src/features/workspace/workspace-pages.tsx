import { Page } from '@promatch/shared';

export const IntegrationsPage = () => (
  <Page heading="Integrations" lead="Connect ProMatch to the tools your team already uses." />
);
export const AutomationHubPage = () => (
  <Page heading="Automation Hub" lead="Automate follow-ups, reminders and reports." />
);
